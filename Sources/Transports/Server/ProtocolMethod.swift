import BridgeCall

/// The methods the session answers itself, beside plugin commands.
enum ProtocolMethod {
    /// Request: optional session settings; answers server name, version, platform, commands.
    static let initialize = "initialize"
    /// Notification sent by LSP clients after `initialize`; ignored.
    static let initialized = "initialized"
    /// Request: answered with `null` once every running call has been answered.
    static let shutdown = "shutdown"
    /// Notification: end the process (status 0 after `shutdown`, 1 without it, as in LSP).
    static let exit = "exit"
    /// Notification `{"id": …}`: answer that running request with `-32800`.
    static let cancelRequest = "$/cancelRequest"
    /// Request `{"commands": […]}`: the peer answers those commands (`bridge/answer` requests).
    static let handle = "bridge/handle"

    /// Whether `method` may be one of these: a plugin command's method is longer than any of
    /// them, and one byte count rules it out before any comparison.
    static func mayBeProtocol(_ method: String) -> Bool { method.utf8.count <= longest }

    private static let longest = ([initialize, initialized, shutdown, exit, cancelRequest, handle].map(\.utf8.count)
                                  + [SessionMethod.maxNameLength]).max() ?? 0
}
