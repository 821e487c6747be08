import FoundationEssentials
import Glibc

/// An error as a sentence, for messages (Foundation's `localizedDescription`): a system error's
/// `strerror` text, with the file it names when it names one.
public func describe(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError {
        var text = String(describing: cocoa.code)
        if let underlying = cocoa.underlying as? POSIXError { text = String(cString: strerror(underlying.code.rawValue)) }
        if let path = cocoa.filePath { return "\(path): \(text)" }
        return text
    }
    if let decoding = error as? DecodingError {
        switch decoding {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }
    return String(describing: error)
}
