import BridgeBinding
import BridgeDevice
import BridgeJSON

/// What the fs and http commands read from a page before anything else: integers (`mode`,
/// `len`, `rid`, `offset`) and paths. Any bytes: as integers of every Rust type, the reader never
/// traps, and what it accepts is within the type's range and reads back the same; as a path on
/// every platform, normalising is stable (from the second round on Windows, where a drive-like
/// component can become the prefix) and leaves no `.` or `..`, and a path with no `..`
/// component (what fs lets through `SafeFilePath`) never climbs above where it starts.
/// Input: a JSON number, then optionally 0x00 and a path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (numberBytes, pathBytes) = split(bytes(data, size))
    if let number = JSONNumber(text: String(decoding: numberBytes, as: UTF8.self)) {
        for type in ["u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize"] {
            switch RustInteger.read(.number(number), as: type) {
            case .success(let v):
                guard let range = RustInteger.range(type), range.contains(v) else { finding("\(number.text) read as \(type) out of range: \(v)") }
                guard let again = JSONNumber(text: "\(v)"), case .success(v) = RustInteger.read(.number(again), as: type) else {
                    finding("\(number.text) as \(type) = \(v) does not read back")
                }
            case .failure(let refusal):
                guard refusal.message.hasPrefix("invalid value: integer `") || refusal.message.hasPrefix("invalid type: floating point `") else {
                    finding("\(number.text) as \(type): unexpected words \(refusal.message)")
                }
            }
        }
    }
    let path = String(decoding: pathBytes, as: UTF8.self)
    for platform in Platform.allCases {
        let syntax = PathSyntax(platform)
        // On Windows a component that looks like a drive (`C:.`) becomes the prefix once what stood
        // before it is popped, as Rust's `Path` reads it again: stable from the second round on.
        let once = syntax.normalize(path, resolving: true)
        let normal = syntax.normalize(once, resolving: true)
        guard syntax.normalize(normal, resolving: true) == normal else { finding("\(path.debugDescription) normalises unstably on \(platform)") }
        let (_, parts) = syntax.components(normal)
        if parts.contains("..") || parts.contains(".") || parts.contains("") { finding("\(path.debugDescription) keeps \(parts) on \(platform)") }
        // Without `..` normalising only drops `.`: every written component stays, in order (a
        // drive-like first component is compared as written, before it is read as a prefix).
        let (writtenRoot, written) = syntax.components(path)
        let kept = writtenRoot + written.joined(separator: String(syntax.separator))
        if !written.contains("..") && once != kept {
            finding("\(path.debugDescription) has no .. but normalises to \(once.debugDescription), not \(kept.debugDescription), on \(platform)")
        }
        let base = syntax.root + "base"
        if !syntax.isAbsolute(path), !path.isEmpty, !syntax.push(base, path).hasPrefix(base) {
            finding("\(path.debugDescription) pushed on \(base) leaves it on \(platform)")
        }
    }
    return 0
}
