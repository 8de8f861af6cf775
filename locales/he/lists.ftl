# רשימות
list-need-name = איזו רשימה?
list-which =
    לאיזו רשימה להוסיף?
    { $options }
list-exists = כבר יש לך רשימה בשם { $list }.
list-created = יצרתי את הרשימה "{ $list }".
list-need-items = מה להוסיף ל{ $list }?
list-already-there = זה כבר נמצא ברשימת { $list }.
list-added = הוספתי { $items } לרשימת { $list }. 🛒
list-created-added = לא הייתה לך רשימת { $list }, אז יצרתי אחת והוספתי { $items }.
list-added-clause = הוספתי { $items } לרשימת { $list }
list-created-added-clause = יצרתי רשימת { $list } עם { $items }
list-not-found-none = אין לך רשימה בשם { $list } (עדיין אין לך רשימות).
list-not-found = אין לך רשימה בשם { $list }. הרשימות שלך: { $lists }.
list-item-not-found = לא מצאתי את זה ברשימת { $list }.
list-remove-confirm = להסיר { $count } פריטים ({ $items }) מרשימת { $list }?
list-gone = הרשימה הזאת כבר לא קיימת.
list-removed = הסרתי { $items } מרשימת { $list }.
list-checked = סימנתי { $items } ברשימת { $list }. ✓
list-empty = רשימת { $list } ריקה.
list-show =
    { $list } ({ $count }):
    { $lines }
lists-none = עדיין אין לך רשימות. אפשר לנסות "תוסיף חלב לרשימת הקניות".
lists-all =
    הרשימות שלך ({ $count }):
    { $lines }
list-delete-confirm = { $count ->
    [0] למחוק את הרשימה "{ $list }"?
    [one] למחוק את הרשימה "{ $list }" ואת הפריט שבה?
   *[other] למחוק את הרשימה "{ $list }" ואת { $count } הפריטים שבה?
  }
list-deleted = מחקתי את הרשימה "{ $list }".
list-rename-need-name = מה השם החדש?
list-renamed = שיניתי את השם של "{ $old }" ל"{ $list }".
list-default-name = קניות
