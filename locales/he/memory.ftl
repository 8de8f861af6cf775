# מוח שני (פתקים)
memory-stored = רשמתי: „{ $text }”
memory-store-what = מה לזכור?
memory-recall-one = אמרת לי { $when }: „{ $text }”
memory-recall-many =
    זה מה שיש לי על זה:
    { $notes }
memory-line = • „{ $text }” ({ $when })
memory-nothing = אין לי שום דבר על זה בפתקים שלך.
memory-update-which =
    איזה פתק לעדכן?
    { $options }
memory-updated = עדכנתי: „{ $old }” ← „{ $new }”
memory-gone = הפתק הזה כבר לא קיים.
memory-forget-confirm =
    לשכוח את { $count } הפתקים האלה?
    { $notes }
memory-forgot = שכחתי: „{ $text }”
memory-forgot-many = שכחתי { $count } פתקים.
