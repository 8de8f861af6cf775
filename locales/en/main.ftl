# Ozer's English sentences. Every id here must also exist in locales/he.

help =
    Here is what I can do:
    • Tasks and reminders: "remind me tomorrow at 8 to call the dentist", "remind me every Sunday at 19:00 to take out the trash", "what are my tasks for today?", "I finished the report", "delete the reminder about the dentist"
    • Lists: "add milk and eggs to my shopping list", "show my shopping list", "remove milk from my shopping list"
    • Notes: "remember that my locker number is 237", "what's my locker number?", "forget what I said about the locker"
    • Snooze a reminder from its buttons, or "snooze till 6"; "send me a summary every morning at 7"
    • Google Calendar and Gmail, once you link your Google account: "what's on my calendar tomorrow?", "clear Friday except the standup", "did Dana email me?", "email dana@example.com that I'm late"
    • Your timezone: "my timezone is New York"
    You can ask for several things in one message, in Hebrew or English.
greeting = Hi! I'm Ozer, your assistant. How can I help?
greeting-named = Hi { $name }! I'm Ozer, your assistant. How can I help?
thanks = You're welcome! 😊
not-understood = Sorry, I didn't quite get that. I can help with reminders, tasks, lists, notes and your calendar — try "help" to see examples.
empty-message = I'm here — what would you like me to do?
too-long = That message is too long for me ({ $count } characters). Please send it in parts of up to { $max } characters.
internal-error = Sorry, something went wrong on my side. Please try again in a moment.
google-not-configured = I understood: { $what } — but Google Calendar and Gmail are not set up on this Ozer, so that is something I can't do here.
understood-when = { $summary } ({ $when })
resolver-calendar = a calendar request
resolver-gmail = an email request

# times in the user's words
when-today = today at { $time }
when-tomorrow = tomorrow at { $time }
when-weekday = on { $day } at { $time }
when-date = on { $date } at { $time }
day-today = today
day-tomorrow = tomorrow
day-0 = Sunday
day-1 = Monday
day-2 = Tuesday
day-3 = Wednesday
day-4 = Thursday
day-5 = Friday
day-6 = Saturday
rec-daily = every day at { $time }
rec-weekdays = every weekday at { $time }
rec-weekly = every { $day } at { $time }
rec-monthly = every month on day { $dom } at { $time }
rec-yearly = every year on { $date } at { $time }

# channels
channel-text-only = Sorry, I can read text only for now. Please write your request as a message.
channel-not-allowed = Sorry, this assistant is private and I can't help you here.
channel-rate-limited = You're sending messages faster than I can handle. Please wait a minute and try again.
timezone-set = Your timezone is now { $tz } (now { $time }). One-time reminders keep their moment; repeating ones keep their clock time in the new zone.
timezone-unknown = I don't know the timezone "{ $name }". Try a city like "New York" or a name like "Europe/London".

# asking which reading was meant (conversation/clarify.rs)
clarify-which = I'm not sure what you meant: { $first }, or { $second }?
    { $options }
reading-reminder = a reminder
reading-task-list = your tasks
reading-task-done = marking a task done
reading-task = a task
reading-event = an event in your calendar
reading-calendar-find = your calendar
reading-calendar = your calendar
reading-list-add = adding to a list
reading-list = a list
reading-email = your email
reading-memory-store = a note to remember
reading-memory = your notes
reading-chat = just chatting
outside-abilities = I can't look that up — I have no access to the web, weather, news or general facts. What I can do: reminders and tasks, lists, your calendar, email, and notes you ask me to remember. Try "help" for examples.

## repeat rules (reply/rule.rs)
list-and = { $init } and { $last }
nth-1 = first
nth-2 = second
nth-3 = third
nth-4 = fourth
nth-last = last
rec-days = { $n ->
    [1] every day
   *[other] every { $n } days
} at { $time }
rec-weeks = { $n ->
    [1] every { $days }
    [2] every other week on { $days }
   *[other] every { $n } weeks on { $days }
} at { $time }
rec-month-nth = { $n ->
    [1] on the { $nth } { $day } of every month
   *[other] on the { $nth } { $day } of every { $n } months
} at { $time }
rec-month-last = { $n ->
    [1] on the last day of every month
   *[other] on the last day of every { $n } months
} at { $time }
rec-other = repeating, next { $when }
rec-until = { $rule }, until { $date }
rec-count = { $rule }, { $n } times
no-calendar-reminders = { $count ->
    [one] Google Calendar isn't connected here, so here is your one reminder for { $when }:
   *[other] Google Calendar isn't connected here, so here are your { $count } reminders for { $when }:
  }
  { $lines }
no-calendar-no-reminders = You have no reminders for { $when } (Google Calendar isn't connected here, so I can't see events).
wishes-back = Thank you, and the same to you! 😊
bye = Bye! I'm here whenever you need me. 👋
nod = 👍
talk-feelings = That sounds like a lot. 💙 Let me carry some of it: tell me what to remind you of or what to put on a list, and it's off your mind.
talk-hand = Happy to help! Tell me what to keep track of — for example "remind me tomorrow at 8 to call the florist", "add milk to my shopping list" or "remember that the gate code is 1234".
talk-story = Thank you for telling me. 💙 If any of it needs doing, tell me what to remind you of or what to put on a list, and I'll keep it for you.
