@testable import BridgeInbox
import BridgeJSON
import BridgeMedia
import Testing

@Suite("Uniform type conformance")
struct UniformTypesTests {
    /// (type, ancestor, conforms) as Apple's UTType declarations give them.
    @Test("the built-in tree agrees with Apple's declared conformances", arguments: [
        ("public.jpeg", "public.image", true), ("public.jpeg", "public.data", true), ("public.jpeg", "public.item", true),
        ("public.jpeg", "public.content", true), ("public.png", "public.image", true), ("public.heic", "public.image", true),
        ("public.heic", "public.heif-standard", true), ("com.compuserve.gif", "public.image", true),
        ("public.plain-text", "public.text", true), ("public.utf8-plain-text", "public.text", true),
        ("public.plain-text", "public.data", true), ("public.html", "public.text", true), ("public.html", "public.plain-text", false),
        ("public.url", "public.data", true), ("public.url", "public.text", false), ("public.file-url", "public.url", true),
        ("public.url", "public.file-url", false), ("public.mpeg-4", "public.movie", true),
        ("com.apple.quicktime-movie", "public.movie", true), ("public.movie", "public.audiovisual-content", true),
        ("public.mp3", "public.audio", true), ("public.mp3", "public.movie", false), ("com.adobe.pdf", "public.data", true),
        ("com.adobe.pdf", "public.content", true), ("com.adobe.pdf", "public.image", false), ("public.image", "public.jpeg", false),
        ("public.folder", "public.item", true), ("public.folder", "public.data", false), ("public.zip-archive", "public.archive", true),
        ("com.apple.pkpass", "public.data", true), ("public.vcard", "public.text", true), ("PUBLIC.JPEG", "Public.Image", true),
        ("com.example.unknown", "public.data", false), ("com.example.unknown", "com.example.unknown", true),
    ] as [(String, String, Bool)])
    func builtIn(type: String, ancestor: String, conforms: Bool) {
        #expect(UniformTypes.builtIn.conforms(type, to: ancestor) == conforms)
    }

    @Test("an Info.plist's exported and imported declarations extend the tree")
    func declarations() throws {
        let plist: JSON = ["UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "id.frak.invite", "UTTypeConformsTo": ["public.json"]],
            ["UTTypeIdentifier": "id.frak.card", "UTTypeConformsTo": "id.frak.invite"],
        ], "UTImportedTypeDeclarations": [["UTTypeIdentifier": "gcip.data.block", "UTTypeConformsTo": ["public.data"]]]]
        let types = try UniformTypes.builtIn.adding(declarationsFrom: plist)
        #expect(types.conforms("id.frak.card", to: "public.text"))
        #expect(types.conforms("id.frak.invite", to: "public.data"))
        #expect(types.conforms("gcip.data.block", to: "public.item"))
        #expect(!types.conforms("id.frak.invite", to: "public.image"))
        #expect(!UniformTypes.builtIn.conforms("id.frak.card", to: "public.text"))
        #expect(throws: UniformTypes.DeclarationError.self) {
            try UniformTypes.builtIn.adding(declarationsFrom: ["UTExportedTypeDeclarations": [["UTTypeConformsTo": ["public.data"]]]])
        }
        #expect(throws: UniformTypes.DeclarationError.self) {
            try UniformTypes.builtIn.adding(declarationsFrom: ["UTExportedTypeDeclarations": [["UTTypeIdentifier": "a.b", "UTTypeConformsTo": [1]]]])
        }
    }
}
