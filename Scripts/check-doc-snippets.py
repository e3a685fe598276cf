#!/usr/bin/env python3
"""Compiles every Swift block of README.md and docs/*.md, and runs the test snippets.

It writes a consumer package under .build/doc-snippets (or the folder given), as a new user would
from the README alone:
- Package.swift is the README's manifest block (the one with `let package = Package(`) as written,
  with its path dependency pointed at this checkout; one test target of the checker's own
  (`DocSnippets`) is appended for the blocks that are not tests;
- Sources/MyApp is the stand-in of the app the snippets call (`WeatherAPI`): Examples/WeatherApp's client;
- each block with `@Test` or `XCTestCase` is a file of Tests/MyAppTests, as it stands (its own imports);
- every other block is the body of a function in Tests/DocSnippets (compiled, not run: it talks to
  a server on :8080), with the few names the README leaves to the reader (`deviceLocation`, the
  `client` of the block before it) declared in a stand-in file.
Then `swift build --build-tests` and `swift test --filter MyAppTests`; a block that does not compile,
or a test snippet that fails, fails the script, naming the file and line of the block.
Usage: check-doc-snippets.py [OUTPUT_DIR] [--scratch-path DIR] (--generate-only writes the package and stops).
--scratch-path builds in DIR instead of OUTPUT_DIR/.build: .ci/run passes Examples/WeatherApp's, which
has just built this checkout's libraries as a path dependency with the same commands, so they are
reused rather than compiled a third time (47 s alone, 13 s after Examples on the 2-core CI machine).
"""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^```swift\s*$")
IMPORT = re.compile(r"^\s*(?:@\w+\s+)?(?:(?:public|internal|package)\s+)?import\s+\w")

STAND_INS = """// Stand-ins for the names the README leaves to the reader (written by Scripts/check-doc-snippets.py).
import Foundation
import WeatherClient

/// The app's adapter to CoreLocation, as docs/Client.md's `deviceLocation`.
struct DeviceLocation: LocationSource {
    var authorization: LocationAuthorization { .authorized }
    func nextFix() async throws -> LocationFix? { nil }
}

let deviceLocation = DeviceLocation()

/// The client of docs/Client.md's first block, which the block after it goes on using.
let client = OpenWeatherClient(units: .metric, language: "kr")

#if os(Linux)
/// XCUITest's application proxy, which only Apple platforms have.
final class XCUIApplication {
    var launchEnvironment: [String: String] = [:]
    func launch() {}
}
#endif
"""

SNIPPET_IMPORTS = """import Foundation
import MockWeather
import WeatherClient
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
"""

EXTRA_TARGET = """
// Appended by Scripts/check-doc-snippets.py: the README's blocks that are not tests, compiled here.
package.targets.append(
    .testTarget(
        name: "DocSnippets",
        dependencies: [
            .product(name: "WeatherClient", package: "mockweather"),
            .product(name: "MockWeather", package: "mockweather"),
        ]
    ))
"""


def blocks(path):
    """(line of the fence, text) for each ```swift block of `path`."""
    found, current, start = [], None, 0
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if current is None and FENCE.match(line):
                current, start = [], number
            elif current is not None and line.startswith("```"):
                found.append((start, "".join(current)))
                current = None
            elif current is not None:
                current.append(line)
    return found


def main(arguments):
    generate_only = "--generate-only" in arguments
    arguments = [a for a in arguments if a != "--generate-only"]
    scratch = []
    if "--scratch-path" in arguments:
        at = arguments.index("--scratch-path")
        if at + 1 >= len(arguments):
            sys.exit("check-doc-snippets: --scratch-path needs a directory")
        scratch = ["--scratch-path", os.path.abspath(arguments[at + 1])]
        del arguments[at:at + 2]
    out = os.path.abspath(arguments[0] if arguments else os.path.join(ROOT, ".build", "doc-snippets"))
    sources = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    manifest, tests, snippets = None, [], []
    for source in sources:
        for line, text in blocks(source):
            where = f"{os.path.relpath(source, ROOT)}:{line}"
            if "let package = Package(" in text:
                if manifest:
                    sys.exit(f"{where}: a second manifest block (the first is at {manifest[0]})")
                manifest = (where, text)
            elif "@Test" in text or "XCTestCase" in text:
                tests.append((where, text))
            else:
                snippets.append((where, text))
    if not manifest:
        sys.exit("README.md has no manifest block (`let package = Package(`) to build the snippets with")
    if '"../mockweather"' not in manifest[1]:
        sys.exit(f'{manifest[0]}: the manifest block should depend on path "../mockweather"')

    # Keep .build (the consumer's own build of mockweather) between runs; write everything else anew.
    for name in ("Package.swift", "Package.resolved", "Sources", "Tests"):
        target = os.path.join(out, name)
        if os.path.isdir(target):
            shutil.rmtree(target)
        elif os.path.exists(target):
            os.remove(target)
    os.makedirs(os.path.join(out, "Sources", "MyApp"))
    os.makedirs(os.path.join(out, "Tests", "MyAppTests"))
    os.makedirs(os.path.join(out, "Tests", "DocSnippets"))
    with open(os.path.join(out, "Package.swift"), "w", encoding="utf-8") as file:
        # The tools version must stay the first line, so where the manifest came from is said after it.
        file.write(manifest[1].replace('"../mockweather"', f'"{ROOT}"', 1))
        file.write(f"\n// The manifest above is {manifest[0]}, its path dependency pointed at {ROOT}.\n")
        file.write(EXTRA_TARGET)
    for app_file in glob.glob(os.path.join(ROOT, "Examples", "WeatherApp", "Sources", "WeatherApp", "*.swift")):
        shutil.copy(app_file, os.path.join(out, "Sources", "MyApp"))
    for index, (where, text) in enumerate(tests, 1):
        with open(os.path.join(out, "Tests", "MyAppTests", f"Snippet{index}.swift"), "w", encoding="utf-8") as file:
            file.write(f"// {where}\n{text}")
    with open(os.path.join(out, "Tests", "DocSnippets", "StandIns.swift"), "w", encoding="utf-8") as file:
        file.write(STAND_INS)
    for index, (where, text) in enumerate(snippets, 1):
        lines = text.splitlines(keepends=True)
        imports = [l for l in lines if IMPORT.match(l)]
        body = "".join("    " + l if l.strip() else l for l in lines if not IMPORT.match(l))
        with open(os.path.join(out, "Tests", "DocSnippets", f"Snippet{index}.swift"), "w", encoding="utf-8") as file:
            file.write(f"// {where}\n{SNIPPET_IMPORTS}{''.join(i for i in imports if i.strip() not in SNIPPET_IMPORTS)}\n")
            file.write(f"func snippet{index}() async throws {{\n{body}}}\n")
    print(f"{len(tests)} test blocks and {len(snippets)} other blocks of {len(sources)} files written to {out}")
    for index, (where, _) in enumerate(tests, 1):
        print(f"  Tests/MyAppTests/Snippet{index}.swift  <- {where}")
    for index, (where, _) in enumerate(snippets, 1):
        print(f"  Tests/DocSnippets/Snippet{index}.swift <- {where}")
    if generate_only:
        return 0
    subprocess.run(["swift", "build", "--package-path", out, "--build-tests"] + scratch, check=True)
    subprocess.run(["swift", "test", "--skip-build", "--package-path", out, "--filter", "MyAppTests"] + scratch, check=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as error:
        print(f"check-doc-snippets: {' '.join(error.cmd[:2])} failed (exit {error.returncode}); "
              "the generated files name the README line of each block", file=sys.stderr)
        sys.exit(1)
