import BridgeJSON
import BridgeSchema
import Foundation
import Testing

@Suite("Large and deep instances")
struct LargeInstanceTests {
    static let item = #"{"type": "object", "required": ["id", "name"], "additionalProperties": false,"#
        + #""properties": {"id": {"type": "integer", "minimum": 0}, "name": {"type": "string", "maxLength": 20}, "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}"#

    @Test("an array of 200,000 small objects validates in linear time")
    func largeArray() throws {
        let v = try validator(#"{"type": "array", "items": \#(LargeInstanceTests.item)}"#)
        func instance(_ count: Int) -> JSON {
            .array((0..<count).map { k in .object(["id": .integer(k), "name": .string("item \(k)"), "tags": ["a", "b"]]) })
        }
        let small = instance(20_000), large = instance(200_000)
        let clock = ContinuousClock()
        let smallTime = clock.measure { #expect(v.validate(small).isEmpty) }
        let largeTime = clock.measure { #expect(v.validate(large).isEmpty) }
        print("200,000 objects: \(largeTime) (20,000: \(smallTime))")
        #expect(largeTime < .seconds(120))
        // Linear: ten times the items takes about ten times as long; quadratic would be a hundred
        // (the slack is for a loaded machine, where one run may be slowed and the other not).
        #expect(largeTime < smallTime * 60)
    }

    @Test("errors deep inside a large instance carry their full paths")
    func errorsInLargeInstance() throws {
        let v = try validator(#"{"type": "array", "items": \#(LargeInstanceTests.item)}"#)
        var items = (0..<100_000).map { k in JSON.object(["id": .integer(k), "name": .string("n")]) }
        items[99_999] = .object(["id": .integer(-1), "name": .string("n"), "extra": true])
        let errors = v.validate(.array(items))
        // In schema order: additionalProperties is written before properties.
        #expect(errors.map(\.instancePath) == ["/99999/extra", "/99999/id"])
        #expect(!v.isValid(.array(items)))
    }

    @Test("one validator serves many tasks at once, patterns included")
    func concurrentValidation() async throws {
        let v = try validator(##"{"items": {"type": "object", "patternProperties": {"^x-": {"pattern": "^[a-z]+$"}}}}"##)
        let good = JSON.array((0..<2_000).map { _ in .object(["x-a": "abc"]) })
        let bad = JSON.array((0..<2_000).map { _ in .object(["x-a": "ABC"]) })
        let results = await withTaskGroup(of: (Bool, Int).self) { group in
            for k in 0..<8 {
                group.addTask { k % 2 == 0 ? (v.isValid(good), v.validate(good).count) : (v.isValid(bad), v.validate(bad).count) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 == (true, 0) }.count == 4)
        #expect(results.filter { $0 == (false, 2_000) }.count == 4)
    }

    @Test("deeply nested instances against a recursive schema")
    func deepInstance() throws {
        let v = try validator(##"{"type": ["array", "integer"], "items": {"$ref": "#"}}"##)
        var value = JSON.integer(1)
        for _ in 0..<1_000 { value = .array([value]) }
        #expect(v.isValid(value))
        var bad = JSON.string("x")
        for _ in 0..<3 { bad = .array([bad]) }
        #expect(v.validate(bad).map(\.instancePath) == ["/0/0/0"])
    }
}
