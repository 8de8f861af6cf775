#!/usr/bin/env python3
"""Confidence calibration of `ozer understand` output against a labelled corpus.

Usage: calibration.py CORPUS.jsonl PREDICTIONS.jsonl [--threshold 0.6] [--by-kind]

A message's route is right when its (resolver, action) sequence equals the expected one; its
confidence is the lowest of its steps' confidences. Prints how many wrong routes have
confidence >= threshold (acted on without asking: the costly case) and how many right routes
fall below it (asked needlessly). With --by-kind, route accuracy per corpus "kind" field.
Standard library only; written for Ozer (issue 12).
"""
import json
import sys
from collections import defaultdict


def main(argv):
    thr = 0.6
    if "--threshold" in argv:
        thr = float(argv[argv.index("--threshold") + 1])
    args = [a for a in argv if not a.startswith("--") and a != str(thr)]
    corpus = [json.loads(l) for l in open(args[0], encoding="utf-8") if l.strip()]
    preds = [json.loads(l) for l in open(args[1], encoding="utf-8") if l.strip()]
    wrong_hi = right_lo = wrong = 0
    kinds = defaultdict(lambda: [0, 0])
    for case, p in zip(corpus, preds):
        got = p.get("steps") or []
        ok = [(s["resolver"], s["action"]) for s in case["expect"]] == [(s.get("resolver"), s.get("action")) for s in got]
        conf = min((s.get("confidence", 0.0) for s in got), default=0.0)
        k = kinds[case.get("kind", "-")]
        k[1] += 1
        k[0] += ok
        if not ok:
            wrong += 1
            wrong_hi += conf >= thr
        elif conf < thr:
            right_lo += 1
    n = len(corpus)
    if "--by-kind" in argv:
        for name, (ok, tot) in sorted(kinds.items()):
            print(f"{name:<16}{ok:>4}/{tot:<4}")
    print(
        f"wrong routes {wrong}/{n}; wrong with confidence >= {thr}: {wrong_hi} ({100.0 * wrong_hi / max(n, 1):.1f}% of messages); "
        f"right below {thr}: {right_lo}/{n - wrong}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
