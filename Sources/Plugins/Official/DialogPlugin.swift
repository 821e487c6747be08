import BridgeApp
import BridgeBinding
import BridgeCall
import BridgeCorePlugins
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

    public static func plugin(_ answers: DialogAnswers) -> OfficialPlugin {
        let text: [(String, RustType)] = [("title", .option(.string)), ("message", .string), ("kind", .option(.string))]
        return OfficialPlugin(name: "dialog", commandNames: commandNames, defaultSet: (defaultDescription, [
            "allow-ask", "allow-confirm", "allow-message", "allow-save", "allow-open",
        ]), commands: [
            CoreCommand("message", text + [("ok_button_label", .option(.string))], recording: { payload, context in
                // Ok, or a custom OK label, which brings a Cancel button (`OkCustom`).
                let ok = payload["okButtonLabel"]?.stringValue
                return alert(payload, context, answers, buttons: ok.map { ($0, "Cancel") } ?? ("Ok", nil))
            }),
            CoreCommand("ask", text + [("yes_button_label", .option(.string)), ("no_button_label", .option(.string))], recording: { payload, context in
                let yes = payload["yesButtonLabel"]?.stringValue, no = payload["noButtonLabel"]?.stringValue
                return alert(payload, context, answers, buttons: (yes ?? "Yes", no ?? "No"))
            }),
            CoreCommand("confirm", text + [("ok_button_label", .option(.string)), ("cancel_button_label", .option(.string))], recording: { payload, context in
                let ok = payload["okButtonLabel"]?.stringValue, cancel = payload["cancelButtonLabel"]?.stringValue
                return alert(payload, context, answers, buttons: (ok ?? "Ok", cancel ?? "Cancel"))
            }),
            CoreCommand("open", [("options", .any("OpenDialogOptions"))], recording: { (payload, context) throws(ResponseError) -> CommandOutput in
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
            CoreCommand("save", [("options", .any("SaveDialogOptions"))], recording: { (payload, context) throws(ResponseError) -> CommandOutput in
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

    static func picker(_ context: CallContext, _ method: String, _ options: JSONObject, _ answers: DialogAnswers) -> JSON {
        var record = officialRecord("dialog", context, method, [
            "filters": options["filters"] ?? [], "picked": .array(answers.press == .ok ? answers.picks.map(JSON.string) : []),
        ])
        if answers.picks.isEmpty || answers.press == .cancel {
            record["reason"] = .string(answers.picks.isEmpty ? "no --pick: the person closes the picker" : "--dialog cancel: the person closes the picker")
        }
        return .object(record)
    }
}
