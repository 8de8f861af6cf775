# second brain (notes)
memory-stored = Noted: “{ $text }”
memory-store-what = What should I remember?
memory-recall-one = You told me { $when }: “{ $text }”
memory-recall-many =
    Here's what I have about that:
    { $notes }
memory-line = • “{ $text }” ({ $when })
memory-nothing = I don't have anything about that in your notes.
memory-update-which =
    Which note should I update?
    { $options }
memory-updated = Updated: “{ $old }” → “{ $new }”
memory-gone = That note is no longer there.
memory-forget-confirm =
    Forget these { $count } notes?
    { $notes }
memory-forgot = Forgotten: “{ $text }”
memory-forgot-many = Forgot { $count } notes.
