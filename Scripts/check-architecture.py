#!/usr/bin/env python3
"""Fails when the module graph as written in three places disagrees: what each target's Swift sources
import, what Package.swift declares it depends on, and docs/ARCHITECTURE.md's module table (section
"## Module map", columns target | job | may import). Each disagreement is one line naming where it is.

The manifest is read through `swift package dump-package` (the toolchain's own reading of it, no
build). Only modules that are targets of this package count: Foundation, Glibc, Testing and the like
are not edges, wherever they are imported (inside `#if canImport(...)` or not). An import of a package
target counts wherever it sits, in an `#if` too: the target still needs the edge on the platforms where
the branch is taken (a conditional dependency in Package.swift is still a declared one).

What is checked:
1. every import of a package target is declared by the importing target (SwiftPM builds an undeclared
   one whenever a declared target depends on it, so the compiler does not catch it);
2. every declared dependency on a library target is imported by at least one source of the target.
   Dependencies on executables are exempt: a test target lists `mockweather` so that it is built, a
   command plugin runs it as a tool; neither can import it;
3. ARCHITECTURE's table, row by row: the "may import" cell names exactly the package targets the
   row's targets declare (for a row of several targets, the union of their dependencies minus the row's
   own targets), and every target that is not a test target has a row, and every row names targets
   that exist. Two kinds of row are read differently:
   - a row whose cell is "the libraries above" (the thin executables): each dependency of its targets
     must be a non-executable target with a row above it, and each must be imported (rule 2 holds);
   - the command plugins' row (targets of type plugin): a plugin can import no target of this package,
     so its cell names the modules its sources import (PackagePlugin, Foundation) and is compared with
     those imports both ways.
   Test targets (`.testTarget`) have no rows: their edges are checked by rules 1 and 2 only, and the
   Tests section of ARCHITECTURE describes them. `TestSupport` is an ordinary target and has a row.

Usage: check-architecture.py [--package-path DIR] (default: this script's package). Exits 0 with a
one-line summary, 1 with one line per problem, 2 when the manifest or the document cannot be read.
Deterministic: targets, files and modules are reported in sorted order.
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][\w]*)")
TABLE_HEADER = re.compile(r"^\|\s*target\s*\|\s*job\s*\|\s*may import")
BACKTICKED = re.compile(r"`([^`]+)`")
EXECUTABLE_ROW = "the libraries above"
NOTHING = "nothing"


def fail(message):
    print(f"check-architecture: {message}", file=sys.stderr)
    sys.exit(2)


def manifest(root):
    """The package's targets as `swift package dump-package` reads Package.swift."""
    try:
        result = subprocess.run(["swift", "package", "--package-path", root, "dump-package"],
                                capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        fail(f"swift package dump-package did not run: {error}")
    if result.returncode != 0:
        fail(f"swift package dump-package failed ({result.returncode}): {result.stderr.strip()}")
    return json.loads(result.stdout)["targets"]


def target_folder(target):
    """The folder SwiftPM reads a target's sources from, relative to the package."""
    if target.get("path"):
        return target["path"]
    parent = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
    return os.path.join(parent, target["name"])


def swift_files(root, target):
    """The target's Swift sources (honouring `sources:` and `exclude:`), relative to the package, sorted."""
    folder = target_folder(target)
    excluded = {os.path.normpath(os.path.join(folder, e)) for e in target.get("exclude", [])}
    starts = [os.path.join(folder, s) for s in target.get("sources") or ["."]]
    files = set()
    for start in starts:
        start = os.path.normpath(start)
        if os.path.isfile(os.path.join(root, start)):
            files.add(start)
            continue
        for directory, subdirectories, names in os.walk(os.path.join(root, start)):
            relative = os.path.relpath(directory, root)
            subdirectories[:] = [d for d in subdirectories if os.path.join(relative, d) not in excluded]
            files.update(os.path.normpath(os.path.join(relative, n)) for n in names
                         if n.endswith(".swift") and os.path.join(relative, n) not in excluded)
    return sorted(files)


def imports(path):
    """(line, module) for each import statement, skipping block comments and multi-line strings (a
    test that writes a consumer package's source holds `import` lines that are not this file's)."""
    found = []
    in_comment = in_string = False
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if in_string:
                in_string = line.count('"""') % 2 == 0
                continue
            if in_comment:
                in_comment = "*/" not in line
                continue
            if match := IMPORT.match(line):
                found.append((number, match.group(1)))
            code = line.split("//", 1)[0]
            if code.count('"""') % 2 == 1:
                in_string = True
            elif "/*" in code and "*/" not in code.split("/*", 1)[1]:
                in_comment = True
    return found


def dependencies(target):
    """Names of the targets (or products) a target declares, conditional ones included."""
    names = []
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def manifest_lines(root):
    """The line in Package.swift where each target is declared (`name: "X"` after `targets:`)."""
    lines = {}
    in_targets = False
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            in_targets = in_targets or re.match(r"^\s*targets:", line) is not None
            if in_targets and (match := re.search(r'name:\s*"([^"]+)"', line)):
                lines.setdefault(match.group(1), number)
    return lines


def module_table(root):
    """(line, targets, cell text) for each row of the "## Module map" table."""
    path = os.path.join(root, "docs", "ARCHITECTURE.md")
    rows = []
    in_section = in_table = False
    try:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if line.startswith("## "):
                    in_section = line.strip() == "## Module map"
                    in_table = False
                    continue
                if not in_section:
                    continue
                if TABLE_HEADER.match(line):
                    in_table = True
                elif in_table and line.startswith("|") and not re.match(r"^\|[-|\s]+$", line):
                    cells = [c.strip() for c in line.strip().strip("|").split("|")]
                    if len(cells) != 3:
                        fail(f"docs/ARCHITECTURE.md:{number}: a module table row has {len(cells)} cells, not 3")
                    # `WorldData` (path `World/`): the names before the first parenthesis.
                    names = BACKTICKED.findall(cells[0].split("(", 1)[0])
                    rows.append((number, names, cells[2]))
                elif in_table and not line.startswith("|"):
                    in_table = False
    except OSError as error:
        fail(f"cannot read {path}: {error}")
    if not rows:
        fail("docs/ARCHITECTURE.md: no table with columns target | job | may import under ## Module map")
    return rows


def cell_modules(cell):
    """The modules a "may import" cell names; a parenthesis explains and names none."""
    return set(BACKTICKED.findall(re.sub(r"\([^)]*\)", "", cell)))


def check(root):
    targets = sorted(manifest(root), key=lambda t: t["name"])
    by_name = {t["name"]: t for t in targets}
    importable = {t["name"] for t in targets if t["type"] not in ("executable", "plugin", "test")}
    declared_at = manifest_lines(root)
    problems = []
    imported = {}  # target -> {module: [(file, line)]}, every module its sources import

    for target in targets:
        name = target["name"]
        declared = set(dependencies(target))
        modules = imported.setdefault(name, {})
        for path in swift_files(root, target):
            for line, module in imports(os.path.join(root, path)):
                modules.setdefault(module, []).append((path, line))
        where = f"Package.swift:{declared_at.get(name, 1)}"
        for module in sorted(set(modules) & importable - declared - {name}):
            (path, line), others = modules[module][0], len(modules[module]) - 1
            more = f" (and {others} more)" if others else ""
            problems.append(f"{path}:{line}: imports {module}, which target {name} does not declare in "
                            f"Package.swift{more}")
        for module in sorted(declared & importable - set(modules)):
            problems.append(f"{where}: target {name} declares {module}, which no source under "
                            f"{target_folder(target)} imports")

    rows = module_table(root)
    listed = {}
    for line, names, cell in rows:
        where = f"docs/ARCHITECTURE.md:{line}"
        for name in names:
            if name not in by_name:
                problems.append(f"{where}: the module table lists {name}, which is not a target in Package.swift")
            elif name in listed:
                problems.append(f"{where}: the module table lists {name} again (first at line {listed[name]})")
            listed.setdefault(name, line)
        row = [by_name[n] for n in names if n in by_name]
        if not row:
            continue
        label = ", ".join(names)
        if cell == EXECUTABLE_ROW:
            above = {n for (l, ns, _) in rows if l < line for n in ns} & importable
            for target in row:
                for module in sorted(set(dependencies(target)) - above):
                    problems.append(f"{where}: {target['name']} declares {module}, which is not one of "
                                    f"'{EXECUTABLE_ROW}' (a library target with a row above)")
            continue
        named = set() if cell == NOTHING else cell_modules(cell)
        if all(t["type"] == "plugin" for t in row):
            uses = {m for t in row for m in imported[t["name"]]}
            for module in sorted(named & set(by_name)):
                problems.append(f"{where}: {label} may import {module}, but a plugin can import no target of "
                                f"this package")
            for module in sorted(uses - named):
                problems.append(f"{where}: {label}'s sources import {module}, which the may-import cell "
                                f"does not name")
            for module in sorted(named - set(by_name) - uses):
                problems.append(f"{where}: {label} may import {module}, which none of their sources imports")
            continue
        for module in sorted(named - set(by_name)):
            problems.append(f"{where}: {label} may import {module}, which is not a target in Package.swift")
        own = set(names)
        declared = {d for t in row for d in dependencies(t)} - own
        for module in sorted(declared - named):
            problems.append(f"{where}: {label} declares {module} in Package.swift, which the may-import "
                            f"cell does not name")
        for module in sorted(named & set(by_name) - declared):
            problems.append(f"{where}: {label} may import {module} by the table, which Package.swift does "
                            f"not declare")
    for target in targets:
        if target["type"] != "test" and target["name"] not in listed:
            problems.append(f"docs/ARCHITECTURE.md: target {target['name']} ({target['type']}) has no row "
                            f"in the module table (## Module map)")
    return problems, targets, rows


def main(arguments):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if arguments[:1] == ["--package-path"] and len(arguments) == 2:
        root = arguments[1]
    elif arguments:
        print("usage: check-architecture.py [--package-path DIR]", file=sys.stderr)
        return 2
    problems, targets, rows = check(os.path.normpath(root))
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-architecture: {len(problems)} problem(s) between the imports, Package.swift and "
              f"docs/ARCHITECTURE.md's module table", file=sys.stderr)
        return 1
    edges = sum(len(dependencies(t)) for t in targets)
    print(f"check-architecture: {len(targets)} targets, {edges} declared edges and {len(rows)} table rows "
          f"agree with the imports")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
