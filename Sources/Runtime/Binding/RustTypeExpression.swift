/// A Rust type as written, parsed into its parts (references, lifetimes and `dyn`/`impl`
/// left as the reader found them): what `bridge types` and `--auto-answer` resolve against the
/// app's own `struct`, `enum` and `type` declarations (`SerdeTypes`).
public indirect enum RustTypeExpression: Sendable, Equatable, CustomStringConvertible {
    /// `std::collections::HashMap<String, Vec<u8>>`: the path as written (`std::collections::HashMap`)
    /// and its generic arguments (lifetimes left out).
    case path(String, [RustTypeExpression])
    /// `(String, u32)`; `()` is the empty tuple.
    case tuple([RustTypeExpression])
    /// `[u8; 32]` or `[u8]`.
    case array(RustTypeExpression)
    /// What the reader could not take apart (`dyn Fn(u8) -> u8`, `impl Serialize`), as written.
    case opaque(String)

    /// The last segment of a path (`HashMap`), or `nil` for any other kind.
    public var name: String? {
        guard case .path(let path, _) = self else { return nil }
        return path.split(separator: ":").last.map(String.init) ?? path
    }

    public var description: String {
        switch self {
        case .path(let path, let generics):
            generics.isEmpty ? path : "\(path)<\(generics.map(\.description).joined(separator: ", "))>"
        case .tuple(let items): "(\(items.map(\.description).joined(separator: ", ")))"
        case .array(let element): "[\(element)]"
        case .opaque(let text): text
        }
    }

    /// The expression of `text`.
    /// - Throws: `RustTypeError.tooDeep` past `RustTypeReader.maxDepth` nested brackets.
    public init(rust text: String) throws(RustTypeError) {
        self = try RustTypeReader(text).expression()
    }
}
