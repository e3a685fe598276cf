import Basics

/// The fixes `mockweather synthesize --fixes FILE` freezes: the JSON lines `replay-location TRACE`
/// prints (one fix an object, with `lat`, `lon` and `elapsed` seconds from the trace's start), so a
/// drive's weather is frozen at the very positions the same trace plays back, each at its own time.
/// Reading the printed fixes rather than the trace keeps playback in one place, the simulator.
package enum FrozenFixes {
    /// One fix: where, and how long after the trace's start.
    package struct Fix: Sendable, Equatable {
        /// Degrees north.
        package var latitude: Double
        /// Degrees east.
        package var longitude: Double
        /// Seconds after the trace's start.
        package var elapsedSeconds: Double

        /// A fix at `latitude`, `longitude`, `elapsedSeconds` into the drive.
        package init(latitude: Double, longitude: Double, elapsedSeconds: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.elapsedSeconds = elapsedSeconds
        }
    }

    /// The most fixes one file may hold (a day's drive at one fix a second is 86,400).
    package static let maximumCount = 100_000

    /// The fixes of `text`, read from `file`; blank lines are skipped.
    ///
    /// - Throws: ``FrozenFixesError`` naming the file, the line and what was wrong with it.
    package static func read(_ text: [UInt8], file: String) throws(FrozenFixesError) -> [Fix] {
        var fixes: [Fix] = []
        var lineNumber = 0
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(line))
            } catch {
                throw FrozenFixesError(file: file, line: lineNumber, message: "not JSON: \(error.message)")
            }
            func number(_ name: String, in range: ClosedRange<Double>) throws(FrozenFixesError) -> Double {
                guard let found = value[name]?.numberText.flatMap(Double.init), range.contains(found) else {
                    throw FrozenFixesError(
                        file: file, line: lineNumber,
                        message: "\(name): expected a number from \(range.lowerBound) to \(range.upperBound)")
                }
                return found
            }
            guard fixes.count < maximumCount else {
                throw FrozenFixesError(file: file, line: lineNumber, message: "more than \(maximumCount) fixes")
            }
            fixes.append(
                Fix(
                    latitude: try number("lat", in: -90...90), longitude: try number("lon", in: -180...180),
                    elapsedSeconds: try number("elapsed", in: 0...31_622_400)))
        }
        return fixes
    }
}

/// A line of a `--fixes` file that is not a fix: where, and why.
package struct FrozenFixesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as named on the command line.
    package var file: String
    /// The 1-based line.
    package var line: Int
    /// What was wrong.
    package var message: String

    /// `fixes.jsonl:3: lat: expected a number from -90.0 to 90.0`.
    package var description: String { "\(file):\(line): \(message)" }
}
