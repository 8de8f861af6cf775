# tasks and reminders
task-need-title = What should I remind you about?
time-impossible = That date or time doesn't exist — could you say it again?
task-past-confirm = That time has already passed. Did you mean { $when }?
task-past = That time has already passed — when should I remind you?
task-created = Added to your tasks: { $title }.
task-created-ask-when = Added to your tasks: { $title }. When should I remind you? (for example "tomorrow at 9")
task-created-clause = added "{ $title }" to your tasks
reminder-created = Got it — I'll remind you { $when }: { $title }.
reminder-created-no-calendar = Google Calendar isn't connected here, so I set a reminder instead — I'll remind you { $when }: { $title }.
reminder-created-clause = I'll remind you { $when }: { $title }
task-list-all = { $count ->
    [one] You have one open task:
   *[other] You have { $count } open tasks:
  }
  { $lines }
task-list-window = { $count ->
    [one] One task for { $period }:
   *[other] { $count } tasks for { $period }:
  }
  { $lines }
task-list-overdue = { $count ->
    [one] One overdue task:
   *[other] { $count } overdue tasks:
  }
  { $lines }
task-list-empty = Nothing on your list there — you're all clear! ✨
list-more = …and { $count } more
task-which =
    Which one do you mean?
    { $options }
task-not-found = I couldn't find a task about "{ $query }".
task-done-noted = Well done! 👏 There was no reminder about it to tick off.
task-not-found-closest =
    I couldn't find a task about "{ $query }". The closest ones:
    { $closest }
task-complete-all-confirm = Mark all { $count } open tasks as done?
task-gone = That task is no longer there.
task-completed = Nice work! Marked "{ $title }" as done. ✅
task-completed-recurring = Nice! "{ $title }" is done for this time; next reminder { $when }.
task-completed-many = Done — marked { $count } tasks as complete. ✅
task-update-need-time = When should I move it to?
task-rescheduled = Moved "{ $title }": now { $when }.
task-renamed = Renamed — it's now "{ $title }".
task-nothing-to-delete = There's nothing to delete.
task-delete-confirm = Delete { $count } tasks? This can't be undone.
task-deleted = Deleted "{ $title }".
task-deleted-many = Deleted { $count } tasks.
button-yes = Yes
button-no = No
cancelled = OK, I didn't change anything.
question-expired = That question is no longer open, so I changed nothing. Ask again if you still want it.
reminder-push = ⏰ Reminder: { $title }
reminder-push-late = ⏰ Reminder (late — it was due { $when }): { $title }
outbox-sent-late = (Sent late: this was due { $when }; I could not reach you until now.)
reply-combined = Done — { $clauses }.
reply-join = { $a }, and { $b }

## snooze (conversation/snooze.rs)
snooze-10m = 10 min
snooze-1h = 1 hour
snooze-evening = This evening
snooze-morning = Tomorrow morning
snooze-done = ✅ Done
reminder-snoozed = OK, I'll remind you again { $when }: { $title }
reminder-occurrence-done = Done ✓ { $title } — next time { $when }.
reminder-gone = That reminder is no longer open.

## morning briefing (scheduler/briefing.rs)
briefing-on = OK — every morning at { $time } I'll send you a summary of your day. Say "stop the morning summary" to turn it off.
briefing-off = OK, no more morning summaries.
briefing-header = ☀️ Good morning! Here's your day:
briefing-tasks = To do:
briefing-more = …and { $count } more
briefing-empty = ☀️ Good morning! Nothing scheduled for today.
