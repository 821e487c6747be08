import Foundation
import Testing

/// The public suites and real files in `../shared/conformance/`, beside the project.
///
/// A test that reads them carries the trait `SharedConformance.required` and asks for its folder
/// with `SharedConformance.folder(_:)`: without `../shared` it is reported as skipped (never as
/// passed), and under `CI=true`, where the suites are always present, a missing folder fails it.
public enum SharedConformance {
    /// `../shared/conformance`, or `nil` when the project was cloned without it.
    public static let directory: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidate = root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// Whether this run is CI's (`CI=true`), where a missing suite is a failure.
    public static let isCI = ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")

    /// The message of a skipped test.
    public static let missing = "../shared/conformance is not beside the project: conformance suites skipped (CI always has them)"

    /// Runs the test when the suites are there, or under CI (where their absence then fails it);
    /// otherwise skips it with `missing` as the reason.
    public static var required: ConditionTrait {
        .enabled(if: directory != nil || isCI, Comment(rawValue: missing))
    }

    /// A folder or file of the suites, e.g. `"toml-test"`.
    /// - Throws: `Missing` when it is not there (the test fails: it runs only where it should be).
    public static func folder(_ relative: String) throws -> URL {
        guard let directory else { throw Missing(path: "../shared/conformance") }
        let url = directory.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: "../shared/conformance/\(relative)") }
        return url
    }

    /// A conformance folder that should be there and is not.
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "\(path) is missing\(isCI ? " under CI=true, where the conformance suites must be present" : "")" }
    }
}
