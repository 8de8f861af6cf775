#!/usr/bin/env python3
"""Splits a JSON Lines corpus in two halves at random, with a fixed seed, before anyone runs Ozer on it.

Usage: split_corpus.py ALL.jsonl TUNE.jsonl FROZEN.jsonl [--seed 20261123]

The lines are shuffled with `random.Random(seed)`; the first half (rounded down) goes to TUNE and
the rest to FROZEN, each written in the original file order. Tune on TUNE; FROZEN's failures are
never looked at while tuning, only its totals. Standard library only; written for Ozer (issue 12).
"""
import random
import sys


def main(argv):
    seed = 20261123
    if "--seed" in argv:
        i = argv.index("--seed")
        seed = int(argv[i + 1])
        del argv[i : i + 2]
    src, tune, frozen = argv
    lines = [l for l in open(src, encoding="utf-8") if l.strip()]
    order = list(range(len(lines)))
    random.Random(seed).shuffle(order)
    first = set(order[: len(lines) // 2])
    with open(tune, "w", encoding="utf-8") as t, open(frozen, "w", encoding="utf-8") as f:
        for i, line in enumerate(lines):
            (t if i in first else f).write(line)
    print(f"{src}: {len(first)} to {tune}, {len(lines) - len(first)} to {frozen} (seed {seed})")


if __name__ == "__main__":
    main(sys.argv[1:])
