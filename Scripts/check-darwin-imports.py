#!/usr/bin/env python3
"""Fails when a Swift file imports a module only inside `#if canImport(FoundationNetworking)`, or
imports a platform's own module (Glibc, Musl, Darwin, MachO, WinSDK, FoundationNetworking) outside any
`#if` on the platform (`canImport(...)`, `os(...)`): the same sources build on Linux and macOS.

That condition is false on Apple platforms (URLSession is in Foundation there), so any other import
inside it vanishes on macOS and the file stops compiling there, which a Linux-only CI never sees
(Tests/ContractTests/CassetteContractTests.swift once imported TestSupport that way). A module
imported in the branch and again in the block's `#else` (the access-level idiom:
`internal import Foundation` / `public import FoundationNetworking` / `#else` / `public import
Foundation`) is fine. Usage: check-darwin-imports.py [DIR...] (default: Package.swift's folders).
"""
import os
import re
import sys

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][\w.]*)")
IF = re.compile(r"^\s*#if\b(.*)")
ELSE = re.compile(r"^\s*#(else|elseif)\b")
ENDIF = re.compile(r"^\s*#endif\b")
NETWORKING = re.compile(r"^\s*canImport\(\s*FoundationNetworking\s*\)\s*(//.*)?$")
PLATFORM_MODULES = {"Glibc", "Musl", "Android", "Darwin", "MachO", "WinSDK", "FoundationNetworking"}
PLATFORM_CONDITION = re.compile(r"\b(canImport|os)\s*\(")


def unguarded(path):
    """(line, module) for each import of a platform's own module outside any #if on the platform."""
    problems = []
    guarded = []  # per open #if: whether a branch condition names a platform
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if match := IF.match(line):
                guarded.append(bool(PLATFORM_CONDITION.search(match.group(1))))
            elif ELSE.match(line) and guarded:
                guarded[-1] = guarded[-1] or bool(PLATFORM_CONDITION.search(line))
            elif ENDIF.match(line) and guarded:
                guarded.pop()
            elif (match := IMPORT.match(line)) and match.group(1).split(".")[0] in PLATFORM_MODULES:
                if not any(guarded):
                    problems.append((number, match.group(1).split(".")[0]))
    return problems


def check(path):
    """Yields (line, module) for each import hidden in a FoundationNetworking branch."""
    problems = []
    # A stack of open #if blocks: [is FoundationNetworking block, in its first branch, imports in it
    # (module, line), modules imported in its other branches].
    stack = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if match := IF.match(line):
                stack.append([bool(NETWORKING.match(match.group(1))), True, [], set()])
            elif ELSE.match(line) and stack:
                stack[-1][1] = False
            elif ENDIF.match(line) and stack:
                networking, _, hidden, elsewhere = stack.pop()
                if networking:
                    problems += [(n, m) for (m, n) in hidden if m not in elsewhere]
            elif (match := IMPORT.match(line)) and stack:
                module = match.group(1).split(".")[0]
                block = stack[-1]
                if block[0] and block[1]:
                    if module != "FoundationNetworking":
                        block[2].append((module, number))
                elif block[0]:
                    block[3].add(module)
    return problems


def main(arguments):
    roots = arguments or ["Sources", "Tests", "Examples"]
    found = 0
    for root in roots:
        for folder, folders, files in os.walk(root):
            folders[:] = sorted(f for f in folders if f != ".build")
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                for number, module in check(path):
                    found += 1
                    print(f"{path}:{number}: import {module} is inside #if canImport(FoundationNetworking), "
                          "which is false on macOS and iOS: move it out of the #if (or import it in the #else too)",
                          file=sys.stderr)
                for number, module in unguarded(path):
                    found += 1
                    print(f"{path}:{number}: import {module} outside #if canImport({module}): it exists on one "
                          "platform only, and the same sources build on Linux and macOS", file=sys.stderr)
    if found:
        return 1
    print(f"no import hides inside #if canImport(FoundationNetworking), no platform module is imported unguarded "
          f"({', '.join(roots)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
