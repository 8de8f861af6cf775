#!/usr/bin/env python3
"""Checks a labelled understanding corpus (the format of UNDERSTAND.md) before anyone runs Ozer on it.

Usage: check_corpus.py CORPUS.jsonl [...]

Every line is a JSON object with a unique id, text, now, tz, lang (he|en), kind and a non-empty
expect list; every step names a resolver and action of UNDERSTAND.md's table and only known
slots; every `when`, `window.start`, `window.end` and `now` parses as ISO-8601 and carries the UTC
offset that zoneinfo gives its tz at that instant (DST included); a window ends after it starts.
Exits 1 with one line per problem. Standard library only; written for Ozer (issue 12).
"""
import json
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

ACTIONS = {
    "task": {"create", "list", "complete", "update", "delete"},
    "list": {"create", "add", "remove", "show", "delete"},
    "calendar": {"find", "create", "update", "delete"},
    "gmail": {"search", "read", "send", "draft"},
    "memory": {"store", "recall", "delete"},
    "meta": {"help"},
    "general": {"chat"},
}
SLOTS = {"resolver", "action", "when", "window", "recurrence", "list", "items", "title_has", "query_has", "except_has"}
RECURRENCES = {"daily", "weekdays", "weekly", "monthly", "yearly"}


def check_instant(value, tz, where, problems):
    try:
        d = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        problems.append(f"{where}: not ISO-8601: {value!r}")
        return None
    if d.tzinfo is None:
        problems.append(f"{where}: no offset: {value}")
        return None
    want = d.astimezone(ZoneInfo(tz)).utcoffset()
    if d.utcoffset() != want:
        problems.append(f"{where}: offset {d.utcoffset()} but {tz} has {want} then: {value}")
    return d


def check_step(step, tz, where, problems):
    res, act = step.get("resolver"), step.get("action")
    if act not in ACTIONS.get(res, set()):
        problems.append(f"{where}: unknown route {res}/{act}")
    for key in step.keys() - SLOTS:
        problems.append(f"{where}: unknown slot {key}")
    if "when" in step:
        check_instant(step["when"], tz, f"{where} when", problems)
    if "window" in step:
        w = step["window"]
        start = check_instant(w.get("start"), tz, f"{where} window.start", problems)
        end = check_instant(w.get("end"), tz, f"{where} window.end", problems)
        if start and end and end <= start:
            problems.append(f"{where}: window ends before it starts")
    if "recurrence" in step and step["recurrence"] not in RECURRENCES:
        problems.append(f"{where}: unknown recurrence {step['recurrence']}")
    for key in ("items", "title_has", "query_has", "except_has"):
        v = step.get(key)
        if v is not None and (not isinstance(v, list) or not v or not all(isinstance(s, str) and s for s in v)):
            problems.append(f"{where}: {key} must be a non-empty list of strings")


def check(path):
    problems, ids, n = [], set(), 0
    for lineno, line in enumerate(open(path, encoding="utf-8"), 1):
        where = f"{path}:{lineno}"
        try:
            case = json.loads(line)
        except json.JSONDecodeError as e:
            problems.append(f"{where}: invalid JSON: {e}")
            continue
        n += 1
        cid = case.get("id")
        if not cid or cid in ids:
            problems.append(f"{where}: missing or repeated id {cid!r}")
        ids.add(cid)
        for key in ("text", "now", "tz", "lang", "kind"):
            if not case.get(key):
                problems.append(f"{where}: missing {key}")
        if case.get("lang") not in ("he", "en"):
            problems.append(f"{where}: lang {case.get('lang')!r}")
        tz = case.get("tz") or "UTC"
        check_instant(case.get("now"), tz, f"{where} now", problems)
        steps = case.get("expect")
        if not isinstance(steps, list) or not steps:
            problems.append(f"{where}: empty expect")
            continue
        for j, step in enumerate(steps):
            check_step(step, tz, f"{where} step {j}", problems)
    return n, problems


def main(paths):
    bad = False
    for path in paths:
        n, problems = check(path)
        for p in problems:
            print(p)
        bad |= bool(problems)
        print(f"{path}: {n} lines, {len(problems)} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
