@testable import BridgeApp
import BridgeJSON
import Foundation
import Testing

/// `Tests/Fixtures/apps/typed/src-tauri`: a command of each serde shape.
private let typed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/apps/typed/src-tauri").path
private let commands = AppCommands.scan(root: typed)

/// The seeds each shape is checked over (fixed, so a failure names the one that broke it).
private let seeds: [UInt64] = Array(1...40)

/// The auto answer of `command` under `seed`, which must be a value.
private func auto(_ command: String, seed: UInt64) throws -> JSON {
    guard case .value(let value)? = AutoAnswers(commands, seed: seed).answer(command) else {
        Issue.record("\(command): no auto answer (seed \(seed))")
        throw CancellationError()
    }
    return value
}

// The checks below are written from the Rust declarations of the typed fixture app (src/models.rs),
// not from the bridge's type model, so a wrong model fails them.

private func isInteger(_ v: JSON?, _ range: ClosedRange<Int>) -> Bool {
    guard let text = v?.numberValue?.text, let n = Int(text) else { return false }
    return range.contains(n)
}
private func isNumber(_ v: JSON?) -> Bool { v?.numberValue != nil }
private func isString(_ v: JSON?) -> Bool { v?.stringValue != nil }
private func keys(_ v: JSON?) -> Set<String> { Set(v?.objectValue?.keys ?? []) }

/// `struct Note`, `#[serde(rename_all = "camelCase")]`.
private func isNote(_ v: JSON) -> Bool {
    let required: Set = ["noteId", "title", "body_text", "tags", "author", "attachments", "scores", "position"]
    let all = required.union(["pinned", "color"])
    guard required.isSubset(of: keys(v)), keys(v).isSubset(of: all) else { return false }
    guard isInteger(v["noteId"], 0...Int.max), isString(v["title"]),
          v["body_text"] == .null || isString(v["body_text"]), v["tags"]?.arrayValue?.allSatisfy(isString) == true,
          v["pinned"] == nil || v["pinned"]?.boolValue != nil, v["color"] == nil || v["color"] == .null || isColor(v["color"]!) else { return false }
    // struct Author: no rename_all.
    guard let author = v["author"], keys(author) == ["display_name", "avatar"], isString(author["display_name"]),
          author["avatar"] == .null || isString(author["avatar"]) else { return false }
    // struct Attachment, with Meta (SCREAMING_SNAKE_CASE) flattened in.
    for (_, attachment) in v["attachments"]?.objectValue?.map({ ($0.key, $0.value) }) ?? [] {
        guard keys(attachment) == ["path", "size", "MIME_TYPE"], isString(attachment["path"]), isInteger(attachment["size"], 0...Int.max) else { return false }
    }
    guard v["scores"]?.objectValue?.allSatisfy({ isNumber($0.value) }) == true else { return false }
    guard let position = v["position"]?.arrayValue, position.count == 2, position.allSatisfy({ isInteger($0, Int(Int32.min)...Int(Int32.max)) })
    else { return false }
    return true
}

/// `enum Color`: externally tagged, `Blue` renamed.
private func isColor(_ v: JSON) -> Bool {
    if let s = v.stringValue { return ["Red", "Green", "sky-blue"].contains(s) }
    guard let o = v.objectValue, o.count == 1, let member = o.members.first else { return false }
    switch member.key {
    case "Custom": return member.value.arrayValue.map { $0.count == 3 && $0.allSatisfy { isInteger($0, 0...255) } } == true
    case "Named": return keys(member.value) == ["name"] && isString(member.value["name"])
    case "Hex": return isString(member.value)
    default: return false
    }
}

/// `enum Shape`: `tag = "type"`, snake_case variants; `Labelled(Label)` beside Label's keys.
private func isShape(_ v: JSON) -> Bool {
    switch v["type"]?.stringValue {
    case "circle": return keys(v) == ["type", "radius"] && isNumber(v["radius"])
    case "rectangle": return keys(v) == ["type", "width", "height"] && isNumber(v["width"]) && isNumber(v["height"])
    case "empty": return keys(v) == ["type"]
    case "labelled": return keys(v) == ["type", "text"] && isString(v["text"])
    default: return false
    }
}

/// `enum Event`: `tag = "kind", content = "data"`, camelCase variants and fields.
private func isEvent(_ v: JSON) -> Bool {
    switch v["kind"]?.stringValue {
    case "started": return keys(v) == ["kind"]
    case "progress": return keys(v) == ["kind", "data"] && isInteger(v["data"], 0...Int(UInt32.max))
    case "finished":
        guard let data = v["data"] else { return false }
        return keys(v) == ["kind", "data"] && keys(data) == ["totalBytes", "filePath"] && isInteger(data["totalBytes"], 0...Int.max)
            && isString(data["filePath"])
    default: return false
    }
}

/// `enum Payload`: untagged.
private func isPayload(_ v: JSON) -> Bool {
    if isString(v) || isInteger(v, Int.min...Int.max) { return true }
    if let pair = v.arrayValue { return pair.count == 2 && isString(pair[0]) && pair[1].boolValue != nil }
    return keys(v) == ["key", "value"] && isString(v["key"])
}

/// `struct Folder`: recursive.
private func isFolder(_ v: JSON) -> Bool {
    keys(v) == ["name", "children", "parent"] && isString(v["name"]) && v["children"]?.arrayValue?.allSatisfy(isFolder) == true
        && (v["parent"] == .null || isFolder(v["parent"]!))
}

@Suite("--auto-answer: a value of each command's declared return type, as serde writes it")
struct AutoAnswerTests {
    @Test("each command's answer has the shape its Rust declaration gives, over 40 seeds", arguments: [
        ("greet", { (v: JSON) in isString(v) }),
        ("get_note", isNote),
        ("list_notes", { v in keys(v) == ["items", "next"] && v["items"]?.arrayValue?.allSatisfy(isNote) == true
            && (v["next"] == .null || isInteger(v["next"], 0...Int(UInt32.max))) }),
        ("save_shape", { v in v == .null }),
        ("last_shape", isShape),
        ("pick_color", isColor),
        ("watch_events", isEvent),
        ("payloads", { v in v.arrayValue?.allSatisfy(isPayload) == true }),
        ("tuple_stats", { v in
            guard let t = v.arrayValue, t.count == 3 else { return false }
            return isInteger(t[0], 0...Int(UInt32.max)) && isNumber(t[1]) && isString(t[2])
        }),
        ("scores", { v in v.objectValue?.allSatisfy { $0.value.arrayValue?.allSatisfy { isInteger($0, -32768...32767) } == true } == true }),
        ("tree", isFolder),
        ("ping", { v in v == .null }),
        ("nothing", { v in v == .null }),
    ] as [(String, @Sendable (JSON) -> Bool)])
    func shapes(command: String, matches: @Sendable (JSON) -> Bool) throws {
        for seed in seeds {
            let value = try auto(command, seed: seed)
            #expect(matches(value), "\(command), seed \(seed): \(value.serialized())")
        }
    }

    @Test("every variant of an enum is reached across seeds")
    func variants() throws {
        let kinds = Set(try seeds.compactMap { try auto("watch_events", seed: $0)["kind"]?.stringValue })
        #expect(kinds == ["started", "progress", "finished"])
        let shapes = Set(try seeds.compactMap { try auto("last_shape", seed: $0)["type"]?.stringValue })
        #expect(shapes == ["circle", "rectangle", "empty", "labelled"])
    }

    @Test("the same seed gives the same answers, whatever the order of calls; another seed others")
    func deterministic() throws {
        let names = commands.commands.keys.sorted()
        let forward = names.map { AutoAnswers(commands, seed: 1).answer($0) }
        let shared = AutoAnswers(commands, seed: 1)
        let backward = Array(names.reversed().map { shared.answer($0) }.reversed())
        #expect(forward == backward)
        let other = names.map { AutoAnswers(commands, seed: 2).answer($0) }
        #expect(forward != other)
        #expect(try auto("get_note", seed: 1) == auto("get_note", seed: 1))
    }

    @Test("a result naming a type the sources do not declare is named, not guessed")
    func unresolved() {
        let answers = AutoAnswers(commands, seed: 1)
        #expect(answers.answer("deadline") == .unresolved(["chrono::DateTime<chrono::Utc>"]))
        #expect(answers.answer("remind") == .unresolved(["chrono::DateTime<chrono::Utc>"]), "through struct Reminder")
        #expect(answers.answer("plugin:opener|open_url") == nil, "not an app command: nothing to read")
    }
}
