import BridgeBinding
import FoundationEssentials
import Glibc
import BridgeSystem

/// A `struct`, `enum` or `type` alias of the app's Rust sources, with the serde attributes that
/// shape its JSON: what `bridge types` writes as TypeScript and `--auto-answer` fills in.
public struct RustDeclaration: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        /// `struct S { a: T }`, `struct S(T, U);`, `struct S;`.
        case structure(RustFields)
        case enumeration([RustVariant])
        /// `type A<T> = B<T>;`
        case alias(RustTypeExpression)
    }

    public let name: String
    /// Its generic type parameters (`T` of `struct Page<T>`), lifetimes and consts left out.
    public let parameters: [String]
    public let serde: SerdeAttributes
    public let body: Body
    /// The file as shown (`src/lib.rs`) and the line of the declaration.
    public let file: String
    public let line: Int
}

/// The fields of a struct or an enum variant.
public enum RustFields: Sendable, Equatable {
    case named([RustField])
    case unnamed([RustField])
    case unit
}

/// One field, with its serde attributes (`name` is empty for a tuple field).
public struct RustField: Sendable, Equatable {
    public let name: String
    public let type: RustTypeExpression
    public let serde: SerdeAttributes
}

/// One variant of an enum, with its serde attributes.
public struct RustVariant: Sendable, Equatable {
    public let name: String
    public let fields: RustFields
    public let serde: SerdeAttributes
}

extension RustSource {
    /// Every `struct`, `enum` and `type` declared in the file (in modules, impls and function
    /// bodies alike), with the attributes written just before it; in time linear in its length.
    func declarations() -> [RustDeclaration] {
        var out: [RustDeclaration] = []
        let lines = LineIndex(text)
        var attributes: [String] = []
        var itemStart: Int? = nil
        var i = 0
        while i < text.count {
            let c = text[i]
            if c.isWhitespace { i += 1; continue }
            if c == "#", i + 1 < text.count, text[i + 1] == "[" || text[i + 1] == "!" {
                let open = text[i + 1] == "!" ? i + 2 : i + 1
                guard open < text.count, text[open] == "[" else { i += 1; continue }
                let end = closing(open)
                if text[i + 1] == "[" {
                    attributes.append(String(original[(open + 1)..<max(open + 1, end - 1)]))
                    itemStart = itemStart ?? i
                }
                i = end
                continue
            }
            guard c.isLetter || c == "_" else { attributes = []; itemStart = nil; i += 1; continue }
            var e = i
            while e < text.count && (text[e].isLetter || text[e].isNumber || text[e] == "_") { e += 1 }
            let word = String(text[i..<e])
            switch word {
            case "pub":
                var k = e
                skipSpace(&k)
                i = k < text.count && text[k] == "(" ? closing(k) : e
                itemStart = itemStart ?? i
            case "struct", "enum", "type":
                if let declaration = declaration(word, after: e, attributes: attributes, line: lines.line(at: itemStart ?? i)) {
                    out.append(declaration.value)
                    i = declaration.end
                } else {
                    i = e
                }
                attributes = []
                itemStart = nil
            default:
                attributes = []
                itemStart = nil
                i = e
            }
        }
        return out
    }

    /// The item after `struct`, `enum` or `type`, and where it ends; `nil` when it is not one.
    private func declaration(_ keyword: String, after start: Int, attributes: [String], line: Int)
        -> (value: RustDeclaration, end: Int)? {
        var i = start
        skipSpace(&i)
        var n = i
        while n < text.count && (text[n].isLetter || text[n].isNumber || text[n] == "_") { n += 1 }
        guard n > i else { return nil }
        let name = String(text[i..<n])
        i = n
        skipSpace(&i)
        var parameters: [String] = []
        if i < text.count && text[i] == "<" {
            let end = closing(i)
            for part in topLevel((i + 1)..<max(i + 1, end - 1), separatedBy: ",") {
                let piece = String(text[part]).trimmingWhitespace()
                guard !piece.hasPrefix("'"), !piece.hasPrefix("const ") else { continue }
                let bare = piece.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !bare.isEmpty { parameters.append(String(bare)) }
            }
            i = end
            skipSpace(&i)
        }
        let serde = SerdeAttributes(attributes)
        func make(_ body: RustDeclaration.Body) -> RustDeclaration {
            RustDeclaration(name: name, parameters: parameters, serde: serde, body: body, file: shown, line: line)
        }
        if keyword == "type" {
            guard i < text.count, text[i] == "=" else { return nil }
            var e = i + 1
            var depth = 0
            while e < text.count {
                if "<([{".contains(text[e]) { depth += 1 } else if ")]}".contains(text[e]) || (text[e] == ">" && text[e - 1] != "-") { depth -= 1 }
                if depth <= 0 && text[e] == ";" { break }
                e += 1
            }
            guard let expression = try? RustTypeReader(String(text[(i + 1)..<e])).expression() else { return nil }
            return (make(.alias(expression)), min(e + 1, text.count))
        }
        // A `where` clause stands between the generics and the body.
        while i < text.count && text[i] != "{" && text[i] != "(" && text[i] != ";" { i = text[i] == "<" ? closing(i) : i + 1 }
        guard i < text.count else { return nil }
        if keyword == "struct" {
            guard let (fields, end) = fields(at: i) else { return nil }
            return (make(.structure(fields)), end)
        }
        guard text[i] == "{" else { return nil }
        let end = closing(i)
        var variants: [RustVariant] = []
        for part in topLevel((i + 1)..<max(i + 1, end - 1), separatedBy: ",") {
            var k = part.lowerBound
            let (variantAttributes, after) = leadingAttributes(from: k, to: part.upperBound)
            k = after
            var v = k
            while v < part.upperBound && (text[v].isLetter || text[v].isNumber || text[v] == "_") { v += 1 }
            guard v > k else { continue }
            let variantName = String(text[k..<v])
            skipSpace(&v)
            let fields: RustFields
            if v < part.upperBound, text[v] == "{" || text[v] == "(", let read = self.fields(at: v) {
                fields = read.fields
            } else {
                fields = .unit
            }
            variants.append(RustVariant(name: variantName, fields: fields, serde: SerdeAttributes(variantAttributes)))
        }
        return (make(.enumeration(variants)), end)
    }

    /// The fields of `{ a: T, … }`, `( T, … )` or `;` at `i`, and the index past them.
    private func fields(at i: Int) -> (fields: RustFields, end: Int)? {
        guard i < text.count else { return nil }
        if text[i] == ";" { return (.unit, i + 1) }
        let end = closing(i)
        let named = text[i] == "{"
        var fields: [RustField] = []
        for part in topLevel((i + 1)..<max(i + 1, end - 1), separatedBy: ",") {
            var (fieldAttributes, k) = leadingAttributes(from: part.lowerBound, to: part.upperBound)
            if matches("pub", at: k), k + 3 < part.upperBound, !(text[k + 3].isLetter || text[k + 3].isNumber || text[k + 3] == "_") {
                k += 3
                skipSpace(&k)
                if k < part.upperBound && text[k] == "(" { k = closing(k); skipSpace(&k) }
            }
            var name = ""
            var typeStart = k
            if named {
                var colon = k
                while colon < part.upperBound && text[colon] != ":" { colon += 1 }
                guard colon < part.upperBound else { continue }
                name = String(text[k..<colon]).trimmingWhitespaceAndNewlines()
                if name.hasPrefix("r#") { name.removeFirst(2) }
                typeStart = colon + 1
            }
            guard let type = try? RustTypeReader(String(text[typeStart..<part.upperBound])).expression() else { continue }
            fields.append(RustField(name: name, type: type, serde: SerdeAttributes(fieldAttributes)))
        }
        var after = end
        if !named { var k = end; skipSpace(&k); if k < text.count && text[k] == ";" { after = k + 1 } }
        return (named ? .named(fields) : (fields.isEmpty ? .unit : .unnamed(fields)), after)
    }

    /// The `#[…]` attributes (as written, without `#[` and `]`) from `i`, and the index after them.
    private func leadingAttributes(from start: Int, to limit: Int) -> ([String], Int) {
        var attributes: [String] = []
        var k = start
        skipSpace(&k)
        while k + 1 < limit && text[k] == "#" && text[k + 1] == "[" {
            let end = closing(k + 1)
            attributes.append(String(original[(k + 2)..<max(k + 2, end - 1)]))
            k = end
            skipSpace(&k)
        }
        return (attributes, k)
    }
}
