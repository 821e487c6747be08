import BridgeJSON

/// A `tauri::ipc::Channel` argument as the IPC sends it: `"__CHANNEL__:<id>"`.
public enum ChannelArgument {
    /// The channel's id, or `nil` for any other value.
    public static func id(_ value: JSON?) -> UInt32? {
        guard let text = value?.stringValue, text.hasPrefix("__CHANNEL__:") else { return nil }
        return UInt32(text.dropFirst("__CHANNEL__:".count))
    }
}
