import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeKit
import BridgeJSON
import BridgeProtocol

/// What the person does with a dialog (`--dialog ok|cancel`) and which files they pick
/// (`--pick URI`, repeatable: a file:// URL on iOS, a content:// URI on Android, a path on desktop).
public struct DialogAnswers: Sendable, Equatable {
    public enum Press: String, Sendable, CaseIterable {
        /// The confirming button (OK, Yes, the custom OK label).
        case ok
        /// The other button (Cancel, No), or closing a picker.
        case cancel
        /// The No of a Yes/No/Cancel dialog (dialog ≥ 2.4's `buttons`); elsewhere as `cancel`.
        case no
    }

    public var press: Press
    public var picks: [String]

    public init(press: Press = .ok, picks: [String] = []) {
        self.press = press
        self.picks = picks
    }
}

/// `plugin:dialog|…` (`@tauri-apps/plugin-dialog`) as plugins-workspace@77149dc4 has it:
/// `src/commands.rs` binds `message`, `ask`, `confirm` (`title?`, `message`, `kind?` — any string,
/// an unknown one reads as info — and the button labels) and `open`/`save` (`options`, required,
/// its fields defaulted); `src/lib.rs` turns the labels into two buttons (`message` with a custom OK
/// label gets a Cancel button too, `OkCustom`); `ios/Sources/DialogPlugin.swift` (UIAlertController,
/// document pickers) and `android/.../DialogPlugin.kt` (AlertDialog, the document picker) answer
/// `{value, cancelled}` and the picked URLs; mobile has no folder picker.
public enum DialogPlugin {
    static let commandNames = ["open", "save", "message", "ask", "confirm"]
    static let defaultDescription = """
        This permission set configures the types of dialogs
        available from the dialog plugin.

        #### Granted Permissions

        All dialog types are enabled.

        """

    public static func plugin(_ answers: DialogAnswers, versions: ModelledVersions = .newest) -> KitPlugin {
        let text: [(String, RustType)] = [("title", .option(.string)), ("message", .string), ("kind", .option(.string))]
        let labelled = versions.has(UpstreamChanges.dialogMessageButtons)
        return KitPlugin(name: "dialog", origin: .pluginsWorkspace(pin: PluginsWorkspacePin.commit), commandNames: commandNames, defaultSet: (defaultDescription, [
            "allow-ask", "allow-confirm", "allow-message", "allow-save", "allow-open",
        ]), commands: [
            labelled ? KitCommand("message", text + [("ok_button_label", .option(.string)), ("buttons", .option(.any("MessageDialogButtons")))],
                                   recording: { (payload, context) throws(ResponseError) -> CommandOutput in
                // dialog ≥ 2.4: the buttons asked for, and the label of the one pressed.
                let buttons = try MessageButtons(payload["buttons"], okLabel: payload["okButtonLabel"]?.stringValue)
                return labelledAlert(payload, context, answers, buttons)
            }) : KitCommand("message", text + [("ok_button_label", .option(.string))], recording: { payload, context in
                // Ok, or a custom OK label, which brings a Cancel button (`OkCustom`).
                let ok = payload["okButtonLabel"]?.stringValue
                return alert(payload, context, answers, buttons: ok.map { ($0, "Cancel") } ?? ("Ok", nil))
            }),
            KitCommand("ask", text + [("yes_button_label", .option(.string)), ("no_button_label", .option(.string))], recording: { payload, context in
                let yes = payload["yesButtonLabel"]?.stringValue, no = payload["noButtonLabel"]?.stringValue
                return alert(payload, context, answers, buttons: (yes ?? "Yes", no ?? "No"))
            }),
            KitCommand("confirm", text + [("ok_button_label", .option(.string)), ("cancel_button_label", .option(.string))], recording: { payload, context in
                let ok = payload["okButtonLabel"]?.stringValue, cancel = payload["cancelButtonLabel"]?.stringValue
                return alert(payload, context, answers, buttons: (ok ?? "Ok", cancel ?? "Cancel"))
            }),
            KitCommand("open", [("options", .any("OpenDialogOptions"))], recording: { (payload, context) throws(ResponseError) -> CommandOutput in
                let options = try self.options(payload, command: "open")
                let multiple = options["multiple"]?.boolValue ?? false
                if options["directory"]?.boolValue == true, !context.platform.isDesktop {
                    throw .native("Folder picker is not implemented on mobile", layer: "command",
                                  reason: "src/commands.rs answers Error::FolderPickerNotImplemented for a directory on mobile")
                }
                let record = picker(context, "showFilePicker", options, answers)
                guard answers.press == .ok, let first = answers.picks.first else {
                    return CommandOutput(result: .null, presentation: { record })
                }
                let result: JSON = multiple ? .array(answers.picks.map(JSON.string)) : .string(first)
                return CommandOutput(result: result, presentation: { record })
            }),
            KitCommand("save", [("options", .any("SaveDialogOptions"))], recording: { (payload, context) throws(ResponseError) -> CommandOutput in
                let options = try self.options(payload, command: "save")
                let record = picker(context, "saveFileDialog", options, answers)
                guard answers.press == .ok, let first = answers.picks.first else {
                    return CommandOutput(result: .null, presentation: { record })
                }
                return CommandOutput(result: .string(first), presentation: { record })
            }),
        ])
    }

    /// `options`: a required object whose members serde defaults.
    static func options(_ payload: JSONObject, command: String) throws(ResponseError) -> JSONObject {
        func refuse(_ problem: String) -> ResponseError { TauriArguments.invalid("options", command: command, problem) }
        let type = command == "open" ? "OpenDialogOptions" : "SaveDialogOptions"
        guard let value = payload["options"] else { throw refuse("command \(command) missing required key options") }
        guard case .object(let o) = value else { throw refuse("invalid type: \(SerdeEnum.describe(value)), expected struct \(type)") }
        for key in ["multiple", "directory", "recursive", "canCreateDirectories"] {
            if let v = o[key], !v.isNull, v.boolValue == nil { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected a boolean") }
        }
        return o
    }

    /// A message, ask or confirm dialog: the person presses OK or the other button.
    static func alert(_ payload: JSONObject, _ context: CallContext, _ answers: DialogAnswers,
                      buttons: (ok: String, cancel: String?)) -> CommandOutput {
        // With one button there is nothing but OK to press.
        let pressedOK = answers.press == .ok || buttons.cancel == nil
        var record = officialRecord("dialog", context, context.platform.isDesktop ? "rfd MessageDialog" : "showMessageDialog", [
                                  "message": payload["message"] ?? "", "title": payload["title"] ?? .null,
                                  "buttons": .array(([buttons.cancel, buttons.ok] as [String?]).compactMap { $0.map(JSON.string) }),
                                  "pressed": .string(pressedOK ? buttons.ok : (buttons.cancel ?? buttons.ok))])
        if context.platform == .ios { record["view"] = "UIAlertController, .alert style" }
        if context.platform == .android { record["view"] = "AlertDialog" }
        let done = record
        return CommandOutput(result: .bool(pressedOK), presentation: { .object(done) })
    }

    /// A message dialog of dialog ≥ 2.4 (`UpstreamChanges.dialogMessageButtons`): its buttons as
    /// `rfd`/the mobile dialogs lay them out, the one the person presses (`--dialog ok` the
    /// first, `no` the No of YesNo/YesNoCancel, `cancel` the Cancel or the last), answered as its
    /// `MessageDialogResult` (`plugins/dialog/src/models.rs`: "Ok", "Cancel", "Yes", "No" or the
    /// custom label, serialized as a string).
    static func labelledAlert(_ payload: JSONObject, _ context: CallContext, _ answers: DialogAnswers, _ buttons: MessageButtons) -> CommandOutput {
        let pressed = buttons.pressed(answers.press)
        var record = officialRecord("dialog", context, context.platform.isDesktop ? "rfd MessageDialog" : "showMessageDialog", [
            "message": payload["message"] ?? "", "title": payload["title"] ?? .null,
            "buttons": .array(buttons.labels.map(JSON.string)), "pressed": .string(pressed.label)])
        if context.platform == .ios { record["view"] = "UIAlertController, .alert style" }
        if context.platform == .android { record["view"] = "AlertDialog" }
        let done = record
        return CommandOutput(result: .string(pressed.result), presentation: { .object(done) })
    }

    static func picker(_ context: CallContext, _ method: String, _ options: JSONObject, _ answers: DialogAnswers) -> JSON {
        var record = officialRecord("dialog", context, method, [
            "filters": options["filters"] ?? [], "picked": .array(answers.press == .ok ? answers.picks.map(JSON.string) : []),
        ])
        if answers.picks.isEmpty || answers.press != .ok {
            record["reason"] = .string(answers.picks.isEmpty ? "no --pick: the person closes the picker" : "--dialog cancel: the person closes the picker")
        }
        return .object(record)
    }
}

/// `MessageDialogButtons` (dialog ≥ 2.4, `plugins/dialog/src/models.rs`), read as serde reads an
/// externally tagged enum: `"Ok"`, `"OkCancel"`, `"YesNo"`, `"YesNoCancel"`, `{"OkCustom": ok}`,
/// `{"OkCancelCustom": [ok, cancel]}`, `{"YesNoCancelCustom": [yes, no, cancel]}`; absent: `Ok`,
/// or `OkCustom` when only `okButtonLabel` is given.
struct MessageButtons: Sendable, Equatable {
    /// Each button: what it shows and what pressing it answers.
    let buttons: [(label: String, result: String)]

    static func == (a: MessageButtons, b: MessageButtons) -> Bool {
        a.buttons.map(\.label) == b.buttons.map(\.label) && a.buttons.map(\.result) == b.buttons.map(\.result)
    }

    static let variants = ["Ok", "OkCancel", "YesNo", "YesNoCancel", "OkCustom", "OkCancelCustom", "YesNoCancelCustom"]

    init(_ value: JSON?, okLabel: String?) throws(ResponseError) {
        func refuse(_ problem: String) -> ResponseError { TauriArguments.invalid("buttons", command: "message", problem) }
        func strings(_ v: JSON, _ count: Int, _ variant: String) throws(ResponseError) -> [String] {
            guard case .array(let items) = v else { throw refuse("invalid type: \(SerdeEnum.describe(v)), expected tuple variant MessageDialogButtons::\(variant)") }
            guard items.count == count else { throw refuse("invalid length \(items.count), expected tuple variant MessageDialogButtons::\(variant) with \(count) elements") }
            var out: [String] = []
            for item in items {
                guard let s = item.stringValue else { throw refuse("invalid type: \(SerdeEnum.describe(item)), expected a string") }
                out.append(s)
            }
            return out
        }
        switch value {
        case nil, .null?:
            buttons = okLabel.map { [($0, $0)] } ?? [("Ok", "Ok")]
        case .string(let name)?:
            switch name {
            case "Ok": buttons = [("Ok", "Ok")]
            case "OkCancel": buttons = [("Ok", "Ok"), ("Cancel", "Cancel")]
            case "YesNo": buttons = [("Yes", "Yes"), ("No", "No")]
            case "YesNoCancel": buttons = [("Yes", "Yes"), ("No", "No"), ("Cancel", "Cancel")]
            case "OkCustom", "OkCancelCustom", "YesNoCancelCustom": throw refuse("invalid type: unit variant, expected \(name == "OkCustom" ? "newtype" : "tuple") variant")
            default: throw refuse("unknown variant `\(name)`, expected \(SerdeEnum.expected(MessageButtons.variants))")
            }
        case .object(let o)? where o.count == 1:
            guard let member = o.first(where: { _ in true }) else { throw refuse("invalid type: map, expected enum MessageDialogButtons") }
            let (name, inner) = (member.key, member.value)
            switch name {
            case "OkCustom":
                guard let ok = inner.stringValue else { throw refuse("invalid type: \(SerdeEnum.describe(inner)), expected a string") }
                buttons = [(ok, ok)]
            case "OkCancelCustom":
                let l = try strings(inner, 2, name)
                buttons = [(l[0], l[0]), (l[1], l[1])]
            case "YesNoCancelCustom":
                let l = try strings(inner, 3, name)
                buttons = [(l[0], l[0]), (l[1], l[1]), (l[2], l[2])]
            case "Ok", "OkCancel", "YesNo", "YesNoCancel": throw refuse("invalid type: newtype variant, expected unit variant")
            default: throw refuse("unknown variant `\(name)`, expected \(SerdeEnum.expected(MessageButtons.variants))")
            }
        case let other?:
            throw refuse("invalid type: \(SerdeEnum.describe(other)), expected enum MessageDialogButtons")
        }
    }

    var labels: [String] { buttons.map(\.label) }

    /// The button `press` means: `ok` the first; `cancel` the last (with one button, it);
    /// `no` the second of YesNo / YesNoCancel (else as `cancel`).
    func pressed(_ press: DialogAnswers.Press) -> (label: String, result: String) {
        switch press {
        case .ok: return buttons[0]
        case .cancel: return buttons[buttons.count - 1]
        case .no: return buttons.count >= 2 ? buttons[1] : buttons[buttons.count - 1]
        }
    }
}

extension DialogAnswers: OfficialSetting {
    public static var standard: DialogAnswers { DialogAnswers() }
}

extension OfficialSettings {
    /// What the person does with a dialog (`--dialog`, `--pick`).
    public var dialog: DialogAnswers {
        get { self[DialogAnswers.self] }
        set { self[DialogAnswers.self] = newValue }
    }
}

extension DialogPlugin: CatalogPlugin {
    public typealias Settings = OfficialSettings

    public static let options = [
        PluginOption("dialog", help: """
              --dialog ok|no|cancel   dialog: the button the person presses: the first, the No
                                      of Yes/No(/Cancel), or the last (Cancel, No) [ok]
            """),
        PluginOption("pick", help: """
              --pick URI              dialog: a file the person picks in open or save (repeatable)
                                      [none: the picker is closed]
            """),
    ]

    public static func configure(_ given: PluginOptionValues, _ settings: inout OfficialSettings) throws(PluginOptionError) {
        settings.dialog = DialogAnswers(press: try given.choice("dialog", DialogAnswers.Press.self) ?? .ok, picks: given.values("pick"))
    }

    public static func plugin(_ s: OfficialSettings) -> KitPlugin { plugin(s.dialog, versions: s.versions) }
}
