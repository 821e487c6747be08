import BridgeJSON

/// A small JSON file in a folder of a container, read and rewritten under the folder's lock and
/// written durably (a temporary file, fsync, rename), as the store writes its own files; what
/// the Android receiver keeps its activity's lifecycle in.
public enum LockedJSONFile {
    /// Runs `body` on the file's value (`nil` when there is none yet) under the folder's lock, then
    /// writes back the value `body` leaves.
    /// - Parameters:
    ///   - name: the file's name in `folder`.
    ///   - folder: a folder of `container`, made when missing.
    ///   - what: what the file holds, for refusals (`an activity state`).
    ///   - remedy: what to do with a file that is not that (`remove it to start the app afresh`).
    ///   - limit: the largest file read.
    /// - Throws: `storage` for a file that is not JSON, too large, not a plain file of its own,
    ///   or cannot be written; whatever `body` throws (nothing is written then).
    public static func update<T>(_ name: String, folder: String, in container: String, what: String, remedy: String,
                                 limit: Int = 64 * 1024, _ body: (inout JSON?) throws(InboxError) -> T) throws(InboxError) -> T {
        let folder = try DirectoryHandle.container(container).folder(folder)
        return try FileLock(folder: folder, name: "lock").withLock { () throws(InboxError) -> T in
            var value: JSON?
            switch folder.read(name, limit: limit) {
            case .bytes(let bytes):
                guard let json = try? JSONParser.parse(bytes) else {
                    throw InboxError(.storage, "\(folder.child(name)) is not \(what); \(remedy)")
                }
                value = json
            case .unreadable:
                break
            case .notOwnFile(let entry):
                throw DirectoryHandle.unsafe(folder.child(name), is: entry)
            case .tooLarge:
                throw InboxError(.storage, "\(folder.child(name)) is too large to be \(what)")
            }
            let result = try body(&value)
            if let value {
                try DurableFile.write(value.serializedBytes(JSONFormat(sortedKeys: true, pretty: true)), to: name,
                                      in: folder, temporary: folder)
            }
            return result
        }
    }
}
