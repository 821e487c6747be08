import BridgeApp
import BridgeCall
import BridgeCorePlugins
import BridgeKit
import BridgeEvents
import BridgeInbox
import BridgeJSON
import BridgeOfficialPlugins
import BridgePlugins
import BridgeShareNatives
import BridgeStreams
import FoundationEssentials
import Glibc
import BridgeSystem

/// The options that configure the platform backends, and the plugins built from them.
struct BackendOptions {
    /// The options the plugins declare (each in its folder), product plugins first, in `--help`'s order.
    static let pluginOptions = ProductPlugins.options + OfficialPlugins.options
    static let names: Set<String> = (["app-id", "cache-dir", "provider-paths", "app-group", "files-dir", "inbox-lease", "plugin-version", "tauri-version"] as Set<String>)
        .union(pluginOptions.filter { !$0.isFlag }.map(\.name))
    /// The plugins' flags (`--http-passthrough`).
    static let flagNames = Set(pluginOptions.filter(\.isFlag).map(\.name))

    static let help = """
      --app-id ID             Android applicationId; the FileProvider authority is
                              <ID>.fileprovider [com.example.app]
      --cache-dir DIR         Android cacheDir; thumbnails go to DIR/share/
                              [$XDG_CACHE_HOME/bridge/android/<ID>/cache]
      --provider-paths FILE   Android provider_paths.xml whose roots the content:// URIs use
                              [<cache-path name="share" path="share/"/>]
      --app-group DIR         the App Group container of the share inbox (share-extension)
      --files-dir DIR         Android: the app's filesDir, whose inbox share-extension reads
      --inbox-lease SECONDS   how long a share-extension read keeps its items from other
                              live readers before they may go to another one [30]
    \(pluginOptions.map(\.help).joined(separator: "\n"))
      --tauri-version X.Y.Z   the Tauri (and @tauri-apps/api) version modelled [--app's
                              Cargo.lock, else the newest modelled]
      --plugin-version NAME@VERSION
                              a plugin's version modelled (fs@2.4.2, dialog@2.7.0)
                              [--app's lockfiles, else as Tauri's]; NAME@COMMIT
                              follows a plugin as shipped at an older upstream commit:
                              frak-share@0fd3b566 (the seeds') [frak-share@da58e5f8]
    """

    let android: AndroidConfiguration
    let inbox: ShareInbox?
    let shareFiles: ShareFileRules
    /// What `--plugin-version NAME@COMMIT` chose (`PluginOptions.apply(version:to:)`).
    let versions: PluginSettings
    /// `--tauri-version` and `--plugin-version NAME@X.Y.Z`: the pins given on the command line.
    let pins: (tauri: ReleaseVersion?, plugins: [String: ReleaseVersion])
    /// The official plugins' device and person, as their options describe them (the app's
    /// configuration is read into it once the app is known: `OfficialPlugins.configure(app:_:)`).
    let official: OfficialSettings

    init(_ args: ArgumentList) throws(UsageError) {
        let appID = try args.nonEmpty("app-id") ?? AndroidConfiguration.defaultAppID
        guard AndroidConfiguration.isApplicationID(appID) else {
            throw UsageError("option '--app-id' must be an Android applicationId such as com.example.app, got '\(appID)'",
                             subcommand: args.subcommand)
        }
        var providerPaths = FileProviderPaths.default
        if let file = try args.nonEmpty("provider-paths") {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError("cannot read --provider-paths file '\(file)'", subcommand: args.subcommand)
            }
            do {
                providerPaths = try FileProviderPaths(xml: String(decoding: data, as: UTF8.self))
            } catch {
                throw UsageError("\(file): \(error)", subcommand: args.subcommand)
            }
        }
        let cacheDirectory = try args.nonEmpty("cache-dir").map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
        }
        android = AndroidConfiguration(appID: appID, cacheDirectory: cacheDirectory, providerPaths: providerPaths)
        let group = try args.nonEmpty("app-group"), filesDirectory = try args.nonEmpty("files-dir")
        if group != nil && filesDirectory != nil {
            throw UsageError("give --app-group (iOS) or --files-dir (Android), not both: they name the inbox's container",
                             subcommand: args.subcommand)
        }
        let lease = try args.positiveInt("inbox-lease").map(Double.init) ?? ShareInbox.defaultLeaseTimeout
        inbox = (group ?? filesDirectory).map { ShareInbox(group: $0, leaseTimeout: lease) }
        var product = PluginSettings()
        do throws(PluginOptionError) {
            try ProductPlugins.configure(args.pluginOptions, &product)
        } catch {
            throw UsageError(error.message, subcommand: args.subcommand, pointsToHelp: error.pointsToHelp)
        }
        shareFiles = product.shareFiles
        var versions = PluginSettings()
        var pinned: [String: ReleaseVersion] = [:]
        for value in args.values("plugin-version") {
            // NAME@X.Y.Z pins a modelled version; NAME@COMMIT follows an upstream commit.
            let parts = value.split(separator: "@", maxSplits: 1)
            if parts.count == 2, parts[0] != "frak-share", let release = ReleaseVersion(String(parts[1])) {
                pinned[String(parts[0])] = release
                continue
            }
            do throws(PluginOptionError) {
                try PluginOptions.apply(version: value, to: &versions)
            } catch {
                throw UsageError(error.message, subcommand: args.subcommand)
            }
        }
        self.versions = versions
        var tauri: ReleaseVersion?
        if let text = try args.nonEmpty("tauri-version") {
            guard let release = ReleaseVersion(text), release.major == 2 else {
                throw UsageError("option '--tauri-version' takes a Tauri 2 version such as 2.8.5 or 2.11, got '\(text)'", subcommand: args.subcommand)
            }
            tauri = release
        }
        pins = (tauri, pinned)
        var official = OfficialSettings()
        do throws(PluginOptionError) {
            try OfficialPlugins.configure(args.pluginOptions, &official)
        } catch {
            throw UsageError(error.message, subcommand: args.subcommand, pointsToHelp: error.pointsToHelp)
        }
        official.write = { Log.error($0) }
        self.official = official
    }

    /// The versions modelled: the app's lockfiles (`root`, its src-tauri) over the newest, then
    /// `--tauri-version` and `--plugin-version NAME@X.Y.Z`.
    func modelledVersions(appRoot root: String?) -> ModelledVersions {
        var versions = root.map { AppVersions.read(root: $0) } ?? .newest
        if let tauri = pins.tauri {
            versions.tauri = tauri
            versions.api = nil
            versions.sources["tauri"] = "--tauri-version"
            // Plugins the app pinned stay; others follow the chosen Tauri.
        }
        for (name, release) in pins.plugins {
            versions.plugins[name] = release
            versions.sources[name] = "--plugin-version"
        }
        return versions
    }

    /// The product's plugins, configured by these options; `events` is where they emit their
    /// events (`serve`).
    /// - Parameter official: the official plugins' settings with the app's configuration read
    ///   (`official` as the options alone describe it when `nil`).
    func plugins(events: EventHub? = nil, official configured: OfficialSettings? = nil, app: AppInfo? = nil,
                 resources: ResourceTable = ResourceTable(), versions modelled: ModelledVersions = .newest) -> [any Plugin] {
        var settings = configured ?? official
        // A plugin's `app.emit("<plugin>://<event>")` reaches `listen()` in the pages and, as
        // `bridge/event`, the stdio client (the Node mocks' `listen`).
        if let events {
            settings.emit = { name, payload in
                guard let range = name.firstRange(of: "://") else { return events.emitAppEvent(name, payload: payload) }
                events.emit(PluginEvent(plugin: String(name[..<range.lowerBound]), event: String(name[range.upperBound...]), payload: payload))
            }
            settings.send = { channel, client, message in events.send(channel: channel, client: client, message: message) }
            settings.endChannel = { channel, client in events.end(channel: channel, client: client) }
            settings.listen = { plugin, event, client, channel in events.register(plugin: plugin, event: event, client: client, channel: channel) }
        }
        settings.app = app ?? AppInfo(identifier: android.appID)
        settings.resources = resources
        settings.versions = modelled
        let official: [any Plugin] = OfficialPlugins.plugins(settings)
        return ProductPlugins.plugins(PluginSettings(android: android, inbox: inbox, events: events, shareFiles: shareFiles, frakShare: versions.frakShare))
            + official
    }
}
