# The executor's own sentences: steps not done, and the watchdog.
step-blocked = I didn't do "{ $what }", because the step it depends on didn't work out.
steps-left-out = { $count ->
    [one] One more thing in your message was left out: I do at most 8 things per message. Send it again on its own?
   *[other] { $count } more things in your message were left out: I do at most 8 things per message. Send them again on their own?
}
turn-timed-out = This took too long, so I stopped here: whatever isn't confirmed above was not done. Please try it again in a moment.
resolver-list = a list request
resolver-task = a reminder
step-failed = I couldn't do "{ $what }": the service didn't answer. Nothing was changed there; please try again in a minute.
