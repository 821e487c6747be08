import Foundation

/// The public suites and real files in `../shared/conformance/`, beside the project.
public enum SharedConformance {
    /// `../shared/conformance`, or `nil` when the project was cloned without it.
    public static let directory: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidate = root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// The message a test prints when it skips for want of the suites.
    public static let missing = "../shared/conformance is not beside the project: conformance suites skipped (CI always has them)"
}
