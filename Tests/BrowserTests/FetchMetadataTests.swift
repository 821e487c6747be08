import Testing
@testable import BridgeBrowser

@Suite("Another site's page never gets the invoke key")
struct FetchMetadataTests {
    let policy = try! OriginPolicy(port: 4000, devURL: "http://localhost:5173", allowOrigins: ["https://wallet.frak.id"])

    @Test("a cross-site <script src> of /__bridge/tauri.js is refused; the bridge's pages, a typed URL and non-browsers are served",
          arguments: [
              ("cross-site", nil, "https://evil.example/page", false),
              ("cross-site", nil, nil, false),
              ("same-site", nil, "http://127.0.0.1:8081/", false),
              ("same-origin", nil, nil, true),
              ("none", nil, nil, true),
              (nil, nil, nil, true),
              ("cross-site", nil, "http://localhost:5173/src/main.ts", true),
              ("cross-site", "https://wallet.frak.id", nil, true),
              ("same-site", nil, "http://127.0.0.1:4000/index.html", true),
          ] as [(String?, String?, String?, Bool)])
    func script(site: String?, origin: String?, referer: String?, served: Bool) {
        let refusal = policy.foreignPage(site: site, origin: origin, referer: referer, what: "the script")
        #expect((refusal == nil) == served, "\(site ?? "-") \(referer ?? "-"): \(refusal ?? "served")")
        if let refusal { #expect(refusal.contains("--dev-url or --allow-origin")) }
    }
}
