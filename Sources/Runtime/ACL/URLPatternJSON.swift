import BridgeJSON
import BridgeMatching

extension URLPattern {
    /// The parsed components, as Tauri's resolved ACL shows them.
    public var json: JSON {
        ["hash": .string(hash), "hostname": .string(hostname), "password": .string(password), "pathname": .string(pathname),
         "port": .string(port), "protocol": .string(protocolPart), "search": .string(search), "username": .string(username)]
    }
}
