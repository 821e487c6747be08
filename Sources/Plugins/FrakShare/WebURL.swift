import Foundation

/// The Web Share rule for shared links: an absolute `http` or `https` URL with a host.
enum WebURL {
    /// Why `text` is not a shareable web URL, or `nil` when it is.
    static func problem(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return "must be an absolute http or https URL"
        }
        guard scheme == "http" || scheme == "https" else {
            return "must be an http or https URL, not \(scheme):"
        }
        guard let host = components.host, !host.isEmpty else {
            return "must be an absolute http or https URL with a host"
        }
        return nil
    }
}
