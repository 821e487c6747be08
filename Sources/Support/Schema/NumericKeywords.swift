import BridgeJSON

// `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`, compared exactly on
// the numbers' decimal digits (see `DecimalArithmetic`).

extension SchemaCompiler {
    /// A keyword whose argument is a number (`multipleOf` must be positive).
    func compileNumeric(_ name: String, _ value: JSON, at location: String) throws(SchemaError) -> Keyword {
        guard case .number(let n) = value else { throw SchemaError.malformed(name, at: location, "must be a number") }
        switch name {
        case "multipleOf":
            guard DecimalArithmetic.compare(n, JSONNumber(0)) > 0 else {
                throw SchemaError.malformed(name, at: location, "must be greater than 0")
            }
            return .multipleOf(n)
        case "maximum": return .maximum(n)
        case "exclusiveMaximum": return .exclusiveMaximum(n)
        case "minimum": return .minimum(n)
        default: return .exclusiveMinimum(n)
        }
    }
}

extension Evaluation {
    func checkNumber(_ keyword: Keyword, _ n: JSONNumber) -> Bool {
        switch keyword {
        case .multipleOf(let m):
            return DecimalArithmetic.isMultiple(n, of: m) || fail("expected a multiple of \(m), got \(n)")
        case .maximum(let limit):
            return DecimalArithmetic.compare(n, limit) <= 0 || fail("expected at most \(limit), got \(n)")
        case .exclusiveMaximum(let limit):
            return DecimalArithmetic.compare(n, limit) < 0 || fail("expected less than \(limit), got \(n)")
        case .minimum(let limit):
            return DecimalArithmetic.compare(n, limit) >= 0 || fail("expected at least \(limit), got \(n)")
        case .exclusiveMinimum(let limit):
            return DecimalArithmetic.compare(n, limit) > 0 || fail("expected more than \(limit), got \(n)")
        default:
            return true
        }
    }
}
