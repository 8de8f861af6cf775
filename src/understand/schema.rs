//! Resolver schemas: the single source of truth for what each resolver does and which words
//! trigger it. Adding an action or a phrasing means editing one entry here; the router
//! (route.rs), the slot filler (slots.rs) and the LLM planner's hints all read these tables.
//!
//! Pattern syntax (words separated by spaces, matched on normalized tokens):
//! - a Hebrew word matches with one-letter prefixes peeled ("ולרשימת" matches "לרשימת" and "רשימת");
//! - `word*` matches any word starting with `word`;
//! - a leading `^` anchors the pattern at the start of a step;
//! - a leading `=` marks an object word that stays in the title ("פגישה עם מיכל").
//!
//! An action's score is the sum of its matched patterns plus the best of its resolver's nouns,
//! so a verb ("תמחק", "cancel") and a noun ("הרשימה", "meeting") together pick both resolver and
//! action, and either alone still gives a hint.

use crate::understand::{Action, Resolver};

pub struct ActionSchema {
    pub action: Action,
    pub hint: &'static str,
    pub he: &'static [(&'static str, f32)],
    pub en: &'static [(&'static str, f32)],
}

pub struct ResolverSchema {
    pub resolver: Resolver,
    pub summary: &'static str,
    /// breaks ties between equal scores; higher wins
    pub priority: u8,
    /// words that name this resolver's objects (a reminder, a list, a meeting, an email)
    pub nouns: &'static [(&'static str, f32)],
    /// the action taken when only nouns matched
    pub default_action: Action,
    pub actions: &'static [ActionSchema],
    pub examples: &'static [&'static str],
}

#[rustfmt::skip]
pub static SCHEMAS: &[ResolverSchema] = &[
    ResolverSchema {
        resolver: Resolver::Task,
        summary: "Tasks and reminders: create (with when/recurrence), list, complete, postpone, delete.",
        priority: 6,
        nouns: &[
            ("תזכורת", 0.45), ("התזכורת", 0.45), ("תזכורות", 0.45), ("משימה", 0.45), ("משימות", 0.45),
            ("reminder", 0.45), ("reminders", 0.45), ("task", 0.45), ("tasks", 0.45), ("todo", 0.4), ("to-do", 0.4),
            ("טודו", 0.4), ("רימיינדר", 0.45), ("רמיינדר", 0.45),
        ],
        default_action: Action::Create,
        actions: &[
            ActionSchema {
                action: Action::Create,
                hint: "remind the user of something at a time, optionally repeating",
                he: &[
                    ("^תזכיר לי", 1.0), ("תזכיר לי", 0.9), ("תזכירי לי", 0.9), ("הזכר לי", 0.9), ("להזכיר לי", 0.9),
                    ("תזכיר", 0.6), ("תזכירי", 0.6), ("אל תשכח", 1.0), ("אל תשכחי", 1.0), ("תרשום לי", 0.5),
                    ("רשום לי", 0.5), ("תרשמי לי", 0.5), ("אל תתן לי לשכוח", 1.0), ("אל תתני לי לשכוח", 1.0), ("לי תזכורת", 0.6), ("תזכורת חדשה", 0.6), ("משימה חדשה", 0.6),
                    ("תוסיף משימה", 0.6), ("תרשום משימה", 0.6), ("תקבע תזכורת", 0.6), ("צריך לזכור", 0.5),
                    ("=תעיר אותי", 0.9), ("תזכר לי", 0.9), ("תזכר אותי", 0.9), ("תזכור אותי", 0.9), ("תזכרי אותי", 0.9), ("=מזכיר לי", 0.8), ("=מזכירה לי", 0.8), ("=תעירי אותי", 0.9), ("=להעיר אותי", 0.9), ("=תעיר אותנו", 0.9), ("=תעירי אותנו", 0.9), ("=תעיר את", 0.8), ("=תעירי את", 0.8),
                    ("תדאג שאזכור", 0.9), ("תדאגי שאזכור", 0.9), ("תדאג שלא אשכח", 1.0), ("תדאגי שלא אשכח", 1.0),
                    ("תעדכן אותי", 0.6), ("תעדכני אותי", 0.6), ("תזכירו לי", 0.9),
                    ("צריך תזכורת", 0.9), ("צריכה תזכורת", 0.9), ("רוצה תזכורת", 0.9), ("צריך שתזכיר", 0.9), ("צריכה שתזכיר", 0.9),
                    ("=שעון מעורר", 0.8), ("=תשים לי שעון", 0.9), ("=תשימי לי שעון", 0.9), ("=השכמה ב", 0.8),
                ],
                en: &[
                    ("^remind me", 1.0), ("remind me", 0.9), ("as a task", 0.9), ("as a reminder", 0.9), ("as a to-do", 0.9), ("remind", 0.6), ("set a reminder", 0.6), ("set up a reminder", 0.9), ("make a reminder", 0.9), ("need a reminder", 0.9), ("want a reminder", 0.9), 
                    ("don't let me forget", 1.0), ("dont let me forget", 1.0), ("don't forget to", 0.9),
                    ("new task", 0.6), ("add a task", 0.6), ("create a task", 0.6), ("add a reminder", 0.6),
                    ("=wake me up", 0.9), ("=wake me", 0.8), ("=wake us up", 0.9), ("=wake us", 0.8), ("i need to remember", 0.6), ("need to remember", 0.6),
                    ("i have to remember", 0.6), ("have to remember", 0.6), ("gotta remember", 0.6), ("remember to", 0.85), ("i need to remember to", 0.9), ("need to remember to", 0.9), ("i have to remember to", 0.9), ("have to remember to", 0.9), ("gotta remember to", 0.9), ("i gotta remember to", 0.9),
                    ("ping me", 0.8), ("nudge me", 0.8), ("buzz me", 0.8), ("make sure i", 0.8), ("make sure that i", 0.8),
                    ("give me a heads up", 0.7), ("text me", 0.6), ("alert me", 0.7),
                    ("^=alarm", 0.8), ("=set an alarm", 0.9), ("=set alarm", 0.9), ("=set my alarm", 0.9), ("=an alarm for", 0.9), ("=alarm for", 0.8),
                ],
            },
            ActionSchema {
                action: Action::List,
                hint: "show the user's open tasks and reminders",
                he: &[
                    ("מה המשימות", 0.9), ("המשימות שלי", 0.45), ("התזכורות שלי", 0.45), ("מה התזכורות", 0.9), ("מה התזכורת שלי", 0.9), ("מה התזכורת הבאה", 0.9),
                    ("מה יש לי לעשות", 0.9), ("אילו משימות", 0.8), ("איזה תזכורות", 0.8), ("אילו תזכורות", 0.8), ("איזה משימות", 0.8),
                    ("תראה לי את המשימות", 0.9), ("תראה לי את התזכורות", 0.9), ("רשימת המשימות", 0.9),
                    // (read aloud: tasks, not mail)
                    ("תקריא לי את המשימות", 1.0), ("תקריאי לי את המשימות", 1.0), ("תקריא לי את התזכורות", 1.0),
                    ("תקריאי לי את התזכורות", 1.0), ("תקריא לי מה יש לי לעשות", 1.0), ("תקריאי לי מה יש לי לעשות", 1.0),
                    ("תראי לי את המשימות", 0.9), ("תראי לי את התזכורות", 0.9), ("תציג את המשימות", 0.9), ("תציגי את המשימות", 0.9),
                    ("תציג את התזכורות", 0.9), ("תציגי את התזכורות", 0.9), ("הצג את המשימות", 0.9), ("הצג את התזכורות", 0.9),
                    ("באיחור", 0.6), ("מה פספסתי", 0.6), ("מה עוד נשאר", 0.8), ("מה עוד יש לי", 0.7), ("מה עוד צריך", 0.7), ("תזכורות פתוחות", 0.9), ("משימות פתוחות", 0.9), ("מה פתוח", 0.6), ("נשאר לי לעשות", 0.9), ("מה נשאר לי", 0.6), ("מה נשאר", 0.5), ("עוד פתוח", 0.7), ("פתוח לי", 0.7), ("פתוחים לי", 0.7), ("נשארו לי", 0.7), ("כמה משימות", 0.9), ("כמה תזכורות", 0.9), ("כמה דברים", 0.6), ("תראה לי", 0.4), ("תראי לי", 0.4), ("הצג", 0.4),
                ],
                en: &[
                    ("my reminders", 0.45), ("my tasks", 0.45), ("show my", 0.2), ("what are my", 0.3),
                    ("show my tasks", 0.9), ("show my reminders", 0.9), ("list my tasks", 0.9), ("list my reminders", 0.9),
                    ("see my tasks", 0.9), ("see my reminders", 0.9), ("check my tasks", 0.8), ("check my reminders", 0.8),
                    ("view my tasks", 0.9), ("view my reminders", 0.9),
                    ("my open tasks", 0.8), ("my to do list", 0.8), ("what else do i have", 0.9), ("what else do i need", 0.9),
                    ("what else is", 0.6), ("what did i ask you to remind me", 1.5), ("what did i ask you to remember", 0.5), ("open tasks", 0.8), ("open reminders", 0.8), ("pending tasks", 0.8),
                    ("pending reminders", 0.8),
                    ("list my", 0.3), ("what do i need to do", 0.9), ("what's on my to-do", 0.9), ("my to-do", 0.6),
                    ("my todo", 0.6), ("any reminders", 0.6), ("what reminders", 0.9), ("what tasks", 0.9),
                    ("which reminders", 0.9), ("which tasks", 0.9), ("what do i have to do", 1.0), ("what have i got to do", 1.0), ("got to do", 0.8), ("on my plate", 0.6), ("have to do", 0.8), ("what's left", 0.6), ("whats left", 0.6), ("overdue", 0.6), ("what's late", 0.5), ("need to do", 0.8), ("left to do", 0.8), ("still need to", 0.6),
                    ("still open", 0.7), ("got open", 0.9), ("have open", 0.7), ("what's open", 0.7), ("anything open", 0.7),
                    ("got left", 0.8), ("things left", 0.8), ("how many things", 0.7), ("how many tasks", 0.9), ("how many reminders", 0.9),
                    ("my to-dos", 0.9), ("my todos", 0.9), ("my to dos", 0.9), ("my task list", 0.9),
                ],
            },
            ActionSchema {
                action: Action::Complete,
                hint: "mark a task done",
                he: &[
                    ("^סיימתי", 1.0), ("סיימתי", 0.8), ("גמרתי", 0.8), ("בוצע", 0.7), ("כבוצע", 0.8),
                    ("כבוצעה", 0.8), ("עשיתי את", 0.6), ("נשלח", 0.5), ("נשלחה", 0.5), ("הוגש", 0.5), ("הוגשה", 0.5), ("כגמור", 0.8), ("כגמורה", 0.8), ("תסמן וי", 0.8), ("וי על", 0.6),
                    // "תסגור את התזכורת של החיסון": closing a reminder is doing it
                    ("תסגור את התזכורת", 0.9), ("תסגרי את התזכורת", 0.9),
                    ("שולם", 0.6), ("שולמה", 0.6), ("טופל", 0.6), ("טופלה", 0.6), ("סגרתי את", 0.6), ("תסגור את המשימה", 0.9), ("תסגרי את המשימה", 0.9), ("תסמן", 0.4), ("תסמני", 0.4), ("הושלם", 0.7), ("הושלמה", 0.7), ("הושלמו", 0.7), ("בוצעה", 0.7),
                ],
                en: &[
                    ("close the reminder", 0.9),
                    ("as done", 0.8), ("as complete", 0.8), ("as completed", 0.8), ("mark", 0.5),
                    ("i finished", 0.9), ("finished", 0.5), ("i'm done with", 0.9), ("done with", 0.6),
                    ("i completed", 0.9), ("close that task", 0.9), ("close the task", 0.9), ("close this task", 0.9), ("check off", 0.5), ("i did", 0.4), ("done w", 0.7), ("is done", 0.6),
                    ("got done", 0.6), ("taken care of", 0.7), ("is paid", 0.6), ("was paid", 0.6), ("are done", 0.6),
                    ("is finished", 0.6), ("is submitted", 0.6), ("was submitted", 0.6), ("got submitted", 0.6),
                    ("is sent", 0.6), ("was sent", 0.6), ("got sent", 0.6),
                    // "council tax sorted", "the boiler thing is handled"
                    ("sorted", 0.55), ("is sorted", 0.6), ("is handled", 0.6), ("all sorted", 0.6),
                ],
            },
            ActionSchema {
                action: Action::Update,
                hint: "change a task's time or text",
                he: &[
                    ("תדחה", 0.5), ("דחה", 0.5), ("לדחות", 0.5), ("תזיז", 0.3), ("תשנה", 0.3), ("תעביר", 0.3), ("תדחי", 0.5),
                    ("תזיזי", 0.3), ("תשני", 0.3), ("תעבירי", 0.3), ("שנה את השם", 0.6), ("תשנה את השם", 0.6),
                    ("תעשה את זה", 0.5), ("תעשי את זה", 0.5), ("תעשו את זה", 0.5), ("תקבע את זה", 0.5), ("תקבעי את זה", 0.5),
                    ("תעדכן", 0.3), ("תעדכני", 0.3), ("תעשה שזה יהיה", 0.6), ("תעשי שזה יהיה", 0.6),
                ],
                en: &[
                    ("postpone", 0.5), ("prepone", 0.5), ("snooze", 0.8), ("push", 0.3), ("move", 0.3), ("change", 0.3), ("update the", 0.3), ("update my", 0.3), ("update it", 0.4),
                    ("got moved", 0.6), ("was moved", 0.6), ("got pushed", 0.6), ("got postponed", 0.6), ("was postponed", 0.6),
                    ("got rescheduled", 0.6), ("was rescheduled", 0.6), ("has been moved", 0.6), ("been moved", 0.5),
                    ("reschedule", 0.3), ("delay", 0.5), ("rename", 0.6), ("make it", 0.5), ("make that", 0.5), ("instead", 0.4), ("change it to", 0.5),
                ],
            },
            ActionSchema {
                action: Action::Delete,
                hint: "delete a task or reminder",
                he: &[
                    ("תמחק", 0.6), ("מחק", 0.6), ("תמחקי", 0.6), ("תבטל", 0.6), ("בטל", 0.6), ("תסיר", 0.6),
                    ("תוריד", 0.45), ("תבטלי", 0.6), ("תסירי", 0.6), ("תורידי", 0.45), ("תנקה", 0.5), ("תנקי", 0.5),
                    ("תעיף", 0.5), ("תזרוק", 0.45), ("^עזוב את", 0.6), ("^עזבי את", 0.6), ("^תעזוב את", 0.6), ("^תעזבי את", 0.6),
                ],
                en: &[("delete", 0.6), ("remove", 0.6), ("cancel", 0.55), ("clear", 0.6), ("get rid of", 0.6), ("scrap", 0.5), ("forget", 0.5),
                    ("clean up", 0.6), ("clear out", 0.6), ("wipe", 0.5), ("nix", 0.5), ("ditch", 0.5), ("trash", 0.5), ("kill", 0.45),
                    ("drop the", 0.35), ("drop that", 0.5), ("drop it", 0.5), ("^bin the", 0.5), ("^bin my", 0.5), ("bin it", 0.5), ("bin that", 0.5)],
            },
        ],
        examples: &[
            "תזכיר לי מחר בתשע להתקשר לאינסטלטור", "remind me in 15 minutes to take the cake out",
        ],
    },
    ResolverSchema {
        resolver: Resolver::List,
        summary: "Named lists (shopping, gifts...): create, add items, remove items, show, delete.",
        priority: 5,
        nouns: &[
            ("רשימה", 0.5), ("רשימת", 0.5), ("הרשימה", 0.5), ("רשימות", 0.5), ("list", 0.5), ("lists", 0.5),
        ],
        default_action: Action::Show,
        actions: &[
            ActionSchema {
                action: Action::Add,
                hint: "add items to a named list",
                he: &[
                    ("תוסיף", 0.5), ("תוסיפי", 0.5), ("הוסף", 0.5), ("להוסיף", 0.4), ("תכניס", 0.4), ("תשים", 0.3),
                    ("תכניס אליה", 0.9), ("תכניסי אליה", 0.9), ("תוסיף אליה", 0.9), ("תוסיפי אליה", 0.9), ("תוסיף לה", 0.7),
                    ("תוסיפי לה", 0.7), ("תשים בה", 0.7), ("תשימי בה", 0.7),
                    ("לרשימת", 0.3), ("לרשימה", 0.3), ("תרשום", 0.4), ("תרשמי", 0.4), ("רשום", 0.4), ("תכניסי", 0.5),
                    ("שים", 0.4), ("שימי", 0.4), ("תשימי", 0.4), ("תזרוק", 0.3), ("תזרקי", 0.3),
                    ("נגמר לנו", 0.6), ("נגמרו לנו", 0.6), ("נגמרה לנו", 0.6), ("אין לנו", 0.4), ("נגמר לי", 0.5), ("נגמרו לי", 0.5),
                ],
                en: &[
                    ("add", 0.5), ("put", 0.5), ("throw", 0.4), ("throw in", 0.6), ("toss in", 0.6), ("chuck in", 0.6), ("stick in", 0.5), ("to my", 0.1), ("to the", 0.1), ("on my", 0.1), ("onto", 0.2),
                    ("toss", 0.4), ("stick", 0.4), ("chuck", 0.4), ("pop", 0.3), ("jot", 0.4),
                    ("we're out of", 0.6), ("we are out of", 0.6), ("were out of", 0.6), ("ran out of", 0.6), ("run out of", 0.5),
                    ("out of", 0.3),
                ],
            },
            ActionSchema {
                action: Action::Create,
                hint: "create a new named list",
                he: &[
                    ("רשימה חדשה", 0.8), ("תעשה רשימה", 0.8), ("תכין רשימה", 0.8), ("תפתח", 0.4), ("תיצור", 0.4), ("צור", 0.4), ("תצור", 0.4), ("בשם", 0.2),
                    ("תיצור רשימה", 0.9), ("תפתח רשימה", 0.9), ("תצור רשימה", 0.9), ("צור רשימה", 0.9), ("תפתחי רשימה", 0.9),
                    ("תעשה לי רשימה", 0.8), ("תעשי לי רשימה", 0.8), ("תכין לי רשימה", 0.8), ("תכיני לי רשימה", 0.8),
                    ("תפתח לי רשימה", 0.9), ("תפתחי לי רשימה", 0.9), ("תעשי רשימה", 0.8), ("תכיני רשימה", 0.8),
                ],
                en: &[
                    ("new list", 0.8), ("make a list", 0.8), ("create", 0.4), ("make", 0.3), ("start", 0.3), ("called", 0.2), ("named", 0.2),
                    ("make a new one", 0.6), ("create a new one", 0.7), ("start a new one", 0.6), ("new one called", 0.8),
                    ("create a list", 0.9), ("start a list", 0.9), ("create a new list", 0.9), ("start a new list", 0.9), ("open a list", 0.9),
                ],
            },
            ActionSchema {
                action: Action::Show,
                hint: "show a list's items",
                he: &[
                    ("תראה", 0.4), ("תראי", 0.4), ("הצג", 0.4), ("מה יש", 0.3), ("ברשימת", 0.3), ("ברשימה", 0.3),
                    ("מה ברשימת", 0.5), ("תקריא", 0.4), ("תקריאי", 0.4), ("מה נשאר", 0.3),
                    ("מה צריך לקנות", 0.9), ("מה אני צריך לקנות", 0.9), ("מה אני צריכה לקנות", 0.9), ("מה חסר לנו", 0.8),
                    ("מה צריך מהסופר", 0.9), ("מה לקנות בסופר", 0.9), ("מה רשום ברשימת", 0.9), ("מה כתוב ברשימת", 0.9),
                    ("מה רשום ברשימה", 0.9), ("מה כתוב ברשימה", 0.9), ("מה יש ברשימת", 0.8), ("מה יש ברשימה", 0.8),
                    // "…ותראה לי מה נשאר", "and show me what's on it": the list the message is about
                    ("תראה לי מה נשאר", 0.8), ("תראי לי מה נשאר", 0.8), ("מה יש בה", 0.7), ("מה נשאר בה", 0.8),
                    ("תראה לי מה עוד", 0.8), ("תראי לי מה עוד", 0.8), ("מה עוד יש שם", 0.8), ("מה עוד יש בה", 0.8),
                ],
                en: &[
                    ("show", 0.4), ("show me the", 0.5), ("what's on", 0.4), ("what is on", 0.4), ("what's in", 0.4), ("read", 0.2),
                    ("see", 0.2), ("what's left", 0.4), ("whats left", 0.4), ("what is left", 0.4),
                    ("show me what's on it", 1.0), ("show me what's left", 0.9), ("what else is on it", 0.9), ("what else is on there", 0.9), ("show me what else", 0.8), ("what's on it", 0.7), ("what's left on it", 0.9),
                    ("what do i need to buy", 0.9), ("what do we need to buy", 0.9), ("what do i need from the", 0.8),
                    ("what do we need from the", 0.8), ("what should i buy", 0.8), ("what are we out of", 0.8),
                ],
            },
            ActionSchema {
                action: Action::Remove,
                hint: "remove items from a list",
                he: &[
                    ("תוריד", 0.5), ("תורידי", 0.5), ("תסיר", 0.5), ("תמחק", 0.3), ("מרשימת", 0.3), ("מהרשימה", 0.3),
                    // "תשים וי על עגבניות ברשימת קניות": a tick crosses it off
                    ("תשים וי", 0.5), ("תשימי וי", 0.5),
                    ("סמן", 0.5), ("תסמן", 0.5), ("תנקה", 0.5), ("תרוקן", 0.5), ("נקה", 0.5), ("תסמני", 0.5), ("סימנתי", 0.5), ("תמחקי", 0.3), ("תסירי", 0.5),
                    ("קניתי", 0.3), ("תוציא", 0.5), ("תוציאי", 0.5), ("תשמיט", 0.5), ("תשמיטי", 0.5), ("תעיף", 0.5),
                    ("מחק", 0.3), ("מחקי", 0.3), ("הורד", 0.5), ("להוריד", 0.45), ("למחוק", 0.3), ("תמחקו", 0.3), ("תורידו", 0.5),
                    ("לא צריכ", 0.35), ("לא צריכה", 0.35), ("לא צריכימ", 0.35),
                ],
                en: &[
                    ("remove", 0.4), ("take", 0.3), ("off", 0.2), ("from", 0.15), ("cross", 0.4), ("delete", 0.2),
                    ("check off", 0.5), ("tick off", 0.5), ("clear", 0.5), ("empty", 0.5), ("scratch", 0.5), ("strike", 0.5),
                    ("cross out", 0.5), ("take off", 0.5), ("knock", 0.3), ("drop", 0.4), ("drop the", 0.5), ("take it off", 0.5), ("cross off", 0.5),
                    ("mark off", 0.5), ("don't need", 0.35), ("dont need", 0.35), ("no longer need", 0.4),
                    ("take them off", 0.5), ("take that off", 0.5), ("cross it off", 0.5), ("cross them off", 0.5),
                    ("tick them off", 0.5), ("check them off", 0.5), ("pull it off", 0.5), ("pull them off", 0.5),
                    // "chuck out the spittoons", "chuck the torch"
                    ("chuck out", 0.5), ("^chuck", 0.4), ("toss out", 0.5), ("throw out", 0.5),
                ],
            },
            ActionSchema {
                action: Action::Delete,
                hint: "delete a whole list",
                he: &[
                    ("תמחק את הרשימה", 0.6), ("תמחק את רשימת", 0.6), ("מחק את הרשימה", 0.6), ("תמחק", 0.2),
                    ("תמחקי את הרשימה", 0.6), ("תמחקי את רשימת", 0.6), ("תמחקי", 0.2),
                    ("למחוק את הרשימה", 0.6), ("למחוק את רשימת", 0.6), ("למחוק", 0.2), ("מחק", 0.2), ("מחקי", 0.2),
                    // "תמחק את כל רשימת הנהגים": all of a list is the list
                    ("תמחק את כל רשימת", 1.0), ("תמחקי את כל רשימת", 1.0), ("תמחק את כל הרשימה", 1.0),
                    ("תמחקי את כל הרשימה", 1.0), ("למחוק את כל הרשימה", 1.0), ("למחוק את כל רשימת", 1.0),
                    ("אפשר לזרוק", 0.5), ("אפשר למחוק", 0.5),
                ],
                en: &[
                    ("delete the", 0.25), ("delete my", 0.25), ("delete", 0.2), ("get rid of", 0.3), ("trash", 0.25),
                    // "got everything, delete that list": the list just talked about
                    ("delete that list", 1.0), ("delete this list", 1.0), ("delete the list", 0.8), ("remove that list", 1.0),
                    ("get rid of that list", 1.0), ("get rid of this list", 1.0),
                    ("^bin the", 0.25), ("^bin my", 0.25), ("^ditch the", 0.2), ("^scrap the", 0.2),
                ],
            },
            ActionSchema {
                action: Action::Update,
                hint: "rename a list",
                he: &[("שנה את השם", 0.7), ("תשנה את השם", 0.7), ("שנה את שם", 0.7), ("תשנה את שם", 0.7)],
                en: &[("rename", 0.7)],
            },
        ],
        examples: &[
            "תוסיף עגבניות ומלפפונים לרשימת הקניות", "add apples and oranges to the grocery list",
        ],
    },
    ResolverSchema {
        resolver: Resolver::Calendar,
        summary: "Google Calendar events: find (by window), create, move, cancel.",
        priority: 4,
        nouns: &[
            ("=פגישה", 0.45), ("=הפגישה", 0.45), ("=פגישת", 0.45), ("=פגישות", 0.45), ("=ישיבה", 0.45),
            ("=ישיבת", 0.45), ("=אירוע", 0.4), ("יומן", 0.5), ("ביומן", 0.5), ("ליומן", 0.5), ("=meeting", 0.45),
            ("=meetings", 0.45), ("=appointment", 0.45), ("=event", 0.4), ("calendar", 0.5), ("schedule", 0.3),
            ("=sync", 0.3), ("=review", 0.2), ("לו\"ז", 0.5), ("לוז", 0.5),
            ("=standup", 0.3), ("=interview", 0.3), ("=תור", 0.3), ("agenda", 0.4), ("לוח שנה", 0.5), ("=zoom", 0.4),
            ("=class", 0.3), ("=lesson", 0.3), ("=חוג", 0.3), ("=שיעור", 0.3), ("=offsite", 0.4),
            ("קלנדר", 0.5), ("calender", 0.5), ("=bbq", 0.3), ("=barbecue", 0.3), ("=party", 0.3), ("=מנגל", 0.3),
            ("=מסיבה", 0.3), ("=מסיבת", 0.3), ("=ארוחת", 0.35), ("=ארוחה", 0.35), ("=flight", 0.45), ("=טיסה", 0.45), ("=הטיסה", 0.45),
            // a meal, a coffee or a call *with* someone or *at* a place is an event, not a task
            ("=lunch with", 0.5), ("=dinner with", 0.5), ("=breakfast with", 0.5), ("=brunch with", 0.5),
            ("=coffee with", 0.5), ("=coffee w", 0.5), ("=drinks with", 0.5), ("=call with", 0.45), ("=dinner at", 0.5),
            ("=lunch at", 0.5), ("=drinks at", 0.5), ("=haircut", 0.45), ("=lunch", 0.3), ("=dinner", 0.3),
            ("=brunch", 0.35), ("=breakfast meeting", 0.5), ("=conference", 0.35), ("=physio", 0.3),
            ("=ארוחת צהריים", 0.45), ("=ארוחת ערב", 0.45), ("=ארוחת בוקר", 0.45), ("=הארוחת", 0.45),
            ("=ארוחה עם", 0.5), ("=צהריים עם", 0.5), ("=קפה עם", 0.5), ("=שיחה עם", 0.45), ("=אימון עם", 0.45),
            ("=אסיפת", 0.45), ("=ראיון", 0.3), ("=הראיון", 0.3), ("=סטנדאפ", 0.3), ("=הסטנדאפ", 0.3),
        ],
        default_action: Action::Create,
        actions: &[
            ActionSchema {
                action: Action::Find,
                hint: "list events in a window",
                he: &[
                    ("מה יש לי", 0.8), ("מה הפגישות", 0.6), ("הפגישות שלי", 0.5), ("מתי הפגישה", 0.6), ("מתי התור", 0.6), ("מתי הישיבה", 0.6),
                    ("אני פנוי", 0.8), ("אני פנויה", 0.8), ("מה מתוכנן", 0.7), ("לוח הזמנים", 0.5),
                    ("יש לי פגישות", 0.6), ("מה בלוז", 0.7), ("משהו ביומן", 0.8), ("משהו מתוכנן", 0.8), ("משהו קבוע", 0.6), ("מה התוכניות", 0.6), ("התוכניות שלי", 0.6),
                    ("איך נראה השבוע", 0.9), ("איך נראה היום", 0.9), ("איך נראה לי", 0.8), ("איך נראה מחר", 0.9),
                    ("תראה לי את היומן", 0.9), ("תראי לי את היומן", 0.9), ("מה ביומן", 0.8), ("מה יש ביומן", 0.9), ("מה יש לי ביומן", 0.9),
                ],
                en: &[
                    ("show me my calendar", 0.9), ("show my calendar", 0.9), ("show me my schedule", 0.9), ("show my schedule", 0.9),
                    ("pull up my calendar", 0.9), ("open my calendar", 0.8), ("check my calendar", 0.8),
                    ("what's on my", 0.4), ("what's on my calendar", 0.9), ("what is on my calendar", 0.9), ("whats on my calendar", 0.9),
                    ("what's in my calendar", 0.9), ("what's in my diary", 0.9), ("what's on my schedule", 0.9), ("what do i have", 0.8), ("what have i got", 0.8), ("what ive got", 0.8), ("what i've got", 0.8), ("what i got", 0.7), ("my meetings", 0.4),
                    ("am i free", 0.8), ("when is my", 0.5), ("any meetings", 0.5), ("do i have", 0.5),
                    ("my schedule", 0.5), ("my day", 0.4), ("my agenda", 0.5), ("look like", 0.5), ("anything on my", 0.6), ("anything in my", 0.6),
                    ("^anything on", 0.7), ("^anything booked", 0.8), ("anything booked for", 0.8), ("anything scheduled", 0.8),
                    ("anything planned", 0.8), ("anything on the calendar", 0.9), ("anything in the calendar", 0.9),
                    ("my week look", 0.9), ("my day look", 0.9), ("my week looking", 0.9), ("my day looking", 0.9), ("how's my week", 0.9),
                    ("how's my day", 0.8), ("how is my week", 0.9), ("how is my day", 0.8), ("how does my", 0.8), ("what does my", 0.8),
                ],
            },
            ActionSchema {
                action: Action::Create,
                hint: "create an event",
                he: &[
                    ("תקבע", 0.5), ("קבע", 0.5), ("תקבעי", 0.5), ("לקבוע", 0.4), ("תכניס", 0.5), ("תוסיף", 0.2),
                    ("תשריין", 0.6), ("תשרייני", 0.6), ("תשבץ", 0.5), ("תשבצי", 0.5),
                    ("=פגישה עם", 0.2), ("תרשום ביומן", 0.9), ("תרשמי ביומן", 0.9), ("תכניס ליומן", 0.9), ("תכניסי ליומן", 0.9),
                    ("תשים ביומן", 0.9), ("תשימי ביומן", 0.9), ("תוסיף ליומן", 0.9), ("תוסיפי ליומן", 0.9),
                    // "תרשום תור לבדיקת דם מחר בשמונה": an appointment written down is an event
                    ("תרשום תור", 0.8), ("תרשמי תור", 0.8), ("תכניס תור", 0.8), ("תכניסי תור", 0.8),
                ],
                en: &[
                    ("schedule", 0.5), ("book", 0.6), ("set up", 0.5), ("add", 0.15), ("put", 0.15),
                    ("put it on my calendar", 1.0), ("put it in my calendar", 1.0), ("add it to my calendar", 1.0),
                    ("put it in the calendar", 1.0), ("make in calendar", 0.9), ("make in my calendar", 0.9), ("make in the calendar", 0.9), ("add it to the calendar", 1.0), ("on my calendar", 0.6), ("in my calendar", 0.6),
                    ("=meeting with", 0.2), ("plan", 0.3),
                    // "…it's next Tuesday at 3:40, pop it in": put in the calendar, said loosely
                    ("pop it in", 0.8), ("stick it in", 0.8), ("pencil it in", 0.9), ("pencil in", 0.8), ("pop it on", 0.7),
                ],
            },
            ActionSchema {
                action: Action::Update,
                hint: "move or change an event",
                he: &[
                    ("תזיז", 0.5), ("תדחה", 0.35), ("תעביר", 0.5), ("תשנה", 0.4), ("להזיז", 0.5), ("תזיזי", 0.5),
                    ("תדחי", 0.35), ("תעבירי", 0.5), ("תשני", 0.4), ("במקום", 0.4), ("תקדים", 0.5), ("תקדימי", 0.5), ("תקדמי", 0.5), ("להקדים", 0.5), ("צריכה להיות", 0.3), ("צריך להיות", 0.3),
                    ("הזיז לי", 0.6), ("הזיזה לי", 0.6), ("הזיזו לי", 0.6), ("נדחתה", 0.6), ("נדחה", 0.5), ("הוזזה", 0.6), ("הוזז", 0.6),
                    ("הועברה", 0.5), ("הועבר", 0.5), ("הוקדמה", 0.6), ("הוקדם", 0.6), ("תעדכן", 0.3), ("תעדכני", 0.3),
                ],
                en: &[
                    ("move", 0.5), ("push", 0.5), ("reschedule", 0.7), ("postpone", 0.4), ("prepone", 0.4), ("change", 0.4),
                    ("shift", 0.5), ("bump", 0.5), ("instead", 0.4), ("needs to be at", 0.5), ("bring forward", 0.6), ("move up", 0.5),
                    ("moved my", 0.6), ("pushed my", 0.6), ("rescheduled my", 0.6), ("update the", 0.3), ("update my", 0.3),
                ],
            },
            ActionSchema {
                action: Action::Delete,
                hint: "cancel an event",
                he: &[
                    ("תבטל", 0.5), ("בטל", 0.5), ("תבטלי", 0.5), ("תמחק", 0.3), ("לבטל", 0.5), ("תמחקי", 0.3), ("תנקה", 0.3),
                    ("מהיומן", 0.6), ("מהלוח שנה", 0.6), ("תעיף", 0.3), ("מחק", 0.3), ("מהקלנדר", 0.6),
                ],
                en: &[("cancel", 0.5), ("delete", 0.3), ("call off", 0.6), ("remove", 0.2), ("clear", 0.3), ("scrap", 0.5),
                    ("off my calendar", 1.0), ("off the calendar", 1.0), ("from my calendar", 0.9), ("from the calendar", 0.9),
                    ("nix", 0.5), ("ditch", 0.5), ("kill", 0.4), ("out of the calendar", 1.0), ("out of my calendar", 1.0)],
            },
        ],
        examples: &[
            "מה יש לי ביומן מחר?", "book a call with the accountant on Wednesday at 2pm",
        ],
    },
    ResolverSchema {
        resolver: Resolver::Gmail,
        summary: "Gmail: search the inbox, read a message, send or draft an email.",
        priority: 3,
        nouns: &[
            ("מייל", 0.5), ("מיילים", 0.5), ("אימייל", 0.5), ("אימיילים", 0.5), ("דואר", 0.4), ("דוא\"ל", 0.5),
            ("email", 0.5), ("emails", 0.5), ("e-mail", 0.5), ("mail", 0.4), ("inbox", 0.5), ("gmail", 0.5),
            // things that arrive by email: with "find"/"תחפש" they are a search of the inbox
            ("=invoice", 0.3), ("=receipt", 0.3), ("=confirmation", 0.3), ("=חשבונית", 0.3), ("=קבלה", 0.3),
            ("=אישור", 0.3), ("=referral", 0.3), ("=results", 0.3),
        ],
        default_action: Action::Search,
        actions: &[
            ActionSchema {
                action: Action::Search,
                hint: "search the inbox",
                he: &[
                    ("תחפש", 0.4), ("חפש", 0.4), ("יש לי", 0.2), ("חדשים", 0.2), ("קיבלתי", 0.4), ("הגיע", 0.3),
                    ("הגיעו", 0.3), ("תחפשי", 0.4), ("תבדוק", 0.3), ("תבדקי", 0.3), ("שלח משהו", 0.6), ("שלחה משהו", 0.6),
                    ("ענה לי", 0.4), ("ענתה לי", 0.4), ("ענו לי", 0.4), ("חזרו אליי", 0.4), ("חזר אליי", 0.4),
                    ("חזרה אליי", 0.4), ("השיבו לי", 0.4), ("השיב לי", 0.4),
                    ("תחפש לי את המייל", 0.6), ("תחפשי לי את המייל", 0.6), ("תחפש את המייל", 0.6), ("תחפשי את המייל", 0.6),
                    ("תמצא לי את המייל", 0.6), ("תמצאי לי את המייל", 0.6), ("תמצא את המייל", 0.6), ("תמצאי את המייל", 0.6),
                    ("תחפש במייל", 0.7), ("תחפש לי במייל", 0.7), ("תחפשי במייל", 0.7), ("תחפשי לי במייל", 0.7),
                    ("תבדוק במייל", 0.6), ("תבדוק לי במייל", 0.6), ("תבדקי במייל", 0.6), ("תבדקי לי במייל", 0.6),
                ],
                en: &[
                    ("find", 0.3), ("search", 0.4), ("find the email", 0.6), ("find me the email", 0.6), ("find the mail", 0.6),
                    ("search for the email", 0.6), ("look up the email", 0.6), ("dig up the email", 0.6), ("any", 0.2), ("did i get", 0.5), ("did i receive", 0.6),
                    ("sent anything", 0.6), ("sent me anything", 0.6), ("reply to my", 0.5), ("replied to my", 0.5), ("answer my", 0.4), ("answered my", 0.5),
                    ("new", 0.1), ("unread", 0.3), ("check", 0.3), ("sent me", 0.6), ("send me anything", 0.9),
                    ("search my email", 0.7), ("search my inbox", 0.7), ("search my mail", 0.7), ("search my gmail", 0.7),
                    ("check my email", 0.6), ("check my inbox", 0.6), ("check my mail", 0.6), ("look in my email", 0.6),
                    ("look through my email", 0.6), ("go through my email", 0.6),
                    // "check if the bank replied", "did the school get back to me"
                    ("got back to me", 0.5), ("get back to me", 0.4), ("wrote back", 0.4), ("replied", 0.3),
                    ("answered", 0.3), ("responded", 0.3),
                    ("any emails from", 0.8), ("any email from", 0.8), ("do i have any emails", 0.9),
                ],
            },
            ActionSchema {
                action: Action::Read,
                hint: "read an email aloud or show it",
                he: &[("תקרא לי", 0.6), ("תקראי לי", 0.6), ("תקריא", 0.6), ("מה כתוב", 0.5), ("תפתח את", 0.3),
                    ("תפתח לי את המייל", 0.9), ("תפתח את המייל", 0.9), ("תפתחי לי את המייל", 0.9), ("תפתחי את המייל", 0.9),
                    ("מה כתב לי", 0.6), ("מה כתבה לי", 0.6), ("מה כתבו לי", 0.6)],
                en: &[("read", 0.5), ("open", 0.3), ("what does", 0.3), ("email say", 0.7), ("email said", 0.7), ("email says", 0.7), ("mail say", 0.7),
                    ("newest message from", 0.8), ("latest message from", 0.8)],
            },
            ActionSchema {
                action: Action::Send,
                hint: "send an email",
                he: &[
                    ("תשלח", 0.5), ("שלח", 0.5), ("תשלחי", 0.5), ("לשלוח", 0.4), ("תענה", 0.4), ("תכתוב", 0.3), ("תעני", 0.4), ("^תענה", 0.6), ("^תעני", 0.6),
                    ("תכתבי", 0.3), ("תודיע לכולם", 0.4), ("תודיעי לכולם", 0.4), ("תעדכן את כולם", 0.4), ("תעדכני את כולם", 0.4),
                    // "ותעדכן את הצוות במייל": with the mail noun after it, telling someone
                    ("תעדכן את", 0.3), ("תעדכני את", 0.3), ("תודיע", 0.3), ("תודיעי", 0.3),
                ],
                en: &[
                    ("send", 0.5), ("^email", 0.6), ("shoot an email", 0.9), ("drop an email", 0.9), ("reply", 0.4), ("write to", 0.3), ("^mail", 0.5), ("write", 0.3), ("^reply", 0.6),
                    ("tell everyone", 0.5), ("let everyone know", 0.5), ("tell them", 0.3), ("let them know", 0.3),
                ],
            },
            ActionSchema {
                action: Action::Draft,
                hint: "draft an email without sending",
                he: &[("טיוטה", 0.8), ("תנסח", 0.7), ("תנסחי", 0.7), ("טיוטת", 0.8), ("תכין טיוטה", 1.0), ("תכין טיוטת", 1.0), ("תכתוב טיוטה", 1.0), ("תכתוב טיוטת", 1.0), ("תעשה טיוטה", 0.9)],
                en: &[("draft", 0.8), ("compose", 0.5)],
            },
        ],
        examples: &[
            "תחפש לי מייל מחברת החשמל על החשבון", "email Mark that the contract is signed",
        ],
    },
    ResolverSchema {
        resolver: Resolver::Memory,
        summary: "Second brain: store facts the user tells, recall them, forget them.",
        priority: 2,
        // a stored fact is a "note": "תמחק את הפתק על החניה", "delete the note about the gate"
        nouns: &[("פתק", 0.45), ("פתקים", 0.45), ("note", 0.45), ("notes", 0.45)],
        default_action: Action::Recall,
        actions: &[
            ActionSchema {
                action: Action::Store,
                hint: "remember a fact for later",
                he: &[
                    ("תזכור", 0.8), ("תזכרי", 0.8), ("תזכר", 0.7), ("תרשום לך", 1.0), ("רשום לך", 1.0), ("תרשמי לך", 1.0),
                    ("תשמור", 0.5), ("תשמרי", 0.5), ("לידיעתך", 0.7), ("שים לב", 0.4), ("תרשום", 0.4),
                    ("תרשום לעצמך", 1.0), ("תרשמי לעצמך", 1.0), ("רשום לזכור", 1.0), ("תרשום לזכור", 1.0), ("תרשמי לזכור", 1.0), ("תזכור לעצמך", 1.0), ("תשמור לעצמך", 1.0),
                    ("הערה לעצמי", 1.0), ("פתק לעצמי", 1.0), ("שמור לי את", 0.8), ("תשמור לי את", 0.8), ("תשמרי לי את", 0.8),
                    ("שמרי לי את", 0.8),
                    // "תרשום שהמנעולן זה אבי", "ותרשמי שאין לנו יותר קמח": writing down a clause
                    // (ש and the article or a pronoun), not things for a list
                    ("תרשום שה*", 0.9), ("תרשמי שה*", 0.9), ("רשום שה*", 0.9), ("רשמי שה*", 0.9),
                    ("תכתוב שה*", 0.9), ("תכתבי שה*", 0.9), ("תרשום שאני", 0.9), ("תרשמי שאני", 0.9),
                    ("תרשום שיש", 0.9), ("תרשמי שיש", 0.9), ("תרשום שאין", 0.9), ("תרשמי שאין", 0.9),
                    ("תרשום שצריך", 0.9), ("תרשמי שצריך", 0.9), ("תרשום שאנחנו", 0.9), ("תרשמי שאנחנו", 0.9),
                ],
                en: &[
                    ("remember that", 1.0), ("^remember", 0.8), ("note that", 0.9), ("make a note", 0.8),
                    ("keep in mind", 0.9), ("for the record", 0.7), ("fyi", 0.5), ("save", 0.3), ("write down", 0.5),
                    ("save this", 0.8), ("save that", 0.8), ("^note", 0.9), ("note to self", 1.0), ("save my", 0.6),
                ],
            },
            ActionSchema {
                action: Action::Recall,
                hint: "answer from stored facts",
                he: &[
                    ("מה אמרתי לך", 1.0), ("מה אמרתי", 0.9), ("מה רשמתי", 0.8), ("אתה זוכר", 0.8), ("את זוכרת", 0.8),
                    ("מה סיפרתי", 0.9), ("תזכיר לי מה", 1.2), ("מה הייתה", 0.4), ("מה היה", 0.4),
                    ("מה שמרתי", 1.0), ("מה שמרת", 0.9), ("איך קוראים ל", 0.6),
                    // where something was put, or how the user once did something, asks a note back
                    ("איפה שמתי", 1.0), ("איפה אמרתי", 1.0), ("איפה השארתי", 0.9), ("איך עשיתי", 0.9), ("איך הכנתי", 0.9),
                    // "מה אני צריך לזכור על יוסי?": what was kept about someone, asked back
                    ("מה אני צריך לזכור", 1.3), ("מה אני צריכה לזכור", 1.3), ("מה צריך לזכור", 1.2),
                    ("מה אתה יודע על", 1.3), ("מה את יודעת על", 1.3), ("מה אתה זוכר על", 1.3), ("מה את זוכרת על", 1.3),
                ],
                en: &[
                    ("what did i say", 1.0), ("what did i tell you", 1.0), ("do you remember", 0.9),
                    ("remind me what", 1.2), ("what was the", 0.5), ("what was my", 0.5), ("did i mention", 0.8),
                    ("what did i save", 1.0), ("what did i note", 1.0), ("what did i write down", 1.0), ("what have i saved", 1.0),
                    ("did i write down", 1.0), ("did i tell you", 1.0), ("did i note", 1.0), ("did i save", 1.0),
                    ("what do i need to remember", 1.3), ("what should i remember", 1.3), ("what do you know about", 1.3),
                    ("what do you remember about", 1.3),
                    ("where did i say", 1.2), ("where did i put", 1.0), ("where did i leave", 1.0), ("how did i make", 0.9),
                    ("what's the name of", 0.7), ("what was the name of", 0.8), ("who was", 0.5), ("again", 0.3),
                ],
            },
            ActionSchema {
                action: Action::Update,
                hint: "replace a stored fact with its new value",
                // "the locker number is now 240", "הקוד של השער הוא עכשיו 4513"
                he: &[("הוא עכשיו", 0.9), ("היא עכשיו", 0.9), ("עכשיו הוא", 0.9), ("עכשיו היא", 0.9),
                    ("השתנה", 0.8), ("השתנתה", 0.8), ("תעדכן את הפתק", 1.0), ("תעדכני את הפתק", 1.0)],
                en: &[("is now", 0.9), ("are now", 0.9), ("changed to", 0.9), ("has changed", 0.7),
                    ("update the note", 1.0)],
            },
            ActionSchema {
                action: Action::Delete,
                hint: "forget a stored fact",
                // "תשכח את מה שאמרתי": the verb outweighs the recall phrase nested in its object
                he: &[("תשכח", 0.8), ("תשכחי", 0.8), ("תשכח את מה", 1.2), ("תשכחי את מה", 1.2), ("תשכח מה", 1.2), ("תשכחי מה", 1.2), ("תמחק מה", 0.9), ("מה שאתה זוכר", 0.5), ("תמחק", 0.3),
                    ("תמחק את מה", 1.0), ("תמחקי את מה", 1.0), ("תמחק מה שמרתי", 1.3), ("תמחקי מה שמרתי", 1.3),
                    ("תמחק את מה שמרתי", 1.3), ("תמחקי את מה שמרתי", 1.3)],
                en: &[("^forget", 0.8), ("forget that", 0.9), ("forget what", 1.2), ("delete", 0.3),
                    ("delete what i saved", 1.3), ("delete what i told you", 1.3), ("remove what i saved", 1.3), ("delete the note", 1.0)],
            },
        ],
        examples: &[
            "תרשום לך שהסיסמה של הוויי פיי היא tulip2024", "what did I say about the restaurant?",
        ],
    },
    ResolverSchema {
        resolver: Resolver::Meta,
        summary: "Help about Ozer itself: what it can do and how to use it.",
        priority: 1,
        nouns: &[],
        default_action: Action::Help,
        actions: &[ActionSchema {
            action: Action::Help,
            hint: "explain what Ozer can do",
            he: &[
                ("מה אתה יכול לעשות", 1.3), ("מה אתה יודע לעשות", 1.3), ("מה את יכולה לעשות", 1.3),
                ("מה את יודעת לעשות", 1.3), ("^עזרה", 1.0), ("איך אתה עובד", 1.0), ("איך משתמשים", 1.0),
                ("מה אפשר לבקש", 1.2), ("במה את יכולה לעזור", 1.3), ("איך את עובדת", 1.0), ("מה אפשר לעשות", 1.0), ("במה אתה יכול לעזור", 1.3), ("מי אתה", 0.8),
                ("איך אתה יכול לעזור", 1.3), ("איך את יכולה לעזור", 1.3),
                ("לחבר את הגוגל", 1.0), ("לחבר את היומן", 0.8),
                ("פקודות", 0.7), ("יכולות", 0.5),
                ("משתמש בך", 1.1), ("משתמשת בך", 1.1), ("להשתמש בך", 1.1), ("מה אתה עושה", 1.0), ("מה את עושה", 1.0),
                ("מה אתה בעצם", 1.0), ("מה את בעצם", 1.0), ("תסביר לי מה אתה", 1.1), ("תסבירי לי מה את", 1.1),
                ("תסביר לי איך", 1.2), ("תסבירי לי איך", 1.2), ("תסבירו לי איך", 1.2),
                ("במה אתה עוזר", 1.2), ("במה את עוזרת", 1.2), ("מה אתה יודע", 0.9), ("מה את יודעת", 0.9),
                // settings: "תחליף לי את אזור הזמן לפריז" (the conversation sets it before routing)
                ("אזור הזמן", 1.3), ("איזור הזמן", 1.3),
                ("אתה מדבר", 1.0), ("את מדברת", 1.0), ("אתה מבין", 0.9), ("את מבינה", 0.9),
            ],
            en: &[
                ("^help", 1.0), ("what can you do", 1.3), ("what can i ask", 1.3), ("what can you help", 1.3),
                ("how do you work", 1.0), ("how does this work", 1.0), ("how do i use", 1.0), ("who are you", 0.8),
                ("what are you", 0.7), ("commands", 0.7), ("how can you help", 1.3), ("what can u do", 1.3),
                ("connect my google", 1.0), ("link my google", 1.0), ("how do i connect", 1.0), ("how do i link", 1.0), ("can i ask you", 1.2), ("are you able to", 1.0),
                ("can you help me with", 1.2), ("able to do", 1.2), ("things you can do", 1.2), ("things u can do", 1.2),
                ("stuff you can", 1.2), ("stuff can you", 1.2), ("what do you do", 1.1), ("what do u do", 1.1), ("how do i use you", 1.2),
                ("what are you for", 1.2), ("what are you good for", 1.2), ("explain how", 1.1), ("explain to me how", 1.1),
                ("my timezone", 1.3), ("my time zone", 1.3),
                // "do you speak French?": what Ozer can do, asked of its languages
                ("do you speak", 1.2), ("can you speak", 1.2), ("do you understand", 1.0), ("can you understand", 1.0),
            ],
        }],
        examples: &["מה אתה יכול לעשות?", "help"],
    },
    ResolverSchema {
        resolver: Resolver::General,
        summary: "Small talk, greetings, thanks, and anything not understood.",
        priority: 0,
        nouns: &[],
        default_action: Action::Chat,
        actions: &[ActionSchema {
            action: Action::Chat,
            hint: "reply conversationally",
            he: &[
                ("שלום", 0.5), ("היי", 0.5), ("הי", 0.5), ("מה נשמע", 0.8), ("מה שלומך", 0.8), ("מה קורה", 0.6),
                ("מה העניינים", 0.8), ("בוקר טוב", 0.8), ("ערב טוב", 0.8), ("לילה טוב", 0.8), ("צהריים טובים", 0.8),
                ("תודה", 0.7), ("אחלה", 0.4), ("סבבה", 0.4), ("יופי", 0.4), ("מעולה", 0.4), ("אהלן", 0.5),
                ("ביי", 0.5), ("להתראות", 0.5), ("מה המצב", 0.8), ("מה איתך", 0.8), ("מה הולך", 0.6),
                ("אתה בוט", 0.8), ("אתה בן אדם", 0.8), ("אתה בכלל בן אדם", 0.9), ("את בת אדם", 0.8), ("אתה רובוט", 0.8), ("אתה ער", 0.8), ("את ערה", 0.8), ("אתה שם", 0.8), ("את שם", 0.8), ("לחוץ", 0.5), ("לחוצה", 0.5), ("עייף", 0.4), ("עייפה", 0.4), ("אוף", 0.3), ("משעמם", 0.4),
            ],
            en: &[
                ("hi", 0.5), ("hello", 0.5), ("hey", 0.5), ("good morning", 0.8), ("good evening", 0.8),
                ("good night", 0.8), ("good afternoon", 0.8), ("thanks", 0.7), ("thank you", 0.7),
                ("how are you", 0.8), ("what's up", 0.6), ("are you a bot", 0.8), ("are you human", 0.8), ("are you a robot", 0.8), ("are you a real person", 0.8), ("are you real", 0.8),
                ("stressed", 0.5), ("ugh", 0.3), ("tired", 0.4), ("bored", 0.4), ("lol", 0.4), ("how's it going", 0.8), ("you up", 0.8), ("still up", 0.8), ("you there", 0.8), ("are you awake", 0.8), ("bye", 0.5), ("cool", 0.3), ("great", 0.3), ("ok", 0.3),
                ("okay", 0.3),
            ],
        }],
        examples: &["היי, מה נשמע?", "good morning!"],
    },
];

/// The schema of one resolver.
pub fn schema(r: Resolver) -> &'static ResolverSchema {
    SCHEMAS.iter().find(|s| s.resolver == r).unwrap_or(&SCHEMAS[SCHEMAS.len() - 1])
}
