/// Every upstream change the bridge models per version, in one table: a command asks
/// `versions.has(UpstreamChanges.fsTextAsBytes)`, never compares version numbers itself.
/// `docs/versions.md` is generated from this table (`swift run bridge-generate`), each row with
/// its version, its upstream reference and the test that fails without it.
public enum UpstreamChanges {
    // MARK: Tauri

    /// `plugin:app|bundle_type` (`getBundleType()`), granted by `core:app:default`.
    public static let appBundleType = UpstreamChange(
        "tauri", since: "2.7.0",
        "plugin:app|bundle_type answers the bundle the binary was packaged as (null unpatched); core:app:allow-bundle-type joins core:app:default",
        reference: "tauri-apps/tauri #13209 (crates/tauri/src/app/plugin.rs, crates/tauri/build.rs)", test: "VersionedAnswersTests/appCommands",
        commands: ["plugin:app|bundle_type"])
    /// `plugin:app|register_listener` / `remove_listener` (`onBackButtonPress`, `addPluginListener('app', …)`).
    public static let appListeners = UpstreamChange(
        "tauri", since: "2.9.0",
        "plugin:app|register_listener {event, handler} and remove_listener {event, channelId} (the Android back button), in core:app:default",
        reference: "tauri-apps/tauri #14133, #14132 (crates/tauri/src/app/plugin.rs; packages/api/src/app.ts onBackButtonPress)", test: "VersionedAnswersTests/appCommands",
        commands: ["plugin:app|register_listener", "plugin:app|remove_listener"])

    /// A Channel's end: `{index, end: true}` once the Rust `Channel` is dropped.
    public static let channelEnd = UpstreamChange(
        "tauri", since: "2.5.0",
        "a Channel ends with {index, end: true} when the command drops it (after http's streamed body), so the page's Channel frees its callback",
        reference: "tauri-apps/tauri 66e6325f4 #13136 (crates/tauri/src/ipc/channel.rs, packages/api/src/core.ts)", test: "VersionedAnswersTests/channelEnd")

    /// `emit_to` reaches `AnyLabel` listeners of its label (and `Window`/`Webview`/`WebviewWindow`
    /// emits reach them); before, an `AnyLabel` listener heard only emits to everyone.
    public static let eventAnyLabelListeners = UpstreamChange(
        "tauri", since: "2.1.0",
        "emit_to reaches listeners whose target is AnyLabel of its label, whatever the emit's kind (Window, Webview, WebviewWindow, AnyLabel)",
        reference: "tauri-apps/tauri f8994b214 #11581 (crates/tauri/src/manager/mod.rs emit_to filter_target)", test: "EventHubTests/emitTo")

    // MARK: fs

    /// `read_text_file` answers raw bytes, decoded by guest-js's `TextDecoder`.
    public static let fsTextAsBytes = UpstreamChange(
        "fs", since: "2.1.0",
        "read_text_file answers the file's raw bytes (tauri::ipc::Response), as read_file; read_text_file_lines_next a line's bytes and a last byte 0 (more) or 1 (done)",
        reference: "tauri-apps/plugins-workspace ed981027 #1962 (plugins/fs/src/commands.rs, guest-js/index.ts)", test: "VersionedAnswersTests/fsTextAsBytes")
    // MARK: dialog

    /// `message` takes `buttons` and answers the label pressed.
    public static let dialogMessageButtons = UpstreamChange(
        "dialog", since: "2.4.0",
        "message takes buttons (Ok, OkCancel, YesNo, YesNoCancel, {OkCustom}, {OkCancelCustom}, {YesNoCancelCustom}) and answers the pressed button's MessageDialogResult: \"Ok\", \"Cancel\", \"Yes\", \"No\" or the custom label",
        reference: "tauri-apps/plugins-workspace 509eba8d #2641 (plugins/dialog/src/models.rs, src/commands.rs)", test: "VersionedAnswersTests/dialogLabels",
        arguments: ["plugin:dialog|message": ["buttons"]])
    /// guest-js `ask()` and `confirm()` call `message` and compare its label.
    public static let dialogAskThroughMessage = UpstreamChange(
        "dialog", since: "2.7.0",
        "guest-js ask() and confirm() call message with buttons YesNo / OkCancel (or {OkCancelCustom}) and compare the label; allow-ask and allow-confirm become aliases of allow-message",
        reference: "tauri-apps/plugins-workspace 24154472 #3287 (plugins/dialog/guest-js/index.ts, permissions/)", test: "VersionedAnswersTests/askThroughMessage")

    // MARK: http

    /// The body streamed over a Channel.
    public static let httpStreamedBody = UpstreamChange(
        "http", since: "2.4.1",
        "fetch_read_body {rid, streamChannel} answers null and sends the body over the Channel as chunks whose last byte is 0, then [1] at the end",
        reference: "tauri-apps/plugins-workspace cb38f54f #2479, d3183aa9 #2522 (plugins/http/src/commands.rs, guest-js/index.ts)", test: "VersionedAnswersTests/httpStreamedBody",
        arguments: ["plugin:http|fetch_read_body": ["streamChannel"]])

    // MARK: opener

    /// `reveal_item_in_dir` takes a list.
    public static let openerRevealPaths = UpstreamChange(
        "opener", since: "2.5.0",
        "reveal_item_in_dir takes paths (a list; guest-js wraps one string) and reveals them all, each canonicalised first; before, one path",
        reference: "tauri-apps/plugins-workspace b8056f48 #2897 (plugins/opener/src/commands.rs, guest-js/index.ts; docs.rs 2.5.0 api-iife.js)",
        test: "VersionedAnswersTests/openerRevealPaths", arguments: ["plugin:opener|reveal_item_in_dir": ["paths"]])

    /// The change that adds `command` (`plugin:app|bundle_type`), if the table has one.
    public static func adding(command: String) -> UpstreamChange? {
        (all + notModelled).first { $0.commands.contains(command) }
    }

    /// The change that adds the argument `key` to `command`, if the table has one.
    public static func adding(argument key: String, of command: String) -> UpstreamChange? {
        (all + notModelled).first { $0.arguments[command]?.contains(key) == true }
    }

    /// Every change the bridge models, for the docs and the session's summary.
    public static let all: [UpstreamChange] = [
        appBundleType, appListeners, channelEnd, eventAnyLabelListeners, fsTextAsBytes, dialogMessageButtons, dialogAskThroughMessage,
        httpStreamedBody, openerRevealPaths,
    ]

    /// Changes read upstream that the bridge does not model yet: a session whose app pins a
    /// version at or past one of these is told, so nothing is silently old.
    public static let notModelled: [UpstreamChange] = [
        UpstreamChange("tauri", since: "2.5.0", "the end marker on every Channel a plugin drops (geolocation's watch, notification's listeners); http's is modelled",
                       reference: "tauri-apps/tauri 66e6325f4 #13136"),
        UpstreamChange("tauri", since: "2.6.0", "callbacks kept in __TAURI_INTERNALS__.callbacks, run through runCallback",
                       reference: "tauri-apps/tauri b5c549d18 #13325"),
        UpstreamChange("tauri", since: "2.11.1", "requests from remote origins always pass the ACL",
                       reference: "tauri-apps/tauri #15266"),
        UpstreamChange("fs", since: "2.1.0", "plugin:fs|size {path, options?}; fs:allow-size in no default set",
                       reference: "tauri-apps/plugins-workspace #2095 (permissions/autogenerated/commands/size.toml @ 99edf97b)",
                       commands: ["plugin:fs|size"]),
        UpstreamChange("fs", since: "2.1.0", "the permission sets' fixes after 77149dc4 (fs:default granting the app folders)",
                       reference: "tauri-apps/plugins-workspace plugins/fs/permissions/"),
        UpstreamChange("store", since: "2.4.0", "load takes defaults and overrideDefaults",
                       reference: "tauri-apps/plugins-workspace #2857"),
        UpstreamChange("http", since: "2.5.7", "fetch_read_body is pulled chunk by chunk; fetch_cancel_body",
                       reference: "tauri-apps/plugins-workspace (plugins/http guest-js, docs.rs 2.5.7 api-iife.js)",
                       commands: ["plugin:http|fetch_cancel_body"]),
    ]

    /// The newest Tauri release whose changes the table holds (what a session without an app models).
    public static let newestTauri = ReleaseVersion(2, 11, 1)

    /// The newest release of each plugin whose changes the table holds; a plugin not listed is
    /// modelled at its October-2024 release.
    public static let newestPlugins: [String: ReleaseVersion] = [
        "fs": ReleaseVersion(2, 5, 1), "dialog": ReleaseVersion(2, 7, 0), "http": ReleaseVersion(2, 5, 2), "opener": ReleaseVersion(2, 5, 4),
    ]
}
