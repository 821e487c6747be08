/// A JSON value made only when someone reads it, by its maker: as a `JSON` tree, or written
/// straight to its compact bytes (`JSONWriter`). A reader asks for the form it needs: a tree
/// maker's bytes are its serialization, a writer's tree is its bytes parsed. A record sent as
/// bytes (an event to a page) so costs no tree at all when its maker writes it.
public struct JSONRecord: Sendable {
    private enum Maker: Sendable {
        case tree(@Sendable () -> JSON)
        case writer(@Sendable (inout JSONWriter) -> Void)
    }

    private let maker: Maker

    /// A record its maker builds as a `JSON` value.
    public init(_ make: @escaping @Sendable () -> JSON) { maker = .tree(make) }

    /// A record its maker writes value by value.
    public init(writing write: @escaping @Sendable (inout JSONWriter) -> Void) { maker = .writer(write) }

    /// The record as a value.
    public var json: JSON {
        switch maker {
        case .tree(let make): return make()
        case .writer(let write): return JSON(writing: write)
        }
    }

    /// The record's compact serialization.
    public var bytes: [UInt8] {
        switch maker {
        case .tree(let make): return make().serializedBytes()
        case .writer(let write): return JSONWriter.write(write)
        }
    }
}

extension JSON {
    /// The value `body` writes (`JSONWriter`), read back: a record written value by value, for
    /// a reader that wants it as a tree.
    public init(writing body: (inout JSONWriter) -> Void) {
        let bytes = JSONWriter.write(body)
        guard let value = try? JSONParser.parse(bytes) else {
            assertionFailure("a JSONWriter wrote what is not one JSON value: \(String(decoding: bytes, as: UTF8.self))")
            self = .null
            return
        }
        self = value
    }
}
