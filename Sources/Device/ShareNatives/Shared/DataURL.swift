import FoundationEssentials
import Glibc
import BridgeSystem

/// A `data:` URL (RFC 2397, as the Fetch standard's data: URL processor reads it): an optional
/// media type, an optional `;base64`, then the payload (percent-decoded first). Bytes an image,
/// a movie or a PDF unmistakably begin with win over the declared media type; otherwise the
/// declared type is the file's when its name gives none (`ShareFileKind.identify`).
///
/// A file's name may travel as the media type parameter `name` (or `filename`), its value
/// percent-encoded UTF-8 (`data:image/png;name=Trip%20photo.png;base64,…`): what browser mode's
/// `navigator.share` sends for a `File`, whose name a `data:` URL otherwise loses.
struct DataURL: Equatable {
    /// The media type as declared (`text/plain;charset=US-ASCII` when none is).
    let declaredType: String
    let bytes: [UInt8]
    /// The `name` (or `filename`) parameter, decoded, with `/` replaced by `:` as the File API
    /// does; `nil` when absent or empty.
    var name: String? = nil

    /// The declared media type's essence (`application/json`), or `nil` when none was declared
    /// (`data:,…`, `data:;name=x;base64,…`: a `File` without a type).
    var mediaType: String? {
        guard declaredType != "text/plain;charset=US-ASCII" else { return nil }
        let essence = declaredType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingWhitespace() } ?? ""
        return essence.isEmpty ? nil : essence
    }

    /// Why a `data:` URL cannot be decoded.
    struct Problem: Error, Equatable {
        let reason: String
    }

    /// Why `text` is not a `data:` URL the bridge can decode, or the decoded URL.
    static func parse(_ text: String, limit: Int) -> Result<DataURL, Problem> {
        guard text.count >= 5, text.prefix(5).lowercased() == "data:" else { return .failure(Problem(reason: "not a data: URL")) }
        let rest = text.dropFirst(5)
        guard let comma = rest.firstIndex(of: ",") else { return .failure(Problem(reason: "a data: URL needs a `,` before its payload")) }
        var header = String(rest[..<comma]).trimmingWhitespace()
        let payload = String(rest[rest.index(after: comma)...])
        var base64 = false
        if header.lowercased().hasSuffix(";base64") {
            base64 = true
            header = String(header.dropLast(7)).trimmingWhitespace()
        }
        guard let decoded = percentDecoded(payload) else { return .failure(Problem(reason: "its payload has a `%` that starts no two-digit escape")) }
        // Base64 needs 4/3 as many characters as bytes: refuse an oversized payload before decoding it.
        guard decoded.count <= (base64 ? (limit / 3 + 1) * 4 + 4 : limit) else {
            return .failure(Problem(reason: "its payload is over the \(ShareFileLimits.describe(limit)) per-file cap"))
        }
        var bytes = decoded
        if base64 {
            let stripped = decoded.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D) }
            var padded = stripped
            while padded.count % 4 != 0 { padded.append(UInt8(ascii: "=")) }
            guard stripped.count % 4 != 1, let data = Data(base64Encoded: Data(padded)) else {
                return .failure(Problem(reason: "its ;base64 payload is not valid base64"))
            }
            bytes = [UInt8](data)
        }
        guard bytes.count <= limit else { return .failure(Problem(reason: "its payload is over the \(ShareFileLimits.describe(limit)) per-file cap")) }
        let name: String?
        switch nameParameter(header) {
        case .failure(let problem): return .failure(problem)
        case .success(let n): name = n
        }
        return .success(DataURL(declaredType: header.isEmpty ? "text/plain;charset=US-ASCII" : header, bytes: bytes, name: name))
    }

    /// The decoded `name` / `filename` parameter of a media type (`image/png;name=a%20b.png`).
    static func nameParameter(_ mediaType: String) -> Result<String?, Problem> {
        for parameter in mediaType.split(separator: ";").dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let attribute = parameter[..<equals].trimmingWhitespace().lowercased()
            guard attribute == "name" || attribute == "filename" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard let bytes = percentDecoded(value), let decoded = String(validating: bytes, as: UTF8.self),
                  !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                return .failure(Problem(reason: "its `\(attribute)` parameter is not percent-encoded UTF-8 without control characters"))
            }
            let name = decoded.replacing(literal: "/", with: ":")
            return .success(name.isEmpty || name == "." || name == ".." ? nil : name)
        }
        return .success(nil)
    }

    static func percentDecoded(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            if input[i] == UInt8(ascii: "%") {
                guard i + 2 < input.count, let h = hex(input[i + 1]), let l = hex(input[i + 2]) else { return nil }
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(input[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
