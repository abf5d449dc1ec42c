#!/usr/bin/env python3
"""The module boundaries the compiler does not check by itself (`make test`, `make check`, `make lint`):

1. every module a target imports is one it declares in Package.swift, not one that reaches it through
   another target (SwiftPM's --explicit-target-dependency-import-check accepts those on Linux);
2. GRDB, Yams, Mustache and the C libraries are imported `internal` (or `package`) by the library
   targets: a plain `import` is public, and would let their types into a module's public API.

Prints FILE:LINE: problem for each, and fails when there is any."""
import json, os, re, subprocess, sys

SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "os", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "Testing",
          "XCTest", "_Concurrency"}
# Yams's libyaml: BoundedYAML counts its events before Yams composes anything (aliases expand there). Yams
# ships it as a target, not a product, so no Package.swift can name it.
UNDECLARABLE = {("FolioYAML", "CYaml")}
HIDDEN = {"GRDB", "GRDBSQLite", "CSQLite", "Yams", "CYaml", "Mustache", "CCairo", "CPNG", "CCurl"}
IMPORT = re.compile(r"^\s*(@testable\s+|@_implementationOnly\s+)?(?:(public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?(\w+)")


def declared(target):
    names = set()
    for dep in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, check=True,
                                         capture_output=True, text=True).stdout)
    problems = []
    for target in manifest["targets"]:
        if target["type"] == "system":
            continue
        name = target["name"]
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        allowed = declared(target) | SYSTEM | {name}
        library = target["type"] == "regular" and not folder.startswith("Tests")
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for file in sorted(f for f in files if f.endswith(".swift")):
                path = os.path.join(directory, file)
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    match = IMPORT.match(line)
                    if not match:
                        continue
                    level, module = match.group(2), match.group(3)
                    where = f"{os.path.relpath(path, root)}:{number}"
                    if module not in allowed and (name, module) not in UNDECLARABLE:
                        problems.append(f"{where}: imports {module}, which target {name} does not declare in Package.swift")
                    if library and module in HIDDEN and level not in ("internal", "package", "fileprivate", "private"):
                        problems.append(f"{where}: `import {module}` is public; write `internal import {module}` "
                                        f"(or `package import` where the package's own code needs its types)")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
