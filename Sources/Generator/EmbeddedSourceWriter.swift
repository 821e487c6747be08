import BridgeACL
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
    static func permissions(plugin: String, typeName: String, files: [Generator.File]) throws(ACLError) -> String {
        var s = """
        // Generated from permissions/\(plugin)/ by `swift run bridge-generate`.
        // DO NOT EDIT: edit the files in permissions/\(plugin)/ (or the command declarations) and regenerate.
        import BridgeCall

        extension \(typeName): EmbeddedPermissions {
            /// The files of `permissions/\(plugin)/`, compiled in so the bridge runs from any directory.
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
}
