#!/usr/bin/env python3
# The layers' include rules, checked over the `#include` lines of engine/, widgets/ and app/: prints one
# line per arrow that runs the wrong way and exits 1 when there is any (docs/ARCHITECTURE.md, "Layers").
#   engine/numerics is the floor: nothing it includes, directly or through another engine header,
#     reaches engine/training, engine/speed or engine/cuda (the layers built on it);
#   engine includes no Qt, widgets/ or app/;
#   widgets/ includes nothing from app/;
#   app/pages, app/main_window* and the window's parts (app/window_*, chart_alone, page_area) include
#     nothing from app/cli (they reach presets and experiment files through app/services).
# Usage: scripts/include_graph.py [repository root]   (python3, no packages)
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
SOURCES = (".h", ".hpp", ".cpp", ".cu", ".cuh")
QUOTED = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
ANGLED = re.compile(r"^\s*#\s*include\s*<([^>]+)>")
ABOVE_NUMERICS = ("engine/training/", "engine/speed/", "engine/cuda/")
# The main window's files and its parts' (app/), held to the pages' rule on app/cli.
WINDOW = ("main_window", "window_", "chart_alone", "page_area")


def files():
    for top in ("engine", "widgets", "app"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            for n in sorted(names):
                if n.endswith(SOURCES):
                    yield os.path.relpath(os.path.join(dirpath, n), ROOT).replace(os.sep, "/")


def resolve(src, target):
    # As the compiler looks: beside the including file, then the include directories CMake gives
    # (the repository root for engine/ and widgets/, app/ for the app's libraries).
    for base in (os.path.dirname(src), "", "app"):
        p = os.path.normpath(os.path.join(base, target)).replace(os.sep, "/")
        if os.path.isfile(os.path.join(ROOT, p)):
            return p
    return None


def includes(path):
    quoted, angled = [], []
    with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
        for line in f:
            m = QUOTED.match(line)
            if m:
                quoted.append(m.group(1))
                continue
            m = ANGLED.match(line)
            if m:
                angled.append(m.group(1))
    return quoted, angled


def main():
    graph, qt = {}, {}
    for src in files():
        quoted, angled = includes(src)
        graph[src] = [(t, resolve(src, t)) for t in quoted]
        qt[src] = [t for t in angled if re.match(r"Q[A-Za-z]|qt", t)]

    def reaches_above(path, seen):
        # The first file above numerics that `path` leads to, or None.
        if path.startswith(ABOVE_NUMERICS):
            return path
        if path in seen or not path.startswith("engine/"):
            return None
        seen.add(path)
        for _, r in graph.get(path, []):
            if r:
                hit = reaches_above(r, seen)
                if hit:
                    return hit
        return None

    bad = []
    for src, edges in graph.items():
        for text, r in edges:
            arrow = f"{src} -> {r or text}"
            if src.startswith("engine/numerics/") and r:
                hit = reaches_above(r, set())
                if hit:
                    via = "" if hit == r else f" (reaches {hit})"
                    bad.append(f"{arrow}: engine/numerics includes a layer above it{via}")
            if src.startswith("engine/") and r and r.startswith(("widgets/", "app/")):
                bad.append(f"{arrow}: engine includes {r.split('/')[0]}/")
            if src.startswith("widgets/") and r and r.startswith("app/"):
                bad.append(f"{arrow}: widgets include app/")
            gui = src.startswith("app/pages/") or os.path.basename(src).startswith(WINDOW)
            if src.startswith("app/") and gui and r and r.startswith("app/cli/"):
                bad.append(f"{arrow}: pages and the main window reach app/cli (use app/services)")
        if src.startswith("engine/"):
            for t in qt[src]:
                bad.append(f"{src} -> <{t}>: engine includes Qt")
    for line in sorted(bad):
        print(line)
    if bad:
        print(f"include_graph: {len(bad)} arrow(s) against the layers", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
