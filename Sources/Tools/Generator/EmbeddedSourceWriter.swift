import BridgeACL
import Foundation
/// The generated Swift sources that compile files into `bridge`, so it runs from any directory.
public enum EmbeddedSourceWriter {
    /// `text` as a raw multi-line string literal that gives back exactly `text`.
    ///
    /// The newline before the closing delimiter is not part of a multi-line literal, so one is
    /// added; the `##` delimiters let the text hold quotes and backslashes as they are.
    public static func literal(_ text: String) -> String {
        "##\"\"\"\n\(text)\n\"\"\"##"
    }

    /// The source of a plugin's `embeddedPermissionFiles`: each file's text and its compiled
    /// form (`PluginManifest.compiledForm`), which start-up reads instead of parsing the text.
    /// The plugin's declaration (`KitPlugin(… permissionFiles:setsReachOtherPlugins:)`) names
    /// both: the files, and whether one of its sets names another plugin's permission, so that a
    /// start reads none of them to find out (`Plugin.setsReachOtherPlugins`).
    static func permissions(plugin: String, typeName: String, files: [Generator.File], isPlugin: Bool = true) throws(ACLError) -> String {
        var reach = false
        if isPlugin {
            let manifest = try PluginManifest.load(plugin: plugin, files: files.map { ($0.path, $0.text) })
            reach = ([manifest.defaultSet].compactMap { $0 } + manifest.sets).contains { $0.permissions.contains { $0.contains(":") } }
        }
        let direct = isPlugin ? """
            /// Whether a set of these files names another plugin's permission (computed by the generator).
            public static let setsReachOtherPlugins = \(reach)


        """ : ""
        var s = """
        // Generated from permissions/\(plugin)/ by `swift run bridge-generate`.
        // DO NOT EDIT: edit the files in permissions/\(plugin)/ (or the command declarations) and regenerate.
        import BridgeCall

        extension \(typeName): EmbeddedPermissions {
        \(direct)    /// The files of `permissions/\(plugin)/`, compiled in so the bridge runs from any directory.
            public static let embeddedPermissionFiles: [PermissionFile] = [

        """
        for file in files {
            let compiled = try PluginManifest.compiledForm(path: file.path, text: file.text)
            s += "        PermissionFile(path: \"\(file.path)\", text: \(literal(file.text)),\n"
            s += "                       compiled: \(literal(compiled))),\n"
        }
        return s + "    ]\n}\n"
    }

    /// The source of `EmbeddedSchemas`.
    static func schemas(_ files: [Generator.File]) -> String {
        var s = """
        // Generated from Schemas/ by `swift run bridge-generate`.
        // DO NOT EDIT: edit the files in Schemas/ (or the command declarations) and regenerate.

        /// The schemas of `Schemas/`, compiled in so the bridge checks its contract from any directory.
        enum EmbeddedSchemas {
            static let files: [(path: String, text: String)] = [

        """
        for file in files { s += "        (\"\(file.path)\", \(literal(file.text))),\n" }
        return s + "    ]\n}\n"
    }

    /// The source of `EmbeddedScripts`: each `.js` file of `Sources/Transports/Browser/Scripts/` as a
    /// constant named after it in lowerCamelCase (`native-ipc.js` → `nativeIPC`), its last newline
    /// left out (the scripts are joined and templated as strings).
    static func scripts(_ files: [Generator.File]) -> String {
        var s = """
        // Generated from Sources/Transports/Browser/Scripts/ by `swift run bridge-generate`.
        // DO NOT EDIT: edit the .js files (node --check reads them as JavaScript) and regenerate.

        /// The scripts browser mode serves, compiled in from their `.js` files.
        enum EmbeddedScripts {

        """
        for file in files {
            let text = file.text.hasSuffix("\n") ? String(file.text.dropLast()) : file.text
            s += "    /// `Scripts/\(file.path)`.\n"
            s += "    static let \(scriptName(file.path)) = \(literal(text))\n"
        }
        return s + "}\n"
    }

    /// `native-ipc.js` → `nativeIPC`, `global-tauri.js` → `globalTauri`.
    static func scriptName(_ file: String) -> String {
        let words = file.replacingOccurrences(of: ".js", with: "").split(separator: "-").map(String.init)
        let acronyms: Set<String> = ["ipc"]
        return words.enumerated().map { i, w in
            i == 0 ? w : (acronyms.contains(w) ? w.uppercased() : w.prefix(1).uppercased() + w.dropFirst())
        }.joined()
    }
}
