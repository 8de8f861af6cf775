## Google: linking, errors, Calendar (src/google/)

google-link = To do that I need access to your Google account. Open this personal link (valid for 15 minutes, one use): { $url }
google-relink = Your Google connection stopped working (access was revoked or expired), so I need you to connect again. Open this personal link (valid for 15 minutes, one use): { $url }
google-unavailable = Google is not answering, try again in a minute. Nothing was changed.
google-connected = Google is connected. You can ask me about your calendar now.
google-not-linked = Google is not connected, so there was nothing to unlink.
google-unlinked = Done: Google is disconnected and I deleted the access I had.
google-working = On it.

google-page-start-title = Connect Ozer to Google
google-page-start-body =
    Ozer will ask Google for access to your calendar events (to list, add, move and delete them when you ask) and to your Gmail (to find and read messages you ask about, and to send emails only after you confirm).
    Ozer keeps the access key encrypted and uses it only when you ask for something. You can disconnect at any time by writing "unlink google".
google-page-start-button = Continue to Google
google-page-linked-title = Google is connected
google-page-linked-body = All set. You can close this page and go back to the chat.
google-page-denied-title = Nothing was connected
google-page-denied-body = You did not give access, so nothing changed. Ask me again in the chat whenever you want to connect.
google-page-invalid-title = This link cannot be used
google-page-invalid-body = This link has expired or was already used. Ask me again in the chat for a new link.
google-page-failed-title = Connecting did not work
google-page-failed-body = Something went wrong while connecting to Google, and nothing was saved. Ask me again in the chat for a new link.

calendar-untitled = (no title)
calendar-all-day = all day: { $title }
calendar-on-day = { $day } (all day)
calendar-range = { $from } to { $to }
calendar-next = Next: { $title }, { $when }.
calendar-nothing-ahead = I found nothing like that in your calendar in the coming weeks.
calendar-empty = Nothing in your calendar for { $when }.
calendar-list = { $count ->
    [one] One event { $when }:
   *[other] { $count } events { $when }:
  }
    { $events }
calendar-empty-reminders = { $count ->
    [one] Nothing in your calendar for { $when }. One reminder:
   *[other] Nothing in your calendar for { $when }. { $count } reminders:
  }
  { $lines }
calendar-and-reminders = { $count ->
    [one] And one reminder:
   *[other] And { $count } reminders:
  }
  { $lines }
calendar-need-time = When should it be? Tell me the day (and the time, unless it is all day).
calendar-created = Added to your calendar: { $title }, { $when }.
calendar-several = Several events fit; which one did you mean?
    { $events }
calendar-not-found = I did not find an event called "{ $title }" around then.
calendar-which-event = Which event? Tell me its name or its day.
calendar-moved = Moved { $title }: now { $when }.
calendar-moved-one = Moved this occurrence of { $title }: now { $when } (the rest of the series stays as it was).
calendar-deleted = { $count ->
    [one] Deleted from your calendar: { $titles }.
   *[other] Deleted { $count } events: { $titles }.
  }
calendar-nothing-to-delete = There is nothing to delete there.
calendar-confirm-delete = { $count ->
    [one] Delete this event?
   *[other] Delete these { $count } events?
  }
    { $events }
calendar-moved-series = Moved every occurrence of { $title }: from now on { $when }.
calendar-scope-question = "{ $title }" repeats. Move only this occurrence, or the whole series?
    { $options }
calendar-scope-one = Only this one
calendar-scope-series = The whole series
