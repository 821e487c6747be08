import BridgeBinding

/// A plugin's native protocol, written from its command declarations: one typed method per
/// declared command (`CommandDeclaration.nativeMethod`), the dispatch of Tauri's
/// `run_mobile_plugin(method, payload)` onto those methods, and the per-platform backends.
///
/// The command layer reaches the native side by the declaration's method name
/// (`NativePlugin.start`), so a new command compiles before this file is regenerated; once it is,
/// every backend that conforms must implement the new method.
public enum NativeProtocolWriter {
    /// What the generator needs to know of a plugin's native side.
    public struct Interface: Sendable {
        /// The protocol's name, e.g. `FrakShareNative`.
        public let protocolName: String
        /// The type each method receives, e.g. `NativeCall`.
        public let callType: String
        /// The generated source, e.g. `Sources/Device/ShareNatives/FrakShareNative.swift`.
        public let source: String
    }

    public static func source(plugin: String, interface n: Interface, commands: [CommandDeclaration]) -> String {
        let typePrefix = TypeScriptWriter.typeName(plugin)
        let label = typePrefix.prefix(1).lowercased() + typePrefix.dropFirst()
        var s = """
        // Generated from the command declarations of the \(plugin) plugin by `swift run bridge-generate`.
        // DO NOT EDIT: declare the command (a `KitCommand` in its plugin's declaration) and regenerate,
        // then implement its method on each backend.
        import BridgeCall
        import BridgeProtocol

        /// The native side of the \(plugin) plugin on one platform: one method per declared command,
        /// as the plugin's Swift (`@objc`) and Kotlin (`@Command`) code has it.
        ///
        /// A backend checks the call itself (layers 2 and 3): it never relies on the command layer
        /// having done so.
        public protocol \(n.protocolName): Sendable {
            /// `ios` or `android`: the `data.layer` of the backend's own refusals.
            var layer: String { get }

        """
        for command in commands {
            s += "\n    /// `\(command.nativeMethod)`, for `plugin:\(plugin)|\(command.name)`: \(command.summary)\n"
            if !command.resultDoc.isEmpty { s += "    /// \(command.resultDoc)\n" }
            s += "    /// Runs on the caller's thread: its checks once, then the answer, or what waits (`CallStep`).\n"
            s += "    func \(command.nativeMethod)(_ call: \(n.callType)) throws(ResponseError) -> CallStep\n"
        }
        s += """
        }

        extension NativePlugin where Call == \(n.callType) {
            /// The \(plugin) plugin's native side as `native` implements it: each declared method by its name.
            public init(\(label) native: any \(n.protocolName)) {
                self.init(layer: native.layer) { (method: String, call: \(n.callType)) throws(ResponseError) -> CallStep in
                    switch method {

        """
        for command in commands {
            s += "            case \"\(command.nativeMethod)\": return try native.\(command.nativeMethod)(call)\n"
        }
        s += """
                    default: throw NativePlugin.noMethod(method, plugin: "\(plugin)", layer: native.layer)
                    }
                }
            }
        }

        /// The \(plugin) plugin's native side on each mobile platform; desktop builds have none.
        public typealias \(typePrefix)Backends = PlatformBackends<\(n.callType)>

        extension PlatformBackends where Call == \(n.callType) {
            /// The \(plugin) plugin's backends on iOS and Android (named for the plugin: plugins whose
            /// calls share a type each have their own).
            public static func \(label)(ios: any \(n.protocolName), android: any \(n.protocolName)) -> PlatformBackends {
                PlatformBackends(ios: NativePlugin(\(label): ios), android: NativePlugin(\(label): android))
            }
        }

        """
        return s
    }
}
