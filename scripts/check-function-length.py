#!/usr/bin/env python3
"""No function, initialiser, accessor or closure-free body over LIMIT lines in the modules where length
has cost the most to change (issue 45: charts lay out before they draw; imports one function per
event kind; analytics in named steps). `make lint` runs it.

A body is counted from its declaration's line to its closing brace. Braces inside string literals and
comments are skipped; the check is lexical, not a parser, which is enough for code swift-format keeps
in shape. Prints FILE:LINE: NAME is N lines for each, and fails when there is any."""
import os, re, sys

LIMIT = 80
MODULES = ["FolioCharts", "FolioImport", "FolioStore", "FolioAnalytics"]
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|static|final|override|"
    r"mutating|nonisolated|convenience|required|class)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|subscript\b|"
    r"var\s+\w+\s*:[^={]*\{)")


def code(line, in_block_string):
    """The line without string literals and comments, and whether a \"\"\" string is still open."""
    out, i = [], 0
    while i < len(line):
        if in_block_string:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out), True
            in_block_string, i = False, end + 3
        elif line.startswith('"""', i):
            in_block_string, i = True, i + 3
        elif line.startswith("//", i):
            break
        elif line[i] == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out), in_block_string


def long_bodies(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    stripped, open_string = [], False
    for line in lines:
        text, open_string = code(line, open_string)
        stripped.append(text)
    for start, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth, opened = 0, False
        for end in range(start, min(len(lines), start + 2000)):
            for ch in stripped[end]:
                if ch == "{":
                    depth, opened = depth + 1, True
                elif ch == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            if not opened and end > start + 20:  # a protocol requirement: no body
                break
        if opened and end - start + 1 > LIMIT:
            yield start + 1, match.group(1).rstrip("({< "), end - start + 1


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = []
    for module in MODULES:
        for directory, _, files in sorted(os.walk(os.path.join(root, "Sources", module))):
            for file in sorted(f for f in files if f.endswith(".swift")):
                path = os.path.join(directory, file)
                for line, name, length in long_bodies(path):
                    problems.append(f"{os.path.relpath(path, root)}:{line}: {name} is {length} lines (at most {LIMIT})")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
