## גוגל: חיבור, שגיאות, יומן (src/google/)

google-link = בשביל זה אני צריך גישה לחשבון הגוגל שלך. אפשר להתחבר בקישור האישי הזה (בתוקף ל-15 דקות, לשימוש אחד): { $url }
google-relink = החיבור לגוגל הפסיק לעבוד (הגישה בוטלה או פגה), אז צריך להתחבר מחדש. אפשר להתחבר בקישור האישי הזה (בתוקף ל-15 דקות, לשימוש אחד): { $url }
google-unavailable = גוגל לא עונה כרגע, נסו שוב בעוד דקה. שום דבר לא שונה.
google-connected = גוגל מחובר. אפשר לשאול אותי על היומן שלך.
google-not-linked = גוגל לא מחובר, אז לא היה מה לנתק.
google-unlinked = בוצע: גוגל נותק ומחקתי את הגישה שהייתה לי.
google-working = מטפל בזה.

google-page-start-title = חיבור עוזר לגוגל
google-page-start-body =
    עוזר יבקש מגוגל גישה לאירועים ביומן שלך (כדי להציג, להוסיף, להזיז ולמחוק אותם כשתבקש) ול-Gmail שלך (כדי למצוא ולקרוא הודעות שתשאל עליהן, ולשלוח מיילים רק אחרי שתאשר).
    עוזר שומר את מפתח הגישה מוצפן ומשתמש בו רק כשמבקשים ממנו משהו. אפשר להתנתק בכל רגע בהודעה "נתק את גוגל".
google-page-start-button = המשך לגוגל
google-page-linked-title = גוגל מחובר
google-page-linked-body = הכול מוכן. אפשר לסגור את הדף ולחזור לצ'אט.
google-page-denied-title = שום דבר לא חובר
google-page-denied-body = לא ניתנה גישה, אז שום דבר לא השתנה. אפשר לבקש ממני שוב בצ'אט מתי שתרצה להתחבר.
google-page-invalid-title = אי אפשר להשתמש בקישור הזה
google-page-invalid-body = הקישור פג או שכבר השתמשו בו. אפשר לבקש ממני קישור חדש בצ'אט.
google-page-failed-title = החיבור לא הצליח
google-page-failed-body = משהו השתבש בחיבור לגוגל, ושום דבר לא נשמר. אפשר לבקש ממני קישור חדש בצ'אט.

calendar-untitled = (ללא כותרת)
calendar-all-day = כל היום: { $title }
calendar-on-day = { $day } (כל היום)
calendar-range = { $from } עד { $to }
calendar-next = הבא בתור: { $title }, { $when }.
calendar-nothing-ahead = לא מצאתי ביומן משהו כזה בשבועות הקרובים.
calendar-empty = אין שום דבר ביומן ל{ $when }.
calendar-list = { $count ->
    [one] אירוע אחד ל{ $when }:
   *[other] { $count } אירועים ל{ $when }:
  }
    { $events }
calendar-empty-reminders = { $count ->
    [one] אין שום דבר ביומן ל{ $when }. תזכורת אחת:
   *[other] אין שום דבר ביומן ל{ $when }. { $count } תזכורות:
  }
  { $lines }
calendar-and-reminders = { $count ->
    [one] ותזכורת אחת:
   *[other] ועוד { $count } תזכורות:
  }
  { $lines }
calendar-need-time = מתי זה? אמרו לי את היום (ואת השעה, אם זה לא לכל היום).
calendar-created = הוספתי ליומן: { $title }, { $when }.
calendar-several = כמה אירועים מתאימים; לאיזה התכוונת?
    { $events }
calendar-not-found = לא מצאתי אירוע בשם "{ $title }" בזמן הזה.
calendar-which-event = איזה אירוע? אמרו לי את השם או את היום.
calendar-moved = הזזתי את { $title }: עכשיו { $when }.
calendar-moved-one = הזזתי את המופע הזה של { $title }: עכשיו { $when } (שאר הסדרה נשארת כמו שהיא).
calendar-deleted = { $count ->
    [one] מחקתי מהיומן: { $titles }.
   *[other] מחקתי { $count } אירועים: { $titles }.
  }
calendar-nothing-to-delete = אין שם מה למחוק.
calendar-confirm-delete = { $count ->
    [one] למחוק את האירוע הזה?
   *[other] למחוק את { $count } האירועים האלה?
  }
    { $events }
calendar-moved-series = הזזתי את כל המופעים של { $title }: מעכשיו { $when }.
calendar-scope-question = "{ $title }" חוזר על עצמו. להזיז רק את המופע הזה, או את כל הסדרה?
    { $options }
calendar-scope-one = רק את המופע הזה
calendar-scope-series = את כל הסדרה
