# ג'ימייל: חיפוש, הקראה, שליחה וטיוטה. כל מזהה כאן קיים גם ב-locales/en.

gmail-none = לא מצאתי מיילים שמתאימים לזה.
gmail-latest =
    { $count ->
        [one] המייל שמצאתי:
       *[other] האחרון מתוך { $count } מיילים שמצאתי:
    }
    מאת: { $from }
    נושא: { $subject }
    התקבל: { $date }

    { $body }
    { $others }
gmail-need-body = מה לכתוב במייל? כתוב לי את כל הבקשה שוב, למשל "תשלח מייל לדנה שאני מאחר".
gmail-need-recipient = למי לשלוח את המייל? כתוב שם שמופיע במיילים שלך או כתובת.
gmail-unknown-recipient = לא מצאתי את "{ $name }" במיילים האחרונים שלך. כתוב לי את הכתובת, למשל "תשלח מייל ל-dana@example.com ש…".
gmail-which-recipient =
    לאיזה { $name } התכוונת?
    { $options }
gmail-confirm-send =
    לשלוח את המייל הזה?
    אל: { $to }
    נושא: { $subject }

    { $body }
gmail-sent = נשלח אל { $to }: "{ $subject }".
gmail-drafted = שמרתי טיוטה אל { $to }: "{ $subject }". היא בטיוטות של ג'ימייל, לא נשלחה.
gmail-not-linked = כדי להשתמש בג'ימייל צריך קודם לחבר את חשבון הגוגל שלך.
