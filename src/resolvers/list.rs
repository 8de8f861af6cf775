//! The list resolver: named lists — create, add (several items at once), remove, check off,
//! show, rename, delete.
//!
//! List names match without the article or the word "list" ("רשימת הקניות" = "קניות").
//! Adding to a list that does not exist creates it and says so. Deleting a list or more than
//! one item asks first.

use super::actions::{self, Action};
use super::matching::{self, Found};
use super::{Ctx, ResolveError, StepResult};
use crate::plan::PlannedStep;
use crate::reply::{Msg, Said};
use crate::store::lists::{self, Item, List};
use crate::understand::{Action as Act, Lang, Resolver};
use sea_orm::{ConnectionTrait, DbErr};

/// Items shown in a reply; the rest are counted.
const SHOW_MAX: usize = 30;
/// Characters of one item shown in a reply (items are stored whole).
const ITEM_CHARS: usize = 80;

pub async fn run(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let lower = ctx.text.to_lowercase();
    if ["rename", "שנה את השם", "תשנה את השם", "לשנות את השם"].iter().any(|w| lower.contains(w))
    {
        return rename(ctx, step).await;
    }
    match step.action {
        Act::Create => create(ctx, step).await,
        Act::Add => add(ctx, step).await,
        Act::Remove if is_check_off(&lower) => check_off(ctx, step).await,
        Act::Remove => remove(ctx, step).await,
        Act::Delete => delete(ctx, step).await,
        Act::Update => rename(ctx, step).await,
        _ => show(ctx, step).await,
    }
}

/// "clear my shopping list", "תנקה את רשימת הקניות": every item goes, the list stays.
/// (whole words: "nuclear" says no "clear", "מנקה" no "נקה")
fn is_clear(lower: &str) -> bool {
    ["clear", "empty", "תנקה", "תנקי", "תרוקן", "לנקות"].iter().any(|w| matching::says(lower, w))
}

/// (whole words: "the supermarket list" says no "mark")
fn is_check_off(lower: &str) -> bool {
    ["check off", "cross off", "tick off", "mark", "סמן", "תסמן", "סימנתי", "קניתי", "לסמן"]
        .iter()
        .any(|w| matching::says(lower, w))
}

/// The name used for matching: lowercase, no "list" word, no Hebrew definite article.
pub fn normalize_name(name: &str) -> String {
    let words: Vec<String> = matching::tokens(name)
        .into_iter()
        .filter(|w| !matches!(w.as_str(), "list" | "lists" | "my" | "the" | "רשימת" | "רשימה" | "הרשימה" | "שלי"))
        .map(|w| {
            let mut chars = w.chars();
            // "הקניות" → "קניות": the article, when enough of a word is left to be one
            match chars.next() {
                Some('ה') if chars.clone().count() >= 3 => chars.collect(),
                _ => w,
            }
        })
        .collect();
    words.join(" ")
}

fn display_name(step: &PlannedStep) -> Option<String> {
    step.slots.list.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string)
}

/// The user's list whose normalized name is exactly `name`'s, among `all`.
fn exact_list<'l>(all: &'l [List], name: &str) -> Option<&'l List> {
    let norm = normalize_name(name);
    all.iter().find(|l| l.normalized_name == norm)
}

/// The user's list named `name`, exact first, then by words.
/// Whether the user keeps a list by this name.
pub async fn keeps(ctx: &Ctx<'_>, name: &str) -> Result<bool, ResolveError> {
    Ok(find_list(ctx, name).await?.is_some())
}

async fn find_list(ctx: &Ctx<'_>, name: &str) -> Result<Option<List>, ResolveError> {
    let all = lists::all(ctx.db, ctx.user.id).await?;
    if let Some(l) = exact_list(&all, name) {
        return Ok(Some(l.clone()));
    }
    Ok(match matching::find(name, &all, |l| l.name.as_str()) {
        Found::One(l) => Some(l),
        _ => None,
    })
}

/// "rename setlist to Camden setlist", said with no word "list": when a list has exactly that
/// name it is the list that is renamed (the rules read a rename without "list" as a task's).
pub async fn rename_exact(ctx: &Ctx<'_>, old: &str, new: &str) -> Result<Option<StepResult>, ResolveError> {
    if normalize_name(old).is_empty() {
        return Ok(None);
    }
    let all = lists::all(ctx.db, ctx.user.id).await?;
    match exact_list(&all, old) {
        Some(list) => renamed(ctx, list, new).await.map(Some),
        None => Ok(None),
    }
}

/// Gives `list` its new name and says so.
async fn renamed(ctx: &Ctx<'_>, list: &List, new_name: &str) -> Result<StepResult, ResolveError> {
    let renamed = lists::rename(ctx.db, list, new_name, &normalize_name(new_name)).await?;
    Ok(StepResult::say(Msg::new("list-renamed").arg("old", list.name.clone()).arg("list", renamed.name)))
}

/// The list the step names, or what to tell the user when there is none.
async fn named_list(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<Result<List, StepResult>, ResolveError> {
    let Some(name) = display_name(step) else {
        // "תמחקי אותו מהרשימה" with one list: that list
        let all = lists::all(ctx.db, ctx.user.id).await?;
        return Ok(match <[List; 1]>::try_from(all) {
            Ok([only]) => Ok(only),
            Err(_) => Err(StepResult::say(Msg::new("list-need-name"))),
        });
    };
    match find_list(ctx, &name).await? {
        Some(list) => Ok(Ok(list)),
        None => Ok(Err(not_found(ctx, &name).await?)),
    }
}

async fn not_found(ctx: &Ctx<'_>, name: &str) -> Result<StepResult, ResolveError> {
    let all = lists::all(ctx.db, ctx.user.id).await?;
    let msg = if all.is_empty() {
        Msg::new("list-not-found-none").arg("list", name)
    } else {
        let names: Vec<String> = all.iter().map(|l| l.name.clone()).collect();
        Msg::new("list-not-found").arg("list", name).arg("lists", names.join(", "))
    };
    Ok(StepResult::say(msg))
}

async fn create(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let Some(name) = display_name(step) else {
        return Ok(StepResult::say(Msg::new("list-need-name")));
    };
    if let Some(existing) = find_list(ctx, &name).await? {
        return Ok(StepResult::say(Msg::new("list-exists").arg("list", existing.name)));
    }
    let list = lists::create(ctx.db, ctx.user.id, &name, &normalize_name(&name), ctx.time.now.to_utc()).await?;
    if !step.slots.items.is_empty() {
        return add_to(ctx, &list, &step.slots.items, true).await;
    }
    // "open a list called X", then "add apples to it": the next turn's "it" is this list
    let data = serde_json::json!({ "list_id": list.id, "list": list.name });
    Ok(StepResult { data, ..StepResult::say(Msg::new("list-created").arg("list", list.name)) })
}

async fn add(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    // "תוסיף מגבות נייר ומפה לבנה": a "list" only glued to ל that the user has no list of is
    // the last item's own word ("לבנה", white)
    let mut step = step.clone();
    if let Some(name) = display_name(&step)
        && named_by_glue_only(ctx.text, &name)
        && find_list(ctx, &name).await?.is_none()
        && let Some(word) =
            ctx.text.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric())).next_back()
        && word.starts_with('ל')
        && word.ends_with(name.as_str())
        && word != name
        && let Some(last) = step.slots.items.last_mut()
    {
        *last = format!("{last} {word}");
        step.slots.list = None;
    }
    let step = &step;
    let Some(name) = display_name(step) else {
        return match glued_list(ctx, &step.slots.items).await? {
            Some((list, items)) => add_to(ctx, &list, &items, false).await,
            // "תוסיף גם קייטרינג ותפילין" with one list: that list
            None if !step.slots.items.is_empty() => match lists::all(ctx.db, ctx.user.id).await?.as_slice() {
                [only] => add_to(ctx, only, &step.slots.items, false).await,
                // "milk" from a user with no lists yet: groceries start the shopping list
                [] if step.slots.items.iter().all(|i| crate::understand::goods::names_things(i)) => {
                    let name = crate::reply::t(ctx.lang, "list-default-name");
                    let list = lists::create(ctx.db, ctx.user.id, &name, &normalize_name(&name), ctx.time.now.to_utc())
                        .await?;
                    add_to(ctx, &list, &step.slots.items, true).await
                }
                _ => actions::ask_which_list(ctx, step).await,
            },
            None => actions::ask_which_list(ctx, step).await,
        };
    };
    if step.slots.items.is_empty() {
        return Ok(StepResult::say(Msg::new("list-need-items").arg("list", name)));
    }
    let (list, created) = match find_list(ctx, &name).await? {
        Some(l) => (l, false),
        None if named_by_glue_only(ctx.text, &name) => return actions::ask_which_list(ctx, step).await,
        None => (lists::create(ctx.db, ctx.user.id, &name, &normalize_name(&name), ctx.time.now.to_utc()).await?, true),
    };
    add_to(ctx, &list, &step.slots.items, created).await
}

/// "תוסיף כדור לספורט": a name only glued to "ל", with no word "רשימה", may as well be part of
/// the item, so it is taken only for a list the user already has. ("ל-shopping list": the
/// English word names a list too.)
fn named_by_glue_only(text: &str, name: &str) -> bool {
    let list_word =
        text.contains("רשימ") || text.split(|c: char| !c.is_alphanumeric()).any(|w| w.eq_ignore_ascii_case("list"));
    !list_word
        && text.split_whitespace().any(|w| {
            let w = w.trim_start_matches('ו');
            w.starts_with('ל') && w.ends_with(name) && w != name
        })
}

/// "תוסיף חלב לקניות": with no word "list", the list's name is glued with "ל" to the last item.
/// Only a list the user already has is taken this way; otherwise Ozer asks which list.
async fn glued_list(ctx: &Ctx<'_>, items: &[String]) -> Result<Option<(List, Vec<String>)>, ResolveError> {
    let Some((last, rest)) = items.split_last() else { return Ok(None) };
    let Some((item, name)) = last.rsplit_once(' ') else { return Ok(None) };
    let Some(name) = name.strip_prefix('ל').map(|n| n.trim_start_matches('-')) else { return Ok(None) };
    let norm = normalize_name(name);
    let all = lists::all(ctx.db, ctx.user.id).await?;
    let Some(list) = all.into_iter().find(|l| !norm.is_empty() && l.normalized_name == norm) else { return Ok(None) };
    let mut items = rest.to_vec();
    items.push(item.trim().to_string());
    Ok(Some((list, items)))
}

async fn add_to(ctx: &Ctx<'_>, list: &List, items: &[String], created: bool) -> Result<StepResult, ResolveError> {
    let existing = lists::items(ctx.db, list.id).await?;
    let mut added: Vec<String> = Vec::new();
    for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        let dup = existing.iter().any(|e| !e.checked && e.text.to_lowercase() == item.to_lowercase());
        if !dup && !added.iter().any(|a| a.to_lowercase() == item.to_lowercase()) {
            lists::add_item(ctx.db, list.id, item, ctx.time.now.to_utc()).await?;
            added.push(item.to_string());
        }
    }
    if added.is_empty() {
        return Ok(StepResult::say(Msg::new("list-already-there").arg("list", list.name.clone())));
    }
    let shown = join_items(ctx.lang, &added);
    let id = if created { "list-created-added" } else { "list-added" };
    let msg = Msg::new(id).arg("items", shown.clone()).arg("list", list.name.clone());
    let clause_id = if created { "list-created-added-clause" } else { "list-added-clause" };
    let clause = Msg::new(clause_id).arg("items", shown).arg("list", list.name.clone());
    let data = serde_json::json!({ "list_id": list.id, "list": list.name, "items": added });
    Ok(StepResult { said: Said { msg, clause: Some(clause), buttons: Vec::new() }, data })
}

/// "milk, eggs and bread" / "חלב, ביצים ולחם" — items cut short for the reply.
pub fn join_items(lang: Lang, items: &[String]) -> String {
    let short: Vec<String> = items.iter().map(|i| actions::short(i, ITEM_CHARS)).collect();
    match short.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let and = match lang {
                // Hebrew "and" is a prefix; before a digit or Latin letter it takes a hyphen.
                Lang::He if last.chars().next().is_some_and(|c| ('\u{05D0}'..='\u{05EA}').contains(&c)) => {
                    " ו".to_string()
                }
                Lang::He => " ו-".to_string(),
                Lang::En => " and ".to_string(),
            };
            format!("{}{and}{last}", init.join(", "))
        }
    }
}

/// The list's items that `wanted` names, each resolved on its own.
fn matching_items(items: &[Item], wanted: &[String]) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::new();
    for w in wanted {
        let hit = match matching::find(w, items, |i| i.text.as_str()) {
            Found::One(i) => Some(i),
            Found::Several(many) => many.into_iter().find(|i| i.text.to_lowercase() == w.to_lowercase()),
            // ("cross off the pasta lena already bought some": the thing, then why)
            Found::None(_) => {
                let mut leading: Vec<&Item> =
                    items.iter().filter(|i| !i.checked && matching::opens_with(w, &i.text)).collect();
                leading.sort_by_key(|i| std::cmp::Reverse(matching::tokens(&i.text).len()));
                leading.first().map(|i| (*i).clone())
            }
        };
        if let Some(i) = hit.filter(|i| !out.iter().any(|o| o.id == i.id)) {
            out.push(i);
        }
    }
    out
}

async fn remove(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let list = match named_list(ctx, step).await? {
        Ok(list) => list,
        Err(said) => {
            // "cross off the glue sticks": the "list" is an item of one of the user's lists
            if let Some((list, hits)) = items_of_unknown_list(ctx, step).await? {
                return remove_hits(ctx, &list, hits).await;
            }
            // "scratch the tent" with no list named, or "…מהשוק" naming none of the user's
            // lists: the list the things are on, else the one reminder they name ("scratch
            // the honey cake" with no cake on any list)
            if !step.slots.items.is_empty() {
                let said_items = step.slots.items.join(", ");
                if let Some((list, hits)) = items_named(ctx.db, ctx.user.id, &said_items).await? {
                    return remove_hits(ctx, &list, hits).await;
                }
                if display_name(step).is_none()
                    && let Some(task) = super::task::the_open_task_named(ctx, &said_items).await?
                {
                    return super::task::delete_ids(ctx, &[task.id]).await;
                }
            }
            return Ok(said);
        }
    };
    let items = lists::items(ctx.db, list.id).await?;
    let clearing = step.slots.items.is_empty() && is_clear(&ctx.text.to_lowercase());
    if clearing {
        return match items.is_empty() {
            true => Ok(StepResult::say(Msg::new("list-empty").arg("list", list.name))),
            false => remove_hits(ctx, &list, items).await,
        };
    }
    let mut hits = matching_items(&items, &step.slots.items);
    // "יוסי ביטל, תוציא אותו", "Ava and Noor brought theirs back, take them off": "him"/"them"
    // are the things of this list the message names before the verb
    let pointing =
        !step.slots.items.is_empty() && step.slots.items.iter().all(|i| crate::understand::route::is_pronoun(i.trim()));
    // ("…, take them off": every thing named before "them", not only the first)
    let them = ctx.text.split(|c: char| !c.is_alphanumeric()).any(|w| matches!(w, "them" | "אותם" | "אותן"));
    if (hits.is_empty() && pointing) || (them && !hits.is_empty()) {
        let named = named_in(&items, ctx.text);
        if named.len() <= hits.len() {
            return finish_remove(ctx, step, &list, hits).await;
        }
        if (1..=NAMED_AT_ONCE).contains(&named.len()) {
            let ids: Vec<i64> = named.iter().map(|i| i.id).collect();
            return remove_ids(ctx, list.id, &ids).await;
        }
        hits = named;
    }
    finish_remove(ctx, step, &list, hits).await
}

/// What is left of a removal once the items are found: a reminder the words name instead, the
/// things named one by one at once, or a sweep confirmed first.
async fn finish_remove(
    ctx: &Ctx<'_>,
    step: &PlannedStep,
    list: &List,
    hits: Vec<Item>,
) -> Result<StepResult, ResolveError> {
    // the user's one list, not named, does not have it, but one reminder is named by it
    if hits.is_empty()
        && display_name(step).is_none()
        && let Some(task) = super::task::the_open_task_named(ctx, &step.slots.items.join(", ")).await?
    {
        return super::task::delete_ids(ctx, &[task.id]).await;
    }
    // "תוציאי את הטונה ואת הלחמניות": each thing named, each found once, goes at once
    if hits.len() > 1 && hits.len() == step.slots.items.len() && hits.len() <= NAMED_AT_ONCE {
        let ids: Vec<i64> = hits.iter().map(|i| i.id).collect();
        return remove_ids(ctx, list.id, &ids).await;
    }
    remove_hits(ctx, list, hits).await
}

/// The items whose whole text the message says as words of its own.
fn named_in(items: &[Item], text: &str) -> Vec<Item> {
    items.iter().filter(|i| !i.checked && matching::says(text, &i.text)).cloned().collect()
}

/// Items named one by one that are removed without asking first: more is a sweep.
const NAMED_AT_ONCE: usize = 5;

/// Removes the items found on `list`: one at once, several after a confirmation.
pub async fn remove_hits(ctx: &Ctx<'_>, list: &List, hits: Vec<Item>) -> Result<StepResult, ResolveError> {
    match hits.len() {
        0 => Ok(StepResult::say(Msg::new("list-item-not-found").arg("list", list.name.clone()))),
        1 => remove_ids(ctx, list.id, &[hits[0].id]).await,
        n => {
            let names: Vec<String> = hits.iter().map(|i| i.text.clone()).collect();
            let q = Msg::new("list-remove-confirm")
                .num("count", n as i64)
                .arg("items", join_items(ctx.lang, &names))
                .arg("list", list.name.clone());
            actions::ask_confirm(
                ctx,
                q,
                Action::RemoveItems { list_id: list.id, ids: hits.iter().map(|i| i.id).collect() },
            )
            .await
        }
    }
}

/// A removal whose "list" is no list of the user's but names items on one ("cross off the glue
/// sticks", "תמחק את החלב"), with the items the step carried as well.
async fn items_of_unknown_list(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<Option<(List, Vec<Item>)>, ResolveError> {
    let Some(name) = display_name(step) else { return Ok(None) };
    let said = std::iter::once(name).chain(step.slots.items.iter().cloned()).collect::<Vec<_>>().join(", ");
    Ok(items_named(ctx.db, ctx.user.id, &said).await?)
}

/// The unchecked items of one of the user's lists that `said` names: "the silicone", "ביצים
/// ולחם", "the charger, ill borrow my brother's". Its parts (split at commas, "and", a Hebrew
/// word's "ו") are each resolved on their own; the first part, what the message is about, must
/// name an item. The list where most parts name items wins.
pub async fn items_named(
    db: &impl ConnectionTrait,
    user_id: i64,
    said: &str,
) -> Result<Option<(List, Vec<Item>)>, DbErr> {
    let parts = parts_of(said);
    let Some(first) = parts.first() else { return Ok(None) };
    let mut best: Option<(List, Vec<Item>)> = None;
    for list in lists::all(db, user_id).await? {
        let open: Vec<Item> = lists::items(db, list.id).await?.into_iter().filter(|i| !i.checked).collect();
        if matching_items(&open, std::slice::from_ref(first)).is_empty() {
            continue;
        }
        let hits = matching_items(&open, &parts);
        if hits.len() > best.as_ref().map_or(0, |b| b.1.len()) {
            best = Some((list, hits));
        }
    }
    Ok(best)
}

/// "eggs, bread and the milk" → eggs / bread / the milk; "ביצים ולחם" → ביצים / לחם.
fn parts_of(said: &str) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    for chunk in said.split([',', ';', '+', '&', '\n']) {
        let mut current: Vec<&str> = Vec::new();
        for word in chunk.split_whitespace() {
            let glued_and = word.strip_prefix('ו').filter(|rest| rest.chars().count() >= 2);
            match (word, glued_and) {
                ("and" | "ו" | "or" | "או", _) => parts.push(std::mem::take(&mut current).join(" ")),
                (_, Some(rest)) if !current.is_empty() => {
                    parts.push(std::mem::take(&mut current).join(" "));
                    current.push(rest);
                }
                _ => current.push(word),
            }
        }
        parts.push(current.join(" "));
    }
    parts.retain(|p| !matching::tokens(p).is_empty());
    parts
}

pub async fn remove_ids(ctx: &Ctx<'_>, list_id: i64, ids: &[i64]) -> Result<StepResult, ResolveError> {
    let Some(list) = lists::get(ctx.db, ctx.user.id, list_id).await? else {
        return Ok(StepResult::say(Msg::new("list-gone")));
    };
    let items = lists::items(ctx.db, list.id).await?;
    let names: Vec<String> = items.iter().filter(|i| ids.contains(&i.id)).map(|i| i.text.clone()).collect();
    let bound: Vec<i64> = items.iter().filter(|i| ids.contains(&i.id)).map(|i| i.id).collect();
    lists::remove_items(ctx.db, &bound).await?;
    if names.is_empty() {
        return Ok(StepResult::say(Msg::new("list-item-not-found").arg("list", list.name)));
    }
    Ok(StepResult::say(Msg::new("list-removed").arg("items", join_items(ctx.lang, &names)).arg("list", list.name)))
}

async fn check_off(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let (list, hits) = match named_list(ctx, step).await? {
        Ok(list) => {
            let items = lists::items(ctx.db, list.id).await?;
            let hits = matching_items(&items, &step.slots.items);
            (list, hits)
        }
        Err(said) => match items_of_unknown_list(ctx, step).await? {
            Some(found) => found,
            None => return Ok(said),
        },
    };
    check_hits(ctx, &list, &hits).await
}

/// Checks off the items found on `list` ("bought", "crossed off": they stay, marked).
pub async fn check_hits(ctx: &Ctx<'_>, list: &List, hits: &[Item]) -> Result<StepResult, ResolveError> {
    if hits.is_empty() {
        return Ok(StepResult::say(Msg::new("list-item-not-found").arg("list", list.name.clone())));
    }
    for i in hits {
        lists::check_item(ctx.db, i, true).await?;
    }
    let names: Vec<String> = hits.iter().map(|i| i.text.clone()).collect();
    let msg = Msg::new("list-checked").arg("items", join_items(ctx.lang, &names)).arg("list", list.name.clone());
    Ok(StepResult::say(msg))
}

async fn show(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let list = match display_name(step) {
        Some(name) => match find_list(ctx, &name).await? {
            Some(list) => list,
            // "what's on my to do list" with no list of that name: the tasks
            None if crate::understand::is_to_do_name(&name) => {
                let tasks = PlannedStep { resolver: Resolver::Task, action: Act::List, ..step.clone() };
                return super::task::run(ctx, &tasks).await;
            }
            None => return not_found(ctx, &name).await,
        },
        // "מה נשאר ברשימה", "what's on the list": with one list, that one
        None if asks_for_lists(ctx.text) => return show_all(ctx).await,
        None => match the_only_list(ctx).await? {
            Some(only) => only,
            None => return show_all(ctx).await,
        },
    };
    let items = lists::items(ctx.db, list.id).await?;
    if items.is_empty() {
        return Ok(StepResult::say(Msg::new("list-empty").arg("list", list.name)));
    }
    let mut lines: Vec<String> = items
        .iter()
        .take(SHOW_MAX)
        .map(|i| format!("{} {}", if i.checked { "✓" } else { "•" }, actions::short(&i.text, ITEM_CHARS)))
        .collect();
    if items.len() > SHOW_MAX {
        lines.push(Msg::new("list-more").num("count", (items.len() - SHOW_MAX) as i64).render(ctx.lang));
    }
    let msg =
        Msg::new("list-show").arg("list", list.name).num("count", items.len() as i64).arg("lines", lines.join("\n"));
    Ok(StepResult::say(msg))
}

/// The user's list when they keep exactly one.
async fn the_only_list(ctx: &Ctx<'_>) -> Result<Option<List>, DbErr> {
    Ok(<[List; 1]>::try_from(lists::all(ctx.db, ctx.user.id).await?).ok().map(|[only]| only))
}

/// "what lists do I have", "אילו רשימות יש לי": the lists themselves, even when there is one.
fn asks_for_lists(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["lists", "רשימות"].iter().any(|w| lower.contains(w))
}

async fn show_all(ctx: &Ctx<'_>) -> Result<StepResult, ResolveError> {
    let all = lists::all(ctx.db, ctx.user.id).await?;
    if all.is_empty() {
        return Ok(StepResult::say(Msg::new("lists-none")));
    }
    let names: Vec<String> = all.iter().map(|l| format!("• {}", l.name)).collect();
    Ok(StepResult::say(Msg::new("lists-all").num("count", all.len() as i64).arg("lines", names.join("\n"))))
}

async fn delete(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let list = match named_list(ctx, step).await? {
        Ok(list) => list,
        Err(said) => return Ok(said),
    };
    if !step.slots.items.is_empty() {
        return remove(ctx, step).await;
    }
    let count = lists::items(ctx.db, list.id).await?.len();
    let q = Msg::new("list-delete-confirm").arg("list", list.name).num("count", count as i64);
    actions::ask_confirm(ctx, q, Action::DeleteList { id: list.id }).await
}

pub async fn delete_id(ctx: &Ctx<'_>, id: i64) -> Result<StepResult, ResolveError> {
    let Some(list) = lists::get(ctx.db, ctx.user.id, id).await? else {
        return Ok(StepResult::say(Msg::new("list-gone")));
    };
    lists::delete(ctx.db, list.id).await?;
    Ok(StepResult::say(Msg::new("list-deleted").arg("list", list.name)))
}

/// "rename the shopping list to groceries" / "שנה את השם של רשימת הקניות ל-סופר". In Hebrew
/// the new name may be glued to its "ל" ("רשימת הקניות לסופר"), so it arrives inside the list
/// slot: with no explicit "to"/"ל-" in the message, the slot's last word is read as "ל" + the new name.
async fn rename(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let Some(name) = display_name(step) else { return Ok(StepResult::say(Msg::new("list-need-name"))) };
    let explicit = new_name_in(ctx.text);
    // "רשימת המסמכים לתיק טקסטיל": the new name is glued to ל, and may be several words; the
    // old name is the words before it that name a list the user has
    // (a split whose old name is a list's very name wins over one that only resembles a list)
    let mut found = None;
    if explicit.is_none() {
        for (old, new) in glued_new_names(&name) {
            if let Some(list) = find_list(ctx, old).await? {
                let exact = normalize_name(&list.name) == normalize_name(old);
                if exact || found.is_none() {
                    found = Some((list, Some(new)));
                }
                if exact {
                    break;
                }
            }
        }
    }
    let (list, new_name) = match found {
        Some(f) => f,
        None => match find_list(ctx, &name).await? {
            Some(list) => (list, explicit),
            None => return not_found(ctx, &name).await,
        },
    };
    let Some(new_name) = new_name else {
        return Ok(StepResult::say(Msg::new("list-rename-need-name")));
    };
    renamed(ctx, &list, &new_name).await
}

/// The new name after " to ", " ל-" or " לשם " in the message.
fn new_name_in(text: &str) -> Option<String> {
    text.rsplit_once(" to ")
        .or_else(|| text.rsplit_once(" ל-"))
        .or_else(|| text.rsplit_once(" לשם "))
        .map(|(_, n)| n.trim().trim_end_matches(['.', '!', '?']).to_string())
        .filter(|n| !n.is_empty())
}

/// "הקניות לסופר" → ("הקניות", "סופר"); "המסמכים לתיק טקסטיל" → ("המסמכים", "תיק טקסטיל"),
/// then ("המסמכים לתיק", "טקסטיל"): every split at a word glued to ל, the longest new name first.
fn glued_new_names(slot: &str) -> Vec<(&str, String)> {
    let starts: Vec<usize> = slot.match_indices(' ').map(|(i, _)| i).collect();
    starts
        .into_iter()
        .filter_map(|i| {
            let (old, rest) = (slot[..i].trim(), slot[i + 1..].trim());
            let new = rest.strip_prefix('ל')?.trim_start_matches('-');
            (new.chars().count() >= 2 && !old.is_empty()).then(|| (old, new.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_off_and_clear_are_said_in_whole_words() {
        assert!(is_check_off("cross off the milk"));
        assert!(is_check_off("תסמן את החלב"));
        assert!(!is_check_off("remove milk from the supermarket list"));
        assert!(is_clear("clear my shopping list"));
        assert!(!is_clear("תוריד את המנקה"));
        assert!(!is_clear("remove the nuclear option"));
    }

    #[test]
    fn a_name_glued_to_l_is_only_a_list_without_a_list_word_in_either_language() {
        assert!(named_by_glue_only("תוסיף כדור לספורט", "ספורט"));
        assert!(!named_by_glue_only("תוסיף לרשימת ספורט כדור", "ספורט"));
        assert!(!named_by_glue_only("ותוסיף ל-shopping list חומוס", "shopping"));
    }

    #[test]
    fn a_new_name_glued_to_l_may_be_several_words() {
        assert_eq!(glued_new_names("הקניות לסופר"), vec![("הקניות", "סופר".to_string())]);
        assert_eq!(glued_new_names("המסמכים לתיק טקסטיל"), vec![("המסמכים", "תיק טקסטיל".to_string())]);
        assert_eq!(glued_new_names("ציוד לטיול לשטח")[0], ("ציוד", "טיול לשטח".to_string()));
    }

    #[test]
    fn list_names_match_without_article_or_list_word() {
        assert_eq!(normalize_name("רשימת הקניות"), normalize_name("קניות"));
        assert_eq!(normalize_name("the Shopping list"), normalize_name("shopping"));
    }

    #[test]
    fn what_a_report_names_splits_into_parts_at_commas_and_and() {
        assert_eq!(parts_of("the tape and the glue"), vec!["the tape", "the glue"]);
        assert_eq!(parts_of("ביצים ולחם"), vec!["ביצים", "לחם"]);
        assert_eq!(parts_of("charger, ill borrow my brothers"), vec!["charger", "ill borrow my brothers"]);
        // a lone "ו" word and stopwords alone make no part
        assert_eq!(parts_of("the, חלב ו גבינה"), vec!["חלב", "גבינה"]);
    }

    #[test]
    fn items_join_naturally_in_both_languages() {
        let items = vec!["חלב".to_string(), "ביצים".to_string(), "לחם".to_string()];
        assert_eq!(join_items(Lang::He, &items), "חלב, ביצים ולחם");
        let en = vec!["milk".to_string(), "eggs".to_string()];
        assert_eq!(join_items(Lang::En, &en), "milk and eggs");
    }

    #[test]
    fn a_500_character_item_is_trimmed_in_replies() {
        let long = vec!["x".repeat(500)];
        assert!(join_items(Lang::En, &long).chars().count() <= ITEM_CHARS);
    }
}
