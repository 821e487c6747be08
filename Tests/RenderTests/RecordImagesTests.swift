import BridgeJSON
import Foundation
import Testing
@testable import BridgeRender

@Suite("The image files a record names, as the renderer reads them")
struct RecordImagesTests {
    @Test("only regular files within the cap are read: a device, a folder and a missing file are left out, never blocking")
    func onlyRegularFiles() throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("record-image-\(UUID().uuidString).png").path
        try Data(Fixtures.redPNG).write(to: URL(fileURLWithPath: png))
        defer { try? FileManager.default.removeItem(atPath: png) }
        let named = [png, "/dev/zero", "/tmp", "/nonexistent/shot.png"]
        let record: JSON = ["platform": "ios", "nativeMethod": "share", "activityItems": .array(named.map { path in
            ["kind": "image", "file": ["name": "shot.png", "path": .string(path)], "dataTypeIdentifier": "public.png"]
        })]
        #expect(PresentationRenderer.imageFiles(in: record) == named)
        let images = PresentationRenderer.images(namedIn: record)
        #expect(images == [png: Fixtures.redPNG])
    }
}
