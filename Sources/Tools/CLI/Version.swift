/// The bridge's version, as `--version` and `initialize` report it.
public enum BridgeVersion {
    public static let current = "0.1.0"
}
