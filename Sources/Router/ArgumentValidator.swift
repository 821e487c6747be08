import BridgeJSON
import BridgeProtocol

/// Checks a call's arguments against its command's published contract (a schema) before
/// binding; `nil` means the arguments conform (or the command publishes none).
public protocol ArgumentValidator: Sendable {
    func check(_ name: CommandName, arguments: JSONObject) -> ResponseError?
}
