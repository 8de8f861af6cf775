//! The reminder scheduler: sends each due reminder on the channel the user last used.
//! (Filled in with tasks and reminders.)
