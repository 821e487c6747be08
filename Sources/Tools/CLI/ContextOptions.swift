import BridgeCall
import BridgeDevice
import BridgePlugins
import BridgeProtocol
import BridgeSimulation

/// The options shared by `invoke` and `serve` that say where calls come from, what they run
/// on, and what the simulated user does.
struct ContextOptions {
    /// Where calls come from and what they run on: all an ACL question needs (`permissions`).
    static let placeNames: Set<String> = ["platform", "device", "window", "webview", "origin"]
    static let names: Set<String> = placeNames.union(["activity", "outcome", "biometric"])
    static let flagNames: Set<String> = ["cancel", "strict"]

    static let help = placeHelp + "\n" + userHelp

    static let placeHelp = """
      --platform ios|android|linux|macos|windows
                              the backend; linux/macos/windows are desktop targets [ios]
      --device iphone|ipad    iOS device class; ipad presents a popover [iphone]
      --window LABEL          the window label the calls come from [main]
      --webview LABEL         the webview label [same as --window]
      --origin local|URL      the origin the calls come from [local]
    """

    static let userHelp = """
      --activity TYPE         what the simulated user picks: iOS, an activity type
                              [com.apple.UIKit.activity.Message]; Android (plugin share), a
                              package or component [com.google.android.apps.messaging],
                              copy, or background
      --cancel                the simulated user dismisses the sheet (iOS share_text:
                              {"shared": false}; plugin share: Share canceled)
      --outcome complete|never|busy|unanchored|no-key-window
                              how the presentation goes: the user acts; the sheet never
                              completes; a sheet is already up (frak-share stacks on it;
                              at 0fd3b566 UIKit refuses the present); no popover anchor
                              (iPad: NSGenericException); no key window (frak-share
                              rejects) [complete]
      --biometric success|cancel|fallback|lockout|fail
                              what the person does at a biometric prompt [success]

      --strict                refuse (-32602) what would only be a warning: an unknown key,
                              a link iOS cannot parse, a thumbnail that cannot load, …
    """

    /// The call context the options describe.
    /// - Parameter defaultWindow: the label without `--window` (the `--app` config's first window).
    static func context(from args: ArgumentList, defaultWindow: String = "main") throws(UsageError) -> CallContext {
        try CallContext(
            window: try args.nonEmpty("window") ?? defaultWindow,
            webview: try args.nonEmpty("webview"),
            origin: origin(args),
            platform: try args.choice("platform", Platform.self) ?? .ios,
            device: try args.choice("device", DeviceClass.self) ?? .iphone,
            simulation: Simulation(activity: try args.nonEmpty("activity") ?? Simulation.defaultActivity,
                                   cancel: args.flag("cancel"),
                                   outcome: try args.choice("outcome", Simulation.Outcome.self) ?? .complete,
                                   biometric: try args.choice("biometric", Simulation.Biometric.self) ?? .success),
            strict: args.flag("strict"))
    }

    /// `--origin`: `local` (the app's own assets) or an absolute URL such as
    /// `https://wallet.frak.id`, as a capability's `remote.urls` are matched against.
    private static func origin(_ args: ArgumentList) throws(UsageError) -> String {
        guard let origin = try args.nonEmpty("origin"), origin != "local" else { return "local" }
        let parts = origin.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let scheme = parts.first, scheme.first?.isLetter == true,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
              parts[1].hasPrefix("//"), parts[1].dropFirst(2).first.map({ $0 != "/" }) == true else {
            throw UsageError("option '--origin' must be local or an absolute URL such as https://wallet.frak.id, got '\(origin)'",
                             subcommand: args.subcommand)
        }
        return origin
    }

    /// Warnings for the simulated user's options given where no plugin reads them (the
    /// plugins say which, `PluginOptions.ignored`), and for an iOS activity type UIKit lacks.
    static func ignored(_ args: ArgumentList, platform: Platform, plugin: String? = nil) -> [CallWarning] {
        guard platform != .ios else { return args.value("activity").flatMap(ActivityTypeCheck.warning(for:)).map { [$0] } ?? [] }
        return PluginOptions.ignored(activity: args.value("activity") != nil, device: args.value("device") != nil,
                                     cancel: args.flag("cancel"), platform: platform, plugin: plugin)
    }
}
