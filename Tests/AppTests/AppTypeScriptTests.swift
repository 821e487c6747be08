@testable import BridgeApp
import Foundation
import Testing

/// `Tests/Fixtures/apps/typed/src-tauri`: a command of each serde shape.
private let typed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/apps/typed/src-tauri").path

/// The module of the typed fixture app.
private let module = AppTypeScript(AppCommands.scan(root: typed), root: typed)

/// The block of `module.text` that declares `name` (up to the blank line after it).
private func declaration(_ name: String) -> String {
    let lines = module.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("export type \(name) =") || $0.hasPrefix("export type \(name)<") }) else { return "" }
    return lines[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
}

@Suite("bridge types: the app's commands as TypeScript, from serde's rules")
struct AppTypeScriptTests {
    @Test("serde's rename_all rules, for variants and fields, as serde_derive's case.rs applies them", arguments: [
        (SerdeRenameRule.camel, "VeryTasty", "very_tasty", "veryTasty", "veryTasty"),
        (.pascal, "VeryTasty", "very_tasty", "VeryTasty", "VeryTasty"),
        (.snake, "VeryTasty", "very_tasty", "very_tasty", "very_tasty"),
        (.screamingSnake, "VeryTasty", "very_tasty", "VERY_TASTY", "VERY_TASTY"),
        (.kebab, "VeryTasty", "very_tasty", "very-tasty", "very-tasty"),
        (.screamingKebab, "VeryTasty", "very_tasty", "VERY-TASTY", "VERY-TASTY"),
        (.lowercase, "VeryTasty", "very_tasty", "verytasty", "very_tasty"),
        (.uppercase, "VeryTasty", "very_tasty", "VERYTASTY", "VERY_TASTY"),
    ])
    func renameRules(rule: SerdeRenameRule, variant: String, field: String, asVariant: String, asField: String) {
        #expect(rule.variant(variant) == asVariant)
        #expect(rule.field(field) == asField)
    }

    @Test("a struct: rename_all, rename, skip, default and skip_serializing_if, Option, Vec, maps, tuples")
    func structure() {
        #expect(declaration("Note") == """
        export type Note = {
          noteId: number
          title: string
          body_text: string | null
          tags: string[]
          pinned?: boolean
          color?: Color | null
          author: Author
          attachments: Record<string, Attachment>
          scores: Record<string, number>
          position: [number, number]
        }
        """)
        #expect(declaration("Attachment").hasSuffix("} & Meta"), "flatten: the field's own keys in place of it")
        #expect(declaration("Meta").contains("MIME_TYPE: string"))
    }

    @Test("enums: externally tagged by default, internally (tag), adjacently (tag + content), untagged")
    func enums() {
        let color = declaration("Color")
        for member in [#"| "Red""#, #"| "sky-blue""#, "Custom: [number, number, number]", "Named: {", "Hex: string"] {
            #expect(color.contains(member), "Color: \(member)")
        }
        let shape = declaration("Shape")
        #expect(shape.contains(#"type: "circle""#) && shape.contains("radius: number"))
        #expect(shape.contains(#"type: "rectangle""#) && shape.contains(#"type: "empty""#))
        #expect(shape.contains("} & Label"), "an internally tagged newtype: the tag beside the inner struct's keys")
        let event = declaration("Event")
        #expect(event.contains(#"kind: "started""#) && !event.contains("kind: \"started\"\n    data"), "a unit variant has no content")
        #expect(event.contains("data: number") && event.contains("totalBytes: number") && event.contains("filePath: string"))
        #expect(declaration("Payload") == """
        export type Payload =
          | string
          | number
          | [string, boolean]
          | {
            key: string
            value: any
          }
        """)
    }

    @Test("newtype, unit, generic and recursive structs, and type aliases")
    func otherStructs() {
        #expect(declaration("NoteId") == "export type NoteId = number")
        #expect(declaration("Nothing") == "export type Nothing = null")
        #expect(declaration("NotePage") == "export type NotePage = Page<Note>")
        #expect(declaration("Page").hasPrefix("export type Page<T> = {\n  items: T[]"))
        #expect(declaration("Folder").contains("children: Folder[]") && declaration("Folder").contains("parent: Folder | null"))
    }

    @Test("one invoke wrapper a command: arguments keyed as Tauri reads them, injected ones left out, Result's T")
    func wrappers() {
        let text = module.text
        #expect(text.contains("""
        export async function greet(args: { name: string }): Promise<string> {
          return invoke<string>("greet", args)
        }
        """))
        #expect(text.contains("export async function getNote(args: { noteId: NoteId }): Promise<Note> {"), "State and AppHandle are injected")
        #expect(text.contains("invoke() rejects with its error, `AppError`"))
        #expect(declaration("AppError").contains(#"code: "NotFound""#), "the error type is exported for a catch to name")
        #expect(text.contains("export async function listNotes(args?: { pageSize?: number | null; filter?: string | null }): Promise<NotePage>"))
        #expect(text.contains("export async function saveShape(args: { shape_id: number; shape: Shape }): Promise<null>"),
                "rename_all = \"snake_case\" keeps the Rust names")
        #expect(text.contains("export async function watchEvents(args: { onEvent: Channel<Event> }): Promise<Event>"))
        #expect(text.contains("import { invoke, Channel } from '@tauri-apps/api/core'"))
        #expect(text.contains("export async function ping(): Promise<null> {\n  return invoke<null>(\"ping\")\n}"))
        #expect(text.contains("export async function tupleStats(): Promise<[number, number, string]>"))
        #expect(text.contains("export async function scores(): Promise<Record<string, number[]>>"))
    }

    @Test("no any but for serde_json::Value")
    func noAny() {
        let anyLines = module.text.split(separator: "\n").filter { $0.range(of: #"\bany\b"#, options: .regularExpression) != nil }
        #expect(anyLines == ["    value: any", "export async function rawSettings(args: { settings: any }): Promise<any> {",
                             "  return invoke<any>(\"raw_settings\", args)"])
    }

    @Test("a type of another crate is unknown, named where it is used")
    func unresolved() {
        #expect(declaration("Reminder").contains("  at: unknown /* chrono::DateTime<chrono::Utc>: not declared in the app's sources */"))
        #expect(module.unresolved.map(\.description) == [
            "chrono::DateTime<chrono::Utc> (used by command deadline (src/lib.rs:82), struct Reminder (src/models.rs:127))",
        ])
    }
}
