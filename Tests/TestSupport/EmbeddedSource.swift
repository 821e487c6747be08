/// Writing files into generated Swift sources (the compiled-in permission files and schemas).
public enum EmbeddedSource {
    /// `text` as a raw multi-line string literal that gives back exactly `text`.
    ///
    /// The newline before the closing delimiter is not part of a multi-line literal, so one is
    /// added; the `##` delimiters let the text hold quotes and backslashes as they are.
    public static func literal(_ text: String) -> String {
        "##\"\"\"\n\(text)\n\"\"\"##"
    }
}
