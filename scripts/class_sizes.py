#!/usr/bin/env python3
# Classes that fit: every class of engine/, widgets/ and app/, counted wherever its members are defined
# (its body, in a header or a .cpp, and every out-of-line `Class::member` definition in any source file),
# must stay within LIMIT lines of code; comments and blank lines do not count (the why-comments are
# wanted). A class that needs more is two classes with names (docs/ARCHITECTURE.md, "Classes"). And the
# numerics' functions fit on a screen: no function of engine/training or engine/numerics over
# FUNCTION_LIMIT lines of code. Prints each class and function over its limit, with where its lines are,
# and exits 1 when there is any.
# Usage: scripts/class_sizes.py [repository root] [--list N]   (python3, no packages; --list: the N largest)
#        scripts/class_sizes.py --self-test   (the counting checked on made-up classes; exit 0 when right)
import os
import re
import sys

LIMIT = 500  # "about 500" lines of code
FUNCTION_LIMIT = 80
FUNCTION_DIRS = ("engine/training", "engine/numerics")
ARGS = sys.argv[1:]
LIST = 0
if "--list" in ARGS:
    k = ARGS.index("--list")
    LIST = int(ARGS[k + 1])
    del ARGS[k:k + 2]
ROOT = os.path.abspath(ARGS[0] if ARGS else os.path.join(os.path.dirname(__file__), ".."))
SOURCES = (".h", ".cpp", ".cu", ".cuh")
CLASS = re.compile(r"\bclass\s+(?:\[\[[^\]]*\]\]\s*)?(\w+)\b")
QUALIFIED = re.compile(r"(?<![\w:])((?:\w+::)+)(~?\w+|operator\b)")
FUNCTION = re.compile(r"(?<![\w:])((?:\w+::)*)(~?\w+|operator\b)\s*\(")
NOT_FUNCTIONS = {"if", "for", "while", "switch", "return", "sizeof", "decltype", "alignof", "static_assert",
                 "catch", "namespace", "alignas", "noexcept", "requires"}
# After a parameter list, what may come before the body's "{": qualifiers, a trailing return type, a
# constructor's initialisers (with their own braces).
BODY_FOLLOWS = re.compile(r"\s*(?:const\b|noexcept\b|override\b|final\b|mutable\b|\s|->[^{;]*|:[^;{]*(?:\{[^{}]*\}[^;{]*)*)*\{")


def strip(text):
    """The source with comments, string and character literals blanked out (newlines kept), and a
    per-line flag: whether the line holds code."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * max(0, j - i - 2) + (c if j - i >= 2 else ""))
            i = j
        else:
            out.append(c)
            i += 1
    stripped = "".join(out)
    code = [bool(line.strip()) for line in stripped.split("\n")]
    return stripped, code


def line_of(text, pos):
    return text.count("\n", 0, pos)


def scan(path):
    """Classes declared at namespace level (name, first line, last line) and out-of-line member
    definitions (qualifier chain, first line, last line), from one file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        raw = f.read()
    text, code = strip(raw)
    classes, members = [], []
    stack = []  # per open brace: True where it opened a namespace (or extern "C") block
    i, n = 0, len(text)
    depth = 0  # braces open that are not namespaces
    while i < n:
        c = text[i]
        if c == "{":
            before = text[max(0, i - 200):i]
            stack.append(bool(re.search(r"(\bnamespace\b[\w:\s]*|\bextern\s+\"\s*\")\s*$", before)))
            depth += 0 if stack[-1] else 1
            i += 1
            continue
        if c == "}":
            if stack and not stack.pop():
                depth -= 1
            i += 1
            continue
        if depth == 0 and (c.isalpha() or c == "_") and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_:")):
            m = CLASS.match(text, i)
            if m:
                # A definition when "{" comes before ";" (not a forward declaration or friend).
                brace, semi = text.find("{", m.end()), text.find(";", m.end())
                if brace >= 0 and (semi < 0 or brace < semi):
                    end = match_brace(text, brace)
                    classes.append((m.group(1), line_of(text, i), line_of(text, end)))
                    i = end + 1
                    continue
            m = QUALIFIED.match(text, i)
            if m:
                after = text[m.end():m.end() + 400]
                paren = re.match(r"[^;{()]*\(", after)
                if paren:
                    # The definition's body: the first "{" after the parameter list, unless ";" comes first.
                    close = match_paren(text, m.end() + paren.end() - 1)
                    brace, semi = text.find("{", close), text.find(";", close)
                    if brace >= 0 and (semi < 0 or brace < semi):
                        start = statement_start(text, i)
                        end = match_brace(text, brace)
                        chain = [q for q in m.group(1).split("::") if q]
                        members.append((chain, line_of(text, start), line_of(text, end)))
                        i = end + 1
                        continue
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            i = j
            continue
        i += 1
    return classes, members, code


def matching(text, pos, opening, closing):
    """Where the bracket opened at pos closes (the text's end when it does not)."""
    depth = 0
    for j in range(pos, len(text)):
        if text[j] == opening:
            depth += 1
        elif text[j] == closing:
            depth -= 1
            if depth == 0:
                return j
    return len(text) - 1


def match_brace(text, pos):
    return matching(text, pos, "{", "}")


def match_paren(text, pos):
    return matching(text, pos, "(", ")")


def statement_start(text, pos):
    """Where the definition's declaration begins: after the previous ';', '}' or '{' (its return type and
    template line included)."""
    j = pos
    while j > 0 and text[j - 1] not in ";{}":
        j -= 1
    while j < pos and text[j].isspace():
        j += 1
    return j


def long_functions(path, code_of):
    """Function definitions (free, member, in a class body or a lambda's enclosing function) in one file
    that are longer than FUNCTION_LIMIT lines of code: (lines, first line, name)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text, code = strip(f.read())
    code_of[path] = code
    found, seen = [], set()
    for m in FUNCTION.finditer(text):
        if m.group(2) in NOT_FUNCTIONS:
            continue
        close = match_paren(text, m.end() - 1)
        body = BODY_FOLLOWS.match(text, close + 1)
        if not body:
            continue
        start = statement_start(text, m.start())
        head = text[start:m.start()]
        if "=" in head or "return" in head or "," in head:  # a call or a constructed value, not a definition
            continue
        end = match_brace(text, body.end() - 1)
        first = line_of(text, start)
        lines = sum(code[first:line_of(text, end) + 1])
        if lines > FUNCTION_LIMIT and first not in seen:
            seen.add(first)
            found.append((lines, first + 1, m.group(1) + m.group(2)))
    return found


def main():
    files = []
    for top in ("engine", "widgets", "app"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            files += [os.path.join(dirpath, f) for f in sorted(names) if f.endswith(SOURCES)]
    declared = {}  # name -> [(file, first, last)]
    defined = []   # (chain, file, first, last)
    codes = {}
    for path in files:
        classes, members, code = scan(path)
        codes[path] = code
        for name, a, b in classes:
            declared.setdefault(name, []).append((path, a, b))
        for chain, a, b in members:
            defined.append((chain, path, a, b))

    def count(path, a, b):
        return sum(codes[path][a:b + 1])

    sizes = {}  # (name, declaring file) -> [code lines, {file: lines}]
    for name, places in declared.items():
        for path, a, b in places:
            sizes[(name, path)] = [count(path, a, b), {path: count(path, a, b)}]
    for chain, path, a, b in defined:
        name = next((q for q in chain if q in declared), None)
        if name is None:
            continue
        places = declared[name]
        stem = os.path.splitext(path)[0]
        # The declaration this definition belongs to: in the same file, else a header of the same stem,
        # else the only one.
        owner = next((p for p, _, _ in places if p == path), None)
        owner = owner or next((p for p, _, _ in places if os.path.splitext(p)[0] == stem), None)
        owner = owner or (places[0][0] if len(places) == 1 else None)
        if owner is None:
            continue
        lines = count(path, a, b)
        entry = sizes[(name, owner)]
        entry[0] += lines
        entry[1][path] = entry[1].get(path, 0) + lines
    long_ones = []
    for path in files:
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        if rel.startswith(FUNCTION_DIRS):
            long_ones += [(rel, *f) for f in long_functions(path, {})]
    ranked = sorted(sizes.items(), key=lambda kv: -kv[1][0])
    for (name, owner), (total, where) in ranked[:LIST]:
        print(f"{total:5d}  {name} ({', '.join(os.path.relpath(p, ROOT) for p in where)})")
    over = [(k, v) for k, v in ranked if v[0] > LIMIT]
    for (name, owner), (total, where) in over:
        parts = ", ".join(f"{os.path.relpath(p, ROOT)} {lines}" for p, lines in where.items())
        print(f"{name}: {total} lines of code (the limit is {LIMIT}; {parts}): two classes with names, not one")
    for rel, lines, first, name in long_ones:
        print(f"{rel}:{first}: {name}: {lines} lines of code (the limit for engine/training and engine/numerics is "
              f"{FUNCTION_LIMIT}): smaller functions with names")
    return 1 if over or long_ones else 0


def self_test():
    """Made-up classes around the limit: one whose members are defined in its header, its .cpp and another
    file, one defined in a .cpp alone; comments, blank lines and string braces must not count."""
    import contextlib
    import io
    import tempfile
    global ROOT, LIST

    def members(k, lines):
        body = "\n".join(f"    x += {i};" for i in range(lines - 2))
        return f"// why this member exists\nint Big::m{k}() {{\n{body}\n}}\n"

    def tree(extra, longer=0):
        d = tempfile.mkdtemp()
        os.makedirs(os.path.join(d, "engine"))
        head = "#pragma once\nnamespace p {\nclass Big {\npublic:\n" + "".join(
            f"    int m{k}();\n" for k in range(5)) + "    int x = 0;  // a comment: not code\n};\n}  // namespace p\n"
        comments = "".join(f"// a why-comment, line {i}\n" for i in range(800)) + "\n" * 300
        cpp = '#include "big.h"\nnamespace p {\n' + comments + members(0, 200) + members(1, 200) + \
            'const char* s = "{{{ not a brace";\n}  // namespace p\n'
        other = '#include "big.h"\nnamespace p {\n' + members(2, 70 + extra) + "}\n"
        local = "namespace {\nclass Local {\npublic:\n" + "".join(f"    int f{i}() {{ return {i}; }}\n" for i in range(400)) + \
            "};\n}\n"
        for name, text in (("big.h", head), ("big.cpp", cpp), ("big_more.cpp", other), ("local.cpp", local)):
            with open(os.path.join(d, "engine", name), "w") as f:
                f.write(text)
        # A free function of engine/training at the function limit (and one past it with `longer`).
        os.makedirs(os.path.join(d, "engine", "training"))
        with open(os.path.join(d, "engine", "training", "steps.cpp"), "w") as f:
            body = "\n".join(f"    x += {i};  // why" for i in range(FUNCTION_LIMIT - 4 + longer))
            f.write(f"namespace p {{\nint step(int x,\n         int y) {{\n{body}\n    return x;\n}}\n}}\n")
        return d

    # Big: 9 lines of code in the header (class Big {, public:, 5 declarations, x, };), 200 + 200 in big.cpp,
    # 70 + extra in big_more.cpp: 479 + extra. Local: 403.
    LIST = 0
    ok = True
    for extra, longer, want in ((21, 0, 0), (22, 0, 1), (21, 1, 1)):
        ROOT = tree(extra, longer)
        with contextlib.redirect_stdout(io.StringIO()):
            got = main()
        if got != want:
            print(f"self-test: Big with {extra} more lines, step {longer} longer: exit {got}, wanted {want}")
            ok = False
    if ok:
        print("class_sizes self-test: 500 lines of code pass and 501 fail; a function of 80 passes and 81 fails")
    return 0 if ok else 1


sys.exit(self_test() if "--self-test" in sys.argv else main())
