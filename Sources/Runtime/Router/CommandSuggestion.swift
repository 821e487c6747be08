import BridgeCall
import BridgeMatching

extension CommandRegistry {
    /// The registered command a mistyped or incomplete name most likely meant: a bare command
    /// (`share_text` → `plugin:frak-share|share_text`), a close command of the named plugin
    /// (`plugin:frak-share|share_txt`), a command of a close plugin (`plugin:frak-shar|share_text`);
    /// `nil` when nothing is close. `<p>|<c>` is read as `plugin:<p>|<c>`.
    public func suggestion(for name: String) -> CommandName? {
        let all = commandNames
        if let (plugin, command) = CommandName.split(method: name) {
            let plugins = Set(all.map(\.plugin))
            let wanted = plugins.contains(plugin) ? plugin : DidYouMean.suggest(for: plugin, among: plugins.sorted())
            guard let wanted else { return nil }
            let commands = all.filter { $0.plugin == wanted }
            if let exact = commands.first(where: { $0.command == command }) { return exact }
            return DidYouMean.suggest(for: command, among: commands.map(\.command))
                .flatMap { close in commands.first { $0.command == close } }
        }
        if name.contains("|") { return suggestion(for: "plugin:" + name) }
        if let exact = all.first(where: { $0.command == name }) { return exact }
        return DidYouMean.suggest(for: name, among: all.map(\.command))
            .flatMap { close in all.first { $0.command == close } }
    }

    /// Whether `command` names exactly one registered command, so a bare name reaches it.
    public func isUnique(bare command: String) -> Bool {
        commandNames.filter { $0.command == command }.count == 1
    }
}
