/// Which frak-share the backends follow: the plugin as shipped at one upstream commit of
/// frak-id/wallet (`apps/wallet/src-tauri/plugins/tauri-plugin-frak-share`). The default is the
/// current upstream; an older one stays selectable (`--plugin-version frak-share@<commit>`),
/// since an app may still ship it.
///
/// Only commits whose behaviour the bridge models are known; each names what differs.
public struct FrakShareVersion: Sendable, Equatable {
    /// The full commit of frak-id/wallet.
    public let commit: String
    /// The commit's date (author date).
    public let date: String
    /// What this version does that the others do not.
    public let summary: String
    /// iOS: the plugin walks `presentedViewController` and presents on the topmost view
    /// controller, so a second share while a sheet is up stacks on it and completes (from
    /// 0aa82fbd, ios/Sources/FrakSharePlugin.swift `presentShareSheet`); before, it presents on
    /// the root view controller, which UIKit refuses while a sheet is up: that promise never settles.
    public let presentsOnTopmost: Bool

    /// frak-id/wallet's HEAD as last read: the plugin's files as at 0aa82fbd.
    public static let head = FrakShareVersion(
        commit: "da58e5f874a69966502537d9611590646b89891e", date: "2026-07-01",
        summary: "HEAD: the plugin as at 0aa82fbd (the iOS sheet presents on the topmost view controller)",
        presentsOnTopmost: true)
    /// The commit that made the iOS present walk to the topmost view controller.
    public static let topmostPresent = FrakShareVersion(
        commit: "0aa82fbdd84d4e3a20d10bd3cc8ba9dbc574a961", date: "2026-05-15",
        summary: "the iOS sheet presents on the topmost view controller: a second share stacks and completes",
        presentsOnTopmost: true)
    /// The version the seeds were written against: the iOS sheet presents on the root view
    /// controller (connectedScenes' key window, from 0fd3b566).
    public static let seed = FrakShareVersion(
        commit: "0fd3b566afc397b5fbb41268ba64585cf6a55976", date: "2026-05-15",
        summary: "the seeds' version: the iOS sheet presents on the root view controller; a second share while one is up never settles",
        presentsOnTopmost: false)

    /// Every version the bridge models, newest first.
    public static let known: [FrakShareVersion] = [head, topmostPresent, seed]

    /// The known version whose commit starts with `prefix` (at least 7 hex digits), or `nil`.
    public static func named(_ prefix: String) -> FrakShareVersion? {
        let p = prefix.lowercased()
        guard p.count >= 7, p.allSatisfy(\.isHexDigit) else { return nil }
        return known.first { $0.commit.hasPrefix(p) }
    }

    /// The first 8 digits of the commit, as `bridge --version` prints it.
    public var short: String { String(commit.prefix(8)) }
}
