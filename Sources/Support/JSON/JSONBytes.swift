/// Bytes a `JSON` value holds as they are, one byte each, rather than as a `JSON` number per byte
/// (which costs some 28 times their size): what a command answers with a byte buffer (Tauri's
/// `ipc::Response`, `Vec<u8>`).
///
/// It serialises as the array of its numbers (`[104,105]`) and is equal to that array; a transport
/// that carries raw bodies (Tauri's IPC over HTTP) may send the bytes themselves instead.
public struct JSONBytes: Sendable {
    /// The bytes.
    public let bytes: [UInt8]
    /// Kept alive exactly as long as the bytes: whatever accounts for them (a budget's lease)
    /// hears, when it is released, that they are gone.
    private let owner: (any AnyObject & Sendable)?

    /// The bytes of `bytes`, accounted for by `owner` (released with them), if given.
    public init(_ bytes: [UInt8], owner: (any AnyObject & Sendable)? = nil) {
        self.bytes = bytes
        self.owner = owner
    }

    /// The number of bytes.
    public var count: Int { bytes.count }

    /// The bytes as `JSON` numbers, each its own element (what `JSON.arrayValue` answers).
    public var elements: [JSON] { bytes.map { JSON.byteNumbers[Int($0)] } }

    /// The length of the compact serialisation (`[1,2,3]`), counted without writing it.
    public var serializedCount: Int {
        guard !bytes.isEmpty else { return 2 }
        var digits = 0
        for b in bytes { digits += b < 10 ? 1 : b < 100 ? 2 : 3 }
        return digits + bytes.count - 1 + 2
    }
}

extension JSON {
    /// The 256 numbers a byte can be, made once.
    static let byteNumbers: [JSON] = (0...255).map { .number(JSONNumber($0)) }
}
