# The LLM planner's sentences (src/plan/llm.rs, src/plan/review.rs).
llm-unclear = לא הצלחתי להבין את זה — אפשר לנסח אחרת?
clarify-when = מתי?
clarify-title = איך לקרוא לזה?
clarify-list = לאיזו רשימה?
clarify-items = מה להוסיף?
clarify-query = למה התכוונת?
draft-intro = זה מה שאני עומד לעשות:
    { $steps }
    להמשיך?
draft-line = { $n }. { $what }: { $detail }
button-run-it = קדימה
button-cancel = ביטול
