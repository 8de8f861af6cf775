# The LLM planner's sentences (src/plan/llm.rs, src/plan/review.rs).
llm-unclear = I couldn't work that out — could you put it another way?
clarify-when = When should it be?
clarify-title = What should I call it?
clarify-list = Which list?
clarify-items = What should I add?
clarify-query = Which one do you mean?
draft-intro = Here's what I'll do:
    { $steps }
    Shall I go ahead?
draft-line = { $n }. { $what }: { $detail }
button-run-it = Run it
button-cancel = Cancel
