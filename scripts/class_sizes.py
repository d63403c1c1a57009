#!/usr/bin/env python3
# Classes that fit their files: every header of engine/, widgets/ and app/ that declares a class, counted
# with the sources of the same name beside it (X.h + X.cpp / X.cu), must stay within LIMIT lines; a class
# that needs more is two classes with names (docs/ARCHITECTURE.md, "Classes"). Prints each file pair over
# the limit and exits 1 when there is any.
# Usage: scripts/class_sizes.py [repository root]   (python3, no packages)
import os
import re
import sys

LIMIT = 520  # "about 500": a class's header and its sources, comments included
ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
CLASS = re.compile(r"^class\s+\w+\b[^;]*$", re.M)


def lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for _ in f)


over = []
for top in ("engine", "widgets", "app"):
    for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
        for n in sorted(names):
            if not n.endswith(".h"):
                continue
            header = os.path.join(dirpath, n)
            with open(header, encoding="utf-8", errors="replace") as f:
                if not CLASS.search(f.read()):
                    continue
            stem = header[:-2]
            pair = [header] + [stem + ext for ext in (".cpp", ".cu") if os.path.isfile(stem + ext)]
            total = sum(lines(p) for p in pair)
            if total > LIMIT:
                over.append((total, os.path.relpath(stem, ROOT)))
for total, stem in sorted(over, reverse=True):
    print(f"{stem}: {total} lines (the limit is {LIMIT}): two classes with names, not one")
sys.exit(1 if over else 0)
