# משימות ותזכורות
task-need-title = על מה להזכיר לך?
time-impossible = התאריך או השעה האלה לא קיימים — אפשר לכתוב שוב?
task-past-confirm = הזמן הזה כבר עבר. התכוונת ל{ $when }?
task-past = הזמן הזה כבר עבר — מתי להזכיר לך?
task-created = הוספתי למשימות: { $title }.
task-created-ask-when = הוספתי למשימות: { $title }. מתי להזכיר לך? (למשל "מחר ב-9")
task-created-clause = הוספתי למשימות את "{ $title }"
reminder-created = סגור — אזכיר לך { $when }: { $title }.
reminder-created-no-calendar = יומן Google לא מחובר כאן, אז קבעתי תזכורת במקום — אזכיר לך { $when }: { $title }.
reminder-created-clause = אזכיר לך { $when }: { $title }
task-list-all = { $count ->
    [one] יש לך משימה פתוחה אחת:
   *[other] יש לך { $count } משימות פתוחות:
  }
  { $lines }
task-list-window = { $count ->
    [one] משימה אחת ל{ $period }:
   *[other] { $count } משימות ל{ $period }:
  }
  { $lines }
task-list-overdue = { $count ->
    [one] משימה אחת באיחור:
   *[other] { $count } משימות באיחור:
  }
  { $lines }
task-list-empty = אין שם כלום — הכול פנוי! ✨
list-more = …ועוד { $count }
task-which =
    למה התכוונת?
    { $options }
task-not-found = לא מצאתי משימה לגבי "{ $query }".
task-done-noted = כל הכבוד! 👏 לא הייתה לי תזכורת על זה לסמן.
task-not-found-closest =
    לא מצאתי משימה לגבי "{ $query }". הכי קרובות:
    { $closest }
task-complete-all-confirm = לסמן את כל { $count } המשימות הפתוחות כבוצעו?
task-gone = המשימה הזאת כבר לא קיימת.
task-completed = כל הכבוד! סימנתי את "{ $title }" כבוצעה. ✅
task-completed-recurring = יופי! "{ $title }" בוצעה להפעם; התזכורת הבאה { $when }.
task-completed-many = בוצע — סימנתי { $count } משימות כגמורות. ✅
task-update-need-time = לאיזה זמן להעביר?
task-rescheduled = העברתי את "{ $title }": עכשיו { $when }.
task-renamed = שיניתי — עכשיו זה "{ $title }".
task-nothing-to-delete = אין מה למחוק.
task-delete-confirm = למחוק { $count } משימות? אי אפשר לבטל את זה.
task-deleted = מחקתי את "{ $title }".
task-deleted-many = מחקתי { $count } משימות.
button-yes = כן
button-no = לא
cancelled = בסדר, לא שיניתי כלום.
question-expired = השאלה הזאת כבר לא פתוחה, אז לא שיניתי כלום. אפשר לבקש שוב אם צריך.
reminder-push = ⏰ תזכורת: { $title }
reminder-push-late = ⏰ תזכורת (באיחור — הייתה אמורה { $when }): { $title }
outbox-sent-late = (נשלח באיחור: זה היה אמור להגיע { $when }, ולא הצלחתי להגיע אליך עד עכשיו.)
reply-combined = בוצע — { $clauses }.
reply-join = { $a }, ו{ $b }

## snooze (conversation/snooze.rs)
snooze-10m = 10 דק׳
snooze-1h = שעה
snooze-evening = הערב
snooze-morning = מחר בבוקר
snooze-done = ✅ בוצע
reminder-snoozed = בסדר, אזכיר לך שוב { $when }: { $title }
reminder-occurrence-done = בוצע ✓ { $title } — הפעם הבאה { $when }.
reminder-gone = התזכורת הזאת כבר לא פתוחה.

## morning briefing (scheduler/briefing.rs)
briefing-on = בסדר — כל בוקר ב-{ $time } אשלח לך סיכום של היום. כדי להפסיק, כתבו "תפסיק את הסיכום".
briefing-off = בסדר, לא אשלח יותר סיכום בוקר.
briefing-header = ☀️ בוקר טוב! זה היום שלך:
briefing-tasks = משימות:
briefing-more = …ועוד { $count }
briefing-empty = ☀️ בוקר טוב! אין שום דבר מתוכנן להיום.
