#!/usr/bin/env python3
"""The module boundaries the compiler does not check by itself (`make test`, `make check`, `make lint`):

1. every module a target imports is one it declares in Package.swift, not one that reaches it through
   another target (SwiftPM's --explicit-target-dependency-import-check accepts those on Linux);
2. every library target imports only what DESIGN.md's table of modules (§2, "may import") allows it:
   data flows one way, Files → Import → Store → Inputs → Analytics → Datasets → Charts → Reports →
   Render → Deliver, so a module never reaches back to a stage that reads from it (Charts never reads
   the database, Import knows no database). `MAY_IMPORT` below is that table; a new target joins it;
3. GRDB, Yams, Mustache and the C libraries are imported `internal` (or `package`) by the library
   targets: a plain `import` is public, and would let their types into a module's public API.

Every form of import is read: `@testable`, `@preconcurrency`, `@_implementationOnly`, access levels and
`import struct M.T`.

Prints FILE:LINE: problem for each, and fails when there is any."""
import json, os, re, subprocess, sys

SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "os", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "Testing",
          "XCTest", "_Concurrency"}
# Yams's libyaml: BoundedYAML counts its events before Yams composes anything (aliases expand there). Yams
# ships it as a target, not a product, so no Package.swift can name it.
UNDECLARABLE = {("FolioYAML", "CYaml")}
HIDDEN = {"GRDB", "GRDBSQLite", "CSQLite", "Yams", "CYaml", "Mustache", "CCairo", "CPNG", "CCurl"}
IMPORT = re.compile(r"^\s*((?:@\w+\s+)*)(?:(public|package|internal|fileprivate|private)\s+)?((?:@\w+\s+)*)"
                    r"import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?(\w+)")

# DESIGN.md §2, "may import", per library target (FolioCore is everyone's; the system modules above are
# always allowed). A stage reads only from the stages before it in the flow, and Inputs is the one way
# from the store to what analytics, datasets and reports compute.
DATASETS = {"FolioCore", "FolioInputs", "FolioAnalytics", "FolioCharts"}
REPORTS = DATASETS | {"FolioDatasets", "FolioYAML", "Yams"}
RENDER = {"FolioCore", "FolioCharts", "CCairo", "CPNG"}
NET = {"FolioCore", "FolioNet", "CCurl"}
# Deliver and Batch open the database the reports read (through Inputs) and fetch nothing.
DELIVER = REPORTS | RENDER | NET | {"FolioReports", "FolioRender", "FolioStore", "Mustache"}
MAY_IMPORT = {
    "FolioCore": set(),
    "FolioYAML": {"FolioCore", "Yams", "CYaml"},
    "FolioImport": {"FolioCore", "FolioYAML"},
    "FolioStore": {"FolioCore", "FolioImport", "GRDB", "GRDBSQLite", "CSQLite"},
    # The tax rates file is an input the analytics take parsed; it is read, as report definitions are,
    # by walking the bounded reader's YAML nodes.
    "FolioInputs": {"FolioCore", "FolioStore", "FolioAnalytics", "FolioYAML", "Yams"},
    "FolioAnalytics": {"FolioCore"},
    "FolioCharts": {"FolioCore"},
    "FolioDatasets": DATASETS,
    "FolioReports": REPORTS,
    "FolioRender": RENDER,
    "FolioDeliver": DELIVER,
    "FolioBatch": DELIVER | {"FolioDeliver"},
    "FolioNet": {"FolioCore", "CCurl"},
    "FolioSources": {"FolioCore", "FolioNet"},
    "FolioFetch": {"FolioCore", "FolioNet", "FolioSources", "FolioImport", "FolioStore", "FolioYAML"},
    "FolioWorkloads": REPORTS | {"FolioReports"},
}
# The executables (shell, bench, fuzz) may import every library, and tests what they declare.


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
        if library and name not in MAY_IMPORT:
            problems.append(f"Package.swift: target {name} is not in check-imports.py's MAY_IMPORT (DESIGN.md §2)")
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for file in sorted(f for f in files if f.endswith(".swift")):
                path = os.path.join(directory, file)
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    match = IMPORT.match(line)
                    if not match:
                        continue
                    level, module = match.group(2), match.group(4)
                    where = f"{os.path.relpath(path, root)}:{number}"
                    if module not in allowed and (name, module) not in UNDECLARABLE:
                        problems.append(f"{where}: imports {module}, which target {name} does not declare in Package.swift")
                    if library and name in MAY_IMPORT and module not in MAY_IMPORT[name] | SYSTEM | {name}:
                        problems.append(f"{where}: {name} may not import {module} (DESIGN.md §2, \"may import\")")
                    if library and module in HIDDEN and level not in ("internal", "package", "fileprivate", "private"):
                        problems.append(f"{where}: `import {module}` is public; write `internal import {module}` "
                                        f"(or `package import` where the package's own code needs its types)")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
