/// The inline SVG drawings of the rendering: app icons, action glyphs and placeholders. Drawn
/// here, so the document loads nothing.
enum Glyph: String, CaseIterable {
    case airDrop, messages, mail, notes, reminders, genericApp
    case copy, readingList, saveImage, files, print, more
    case close
    case linkPlaceholder, textPlaceholder
    case androidMessages, gmail, nearbyShare, bluetooth, drive, keep, androidCopy
    case faceID, fingerprint

    /// The glyph as an `<svg>` element, `size` CSS pixels square, hidden from assistive
    /// technology (the button around it carries the name).
    func svg(size: Int) -> String {
        "<svg class=\"glyph\" data-glyph=\"\(rawValue)\" width=\"\(size)\" height=\"\(size)\" viewBox=\"0 0 60 60\" aria-hidden=\"true\" focusable=\"false\">\(body)</svg>"
    }

    private var body: String {
        switch self {
        case .airDrop:
            return """
            <rect width="60" height="60" rx="14" fill="#1a8cff"/><g fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round">\
            <path d="M21 40a13 13 0 1 1 18 0"/><path d="M15 45a21 21 0 1 1 30 0"/><path d="M26 35a6 6 0 1 1 8 0"/></g>\
            <path d="M30 33l5 14h-10z" fill="#fff"/>
            """
        case .messages:
            return """
            <rect width="60" height="60" rx="14" fill="#34c759"/><ellipse cx="30" cy="28" rx="19" ry="15" fill="#fff"/>\
            <path d="M17 38l-4 9 11-5z" fill="#fff"/>
            """
        case .mail:
            return """
            <rect width="60" height="60" rx="14" fill="#1e88f5"/><rect x="12" y="18" width="36" height="25" rx="3" fill="#fff"/>\
            <path d="M13 20l17 13 17-13" fill="none" stroke="#1e88f5" stroke-width="2.5"/>
            """
        case .notes:
            return """
            <rect width="60" height="60" rx="14" fill="#fff" stroke="#d8d8dc"/><rect y="0" width="60" height="16" rx="14" fill="#ffcc00"/>\
            <rect y="8" width="60" height="8" fill="#ffcc00"/><g stroke="#c7c7cc" stroke-width="1.5"><path d="M10 27h40M10 36h40M10 45h40"/></g>
            """
        case .reminders:
            return """
            <rect width="60" height="60" rx="14" fill="#fff" stroke="#d8d8dc"/><circle cx="17" cy="20" r="4" fill="#007aff"/>\
            <circle cx="17" cy="31" r="4" fill="#ff3b30"/><circle cx="17" cy="42" r="4" fill="#ff9500"/>\
            <g stroke="#c7c7cc" stroke-width="2"><path d="M26 20h22M26 31h22M26 42h22"/></g>
            """
        case .genericApp:
            return """
            <rect width="60" height="60" rx="14" fill="#8e8e93"/><rect x="17" y="17" width="26" height="26" rx="6" fill="none" stroke="#fff" stroke-width="3"/>
            """
        case .copy:
            return """
            <g fill="none" stroke="#1c1c1e" stroke-width="3.5" stroke-linejoin="round"><rect x="19" y="19" width="26" height="30" rx="4"/>\
            <path d="M15 41V15a4 4 0 0 1 4-4h20"/></g>
            """
        case .readingList:
            return """
            <g fill="none" stroke="#1c1c1e" stroke-width="3.5"><circle cx="18" cy="34" r="9"/><circle cx="42" cy="34" r="9"/>\
            <path d="M27 33q3-3 6 0M9 32l3-12M51 32l-3-12"/></g>
            """
        case .saveImage:
            return """
            <g fill="none" stroke="#1c1c1e" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round">\
            <path d="M30 12v26M20 29l10 10 10-10M13 40v8h34v-8"/></g>
            """
        case .files:
            return """
            <path d="M10 18a4 4 0 0 1 4-4h10l5 5h17a4 4 0 0 1 4 4v19a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4z" fill="none" stroke="#1c1c1e" stroke-width="3.5"/>
            """
        case .print:
            return """
            <g fill="none" stroke="#1c1c1e" stroke-width="3.5" stroke-linejoin="round"><path d="M18 22V12h24v10"/>\
            <rect x="10" y="22" width="40" height="18" rx="4"/><path d="M18 34h24v14H18z"/></g>
            """
        case .more:
            return """
            <circle cx="30" cy="30" r="29" fill="#e5e5ea"/><g fill="#3a3a3c"><circle cx="18" cy="30" r="4"/><circle cx="30" cy="30" r="4"/><circle cx="42" cy="30" r="4"/></g>
            """
        case .close:
            return """
            <circle cx="30" cy="30" r="30" fill="#e3e3e8"/><path d="M21 21l18 18M39 21L21 39" stroke="#7c7c82" stroke-width="5" stroke-linecap="round"/>
            """
        case .linkPlaceholder:
            return """
            <rect width="60" height="60" rx="12" fill="#e5e5ea"/><g fill="none" stroke="#8e8e93" stroke-width="3">\
            <circle cx="30" cy="30" r="17"/><ellipse cx="30" cy="30" rx="7" ry="17"/><path d="M13 30h34M16 21h28M16 39h28"/></g>
            """
        case .textPlaceholder:
            return """
            <rect width="60" height="60" rx="12" fill="#e5e5ea"/><path d="M17 10h19l9 9v31H17z" fill="#fff" stroke="#8e8e93" stroke-width="2.5"/>\
            <g stroke="#8e8e93" stroke-width="2.5"><path d="M22 27h18M22 34h18M22 41h12"/></g>
            """
        case .androidMessages:
            return """
            <circle cx="30" cy="30" r="30" fill="#1a73e8"/><path d="M16 18h28a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H24l-8 7z" fill="#fff"/>
            """
        case .gmail:
            return """
            <circle cx="30" cy="30" r="30" fill="#fff" stroke="#dadce0"/><path d="M14 20v22h7V29l9 7 9-7v13h7V20l-16 12z" fill="#ea4335"/>
            """
        case .nearbyShare:
            return """
            <circle cx="30" cy="30" r="30" fill="#4285f4"/><g fill="none" stroke="#fff" stroke-width="3.5">\
            <path d="M19 36a12 12 0 0 1 22 0"/><path d="M13 40a19 19 0 0 1 34 0"/></g><circle cx="30" cy="40" r="4" fill="#fff"/>
            """
        case .bluetooth:
            return """
            <circle cx="30" cy="30" r="30" fill="#0a5bd3"/><path d="M22 22l16 16-8 7V15l8 7-16 16" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/>
            """
        case .drive:
            return """
            <circle cx="30" cy="30" r="30" fill="#fff" stroke="#dadce0"/><path d="M24 14h12l13 22H37z" fill="#fbbc04"/>\
            <path d="M24 14L11 36l6 10 13-22z" fill="#34a853"/><path d="M17 46h26l6-10H23z" fill="#4285f4"/>
            """
        case .keep:
            return """
            <circle cx="30" cy="30" r="30" fill="#fbbc04"/><path d="M30 14a11 11 0 0 1 6 20v5H24v-5a11 11 0 0 1 6-20z" fill="#fff"/>\
            <rect x="24" y="41" width="12" height="4" rx="1" fill="#fff"/>
            """
        case .faceID:
            return """
            <g fill="none" stroke="#1c1c1e" stroke-width="3" stroke-linecap="round"><path d="M8 18V12a4 4 0 0 1 4-4h6M42 8h6a4 4 0 0 1 4 4v6M52 42v6a4 4 0 0 1-4 4h-6M18 52h-6a4 4 0 0 1-4-4v-6"/>\
            <path d="M22 22v4M38 22v4M30 22v12h-3M23 40a10 10 0 0 0 14 0"/></g>
            """
        case .fingerprint:
            return """
            <g fill="none" stroke="#6750a4" stroke-width="3" stroke-linecap="round"><path d="M18 46a22 22 0 0 1-2-10 14 14 0 0 1 28 0v4"/>\
            <path d="M24 48a26 26 0 0 1-2-12 8 8 0 0 1 16 0c0 6 2 10 4 12"/><path d="M30 36c0 6 1 10 4 14"/><path d="M14 22a20 20 0 0 1 32 0"/></g>
            """
        case .androidCopy:
            return """
            <g fill="none" stroke="#444746" stroke-width="4" stroke-linejoin="round"><rect x="20" y="18" width="24" height="30" rx="3"/>\
            <path d="M14 40V14a3 3 0 0 1 3-3h19"/></g>
            """
        }
    }
}
