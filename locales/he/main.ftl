# המשפטים של עוזר בעברית. כל מזהה כאן חייב להופיע גם ב-locales/en.

help =
    הנה מה שאני יודע לעשות:
    • משימות ותזכורות: "תזכיר לי מחר ב-8 להתקשר לרופא השיניים", "תזכיר לי כל יום ראשון בשבע בערב להוציא את הפח", "מה המשימות שלי להיום?", "סיימתי את הדוח", "תמחק את התזכורת לגבי הרופא"
    • רשימות: "תוסיף חלב וביצים לרשימת הקניות", "תראה לי את רשימת הקניות", "תוריד חלב מרשימת הקניות"
    • פתקים: "תזכור שהקוד של השער הוא 4512", "מה הקוד של השער?", "תשכח את מה ששמרתי על הקוד"
    • אזור הזמן שלך: "אזור הזמן שלי הוא ניו יורק"
    אפשר לבקש כמה דברים בהודעה אחת, בעברית או באנגלית. יומן וג'ימייל של Google יגיעו בקרוב.
greeting = היי! אני עוזר, העוזר האישי שלך. במה אפשר לעזור?
greeting-named = היי { $name }! אני עוזר, העוזר האישי שלך. במה אפשר לעזור?
thanks = בשמחה! 😊
not-understood = סליחה, לא הבנתי עד הסוף. אני יכול לעזור עם תזכורות, משימות, רשימות, פתקים ויומן — כתוב "עזרה" כדי לראות דוגמאות.
empty-message = אני כאן — מה תרצה שאעשה?
too-long = ההודעה ארוכה מדי בשבילי ({ $count } תווים). אפשר לשלוח אותה בחלקים של עד { $max } תווים.
internal-error = סליחה, משהו השתבש אצלי. אפשר לנסות שוב בעוד רגע.
google-not-configured = הבנתי: { $what } — אבל יומן Google ו-Gmail לא הוגדרו ב-Ozer הזה, אז את זה אני לא יכול לעשות כאן.
understood-when = { $summary } ({ $when })
resolver-calendar = בקשה לגבי היומן
resolver-gmail = בקשה לגבי המייל

# זמנים במילים של המשתמש
when-today = היום ב-{ $time }
when-tomorrow = מחר ב-{ $time }
when-weekday = ביום { $day } ב-{ $time }
when-date = ב-{ $date } ב-{ $time }
day-today = היום
day-tomorrow = מחר
day-0 = ראשון
day-1 = שני
day-2 = שלישי
day-3 = רביעי
day-4 = חמישי
day-5 = שישי
day-6 = שבת
rec-daily = כל יום ב-{ $time }
rec-weekdays = כל יום חול ב-{ $time }
rec-weekly = כל יום { $day } ב-{ $time }
rec-monthly = כל חודש ב-{ $dom } לחודש ב-{ $time }
rec-yearly = כל שנה ב-{ $date } ב-{ $time }

# channels
channel-text-only = סליחה, בינתיים אני יודע לקרוא רק טקסט. אפשר לכתוב לי את הבקשה בהודעה.
channel-not-allowed = סליחה, העוזר הזה פרטי ואני לא יכול לעזור כאן.
channel-rate-limited = אתה שולח הודעות מהר יותר ממה שאני מספיק לטפל. כדאי לחכות דקה ולנסות שוב.
timezone-set = אזור הזמן שלך הוא עכשיו { $tz } (השעה עכשיו { $time }). תזכורות חד-פעמיות נשארות באותו רגע; תזכורות חוזרות שומרות על שעת השעון באזור החדש.
timezone-unknown = אני לא מכיר את אזור הזמן "{ $name }". אפשר לכתוב עיר כמו "ניו יורק" או שם כמו "Europe/London".

# לשאול לאיזו קריאה התכוונו (conversation/clarify.rs)
clarify-which = לא בטוח שהבנתי: { $first }, או { $second }?
    { $options }
reading-reminder = תזכורת
reading-task-list = המשימות שלך
reading-task-done = לסמן משימה כבוצעה
reading-task = משימה
reading-event = אירוע ביומן
reading-calendar-find = היומן שלך
reading-calendar = היומן שלך
reading-list-add = להוסיף לרשימה
reading-list = רשימה
reading-email = המייל שלך
reading-memory-store = פתק לזכור
reading-memory = הפתקים שלך
reading-chat = סתם שיחה
outside-abilities = את זה אני לא יכול לבדוק — אין לי גישה לאינטרנט, למזג האוויר, לחדשות או לעובדות כלליות. מה שאני כן יכול: תזכורות ומשימות, רשימות, יומן, מייל ופתקים שתבקש שאזכור. כתוב "עזרה" לדוגמאות.

## repeat rules (reply/rule.rs)
list-and = { $init } ו{ $last }
nth-1 = הראשון
nth-2 = השני
nth-3 = השלישי
nth-4 = הרביעי
nth-last = האחרון
rec-days = { $n ->
    [1] כל יום
    [2] כל יומיים
   *[other] כל { $n } ימים
} ב-{ $time }
rec-weeks = { $n ->
    [1] כל יום { $days }
    [2] כל שבועיים ביום { $days }
   *[other] כל { $n } שבועות ביום { $days }
} ב-{ $time }
rec-month-nth = { $n ->
    [1] ביום { $day } { $nth } של כל חודש
    [2] ביום { $day } { $nth } של כל חודשיים
   *[other] ביום { $day } { $nth } של כל { $n } חודשים
} ב-{ $time }
rec-month-last = { $n ->
    [1] ביום האחרון של כל חודש
    [2] ביום האחרון של כל חודשיים
   *[other] ביום האחרון של כל { $n } חודשים
} ב-{ $time }
rec-other = חוזרת, הבאה { $when }
rec-until = { $rule }, עד { $date }
rec-count = { $rule }, { $n } פעמים
