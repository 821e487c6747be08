import BridgeInbox
import BridgeJSON
import FoundationEssentials
import Glibc
import BridgeSystem

/// The iOS half of `bridge doctor`: the share extension's activation rule (it parses and is
/// not `TRUEPREDICATE`, which App Store review rejects) and the App Group the app and the
/// extension must share (seed 001's setup).
struct IOSChecks {
    let project: TauriProject

    static let groupsKey = "com.apple.security.application-groups"
    static let shareService = "com.apple.share-services"

    /// A plist under `gen/apple`: the app's or an extension's.
    private struct Target {
        let plist: String
        let json: JSON
        var folder: String { Paths.deletingLastComponent(plist) }
        var isShareExtension: Bool { json["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue == IOSChecks.shareService }
        var isApp: Bool { json["NSExtension"] == nil && (json["CFBundlePackageType"]?.stringValue == "APPL" || folder.hasSuffix("_iOS")) }
    }

    /// Whether `gen/apple` holds a share extension's Info.plist.
    static func hasShareExtension(_ project: TauriProject) -> Bool {
        project.applePlists.contains { plist in
            (try? ActivationRuleFile.document(plist))?["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue == shareService
        }
    }

    func run() -> [Finding] {
        var findings: [Finding] = []
        var targets: [Target] = []
        for plist in project.applePlists {
            do {
                targets.append(Target(plist: plist, json: try ActivationRuleFile.document(plist)))
            } catch {
                findings.append(Finding(file: plist, line: 1, message: error.message, fix: "repair the property list (plutil -lint \(plist))"))
            }
        }
        let extensions = targets.filter(\.isShareExtension)
        guard let app = targets.first(where: \.isApp) else {
            return findings
        }
        guard !extensions.isEmpty else {
            findings.append(Finding(file: app.plist, line: 1,
                                    message: "no share extension under \(Paths.deletingLastComponent(app.folder)): iOS lists the app in no share sheet",
                                    fix: "add a Share Extension target in Xcode (File > New > Target > Share Extension); its Info.plist declares NSExtensionPointIdentifier \(IOSChecks.shareService)"))
            return findings
        }
        for ext in extensions {
            findings += rule(ext)
            findings += appGroups(app: app, extension: ext)
        }
        return findings
    }

    private func text(_ file: String) -> String {
        FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private func rule(_ ext: Target) -> [Finding] {
        let lines = SourceLines(text(ext.plist))
        let keyLine = lines.line(of: "<key>NSExtensionActivationRule</key>", fallback: lines.line(of: "<key>NSExtension</key>"))
        guard let value = ext.json["NSExtension"]?["NSExtensionAttributes"]?["NSExtensionActivationRule"] else {
            return [Finding(file: ext.plist, line: keyLine, message: "the share extension has no NSExtensionActivationRule; iOS never offers it",
                            fix: "add NSExtension > NSExtensionAttributes > NSExtensionActivationRule, e.g. a SUBQUERY predicate naming the types the app accepts")]
        }
        let rule: ActivationRule
        do {
            rule = try ActivationRule(value)
        } catch {
            var line = keyLine
            if case .string = value, let parsed = Self.predicateLine(error.message) {
                // The predicate's first line is the <string> line after the key.
                line = lines.line(of: "<string>", from: keyLine, fallback: keyLine) + parsed - 1
            }
            return [Finding(file: ext.plist, line: line, message: error.message.split(separator: "\n").first.map(String.init) ?? error.message,
                            fix: "correct the predicate; Apple's syntax: SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count >= 1).@count >= 1")]
        }
        if rule != .truePredicate, let refusal = Self.acceptsNothing(rule) {
            return [Finding(file: ext.plist, line: keyLine, message: refusal,
                            fix: "make the rule accept the shares the app handles; `bridge extension receive --app-group /tmp/inbox --activation-rule \(ext.plist) --text …` shows why one is refused")]
        }
        if rule == .truePredicate {
            return [Finding(file: ext.plist, line: lines.line(of: "TRUEPREDICATE", from: keyLine, fallback: keyLine),
                            message: "the activation rule is TRUEPREDICATE: the extension is offered for anything, and App Store review rejects it",
                            fix: "replace it with the dictionary form (NSExtensionActivationSupportsText, …ImageWithMaxCount) or a SUBQUERY predicate of the types the app accepts")]
        }
        return []
    }

    /// A message when the rule accepts none of the usual shares (text, a link, an image, a
    /// movie, a PDF), or cannot be evaluated on them; `nil` when it accepts one.
    static func acceptsNothing(_ rule: ActivationRule) -> String? {
        let samples: [(String, ExtensionContext)] = [
            ("text", ["public.plain-text"]), ("a link", ["public.url"]), ("an image", ["public.jpeg"]),
            ("a movie", ["public.mpeg-4"]), ("a PDF", ["com.adobe.pdf"]), ("text and a link", ["public.plain-text", "public.url"]),
        ].map { name, types in (name, ExtensionContext(extensionItems: [.init(attachments: types.map { .init([$0]) })])) }
        var first: String? = nil
        for (_, context) in samples {
            do {
                try rule.evaluate(context)
                return nil
            } catch {
                if first == nil { first = error.message }
            }
        }
        if case .dictionary = rule { return nil }
        return "the activation rule accepts none of text, a link, an image, a movie or a PDF; iOS never offers the extension (for text: \(first ?? "refused"))"
    }

    /// The predicate line an error message names (`… line 3, column 5: …`).
    static func predicateLine(_ message: String) -> Int? {
        guard let range = message.firstRange(of: "does not parse: line ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    private func entitlements(_ target: Target) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: target.folder)) ?? []
        return names.filter { $0.hasSuffix(".entitlements") }.sorted().first.map { Paths.appending(target.folder, $0) }
    }

    private func groups(_ file: String) -> (groups: [String], line: Int)? {
        guard let json = try? ActivationRuleFile.document(file), let list = json[IOSChecks.groupsKey]?.arrayValue else { return nil }
        return (list.compactMap(\.stringValue), SourceLines(text(file)).line(of: IOSChecks.groupsKey))
    }

    private func appGroups(app: Target, extension ext: Target) -> [Finding] {
        let capability = "Signing & Capabilities > + Capability > App Groups"
        var out: [Finding] = []
        let appFile = entitlements(app), extFile = entitlements(ext)
        for (target, file, who) in [(app, appFile, "the app"), (ext, extFile, "the share extension")] where file == nil {
            out.append(Finding(file: target.plist, line: 1, message: "\(who) has no .entitlements file beside its Info.plist, so it names no App Group; the extension's store and the app's read would be different containers",
                               fix: "add the App Groups capability to \(who)'s target (\(capability)) with the same group as the other"))
        }
        guard let appFile, let extFile else { return out }
        let appGroups = groups(appFile), extGroups = groups(extFile)
        for (file, found, who) in [(appFile, appGroups, "the app"), (extFile, extGroups, "the share extension")] where found?.groups.isEmpty ?? true {
            out.append(Finding(file: file, line: 1, message: "\(who)'s entitlements name no App Group (\(IOSChecks.groupsKey))",
                               fix: "add \(IOSChecks.groupsKey) with the group both targets use, e.g. group.\(project.identifier ?? "com.example.app")"))
        }
        if let a = appGroups, let e = extGroups, !a.groups.isEmpty, !e.groups.isEmpty, Set(a.groups).isDisjoint(with: e.groups) {
            out.append(Finding(file: extFile, line: e.line,
                               message: "the share extension's App Groups (\(e.groups.joined(separator: ", "))) and the app's (\(a.groups.joined(separator: ", ")) in \(appFile)) have none in common: what the extension stores, the app never sees",
                               fix: "use the same group in both, e.g. \(a.groups[0])"))
        }
        return out
    }
}
