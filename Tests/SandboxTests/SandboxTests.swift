import BridgeSandbox
import Foundation
import Testing

/// A fresh sandbox in a temporary folder, and a folder beside it standing for "outside".
private func fixture() throws -> (Sandbox, outside: String) {
    let base = NSTemporaryDirectory() + "sandbox-\(UUID().uuidString)"
    let outside = base + "/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try "secret".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
    return (try Sandbox(root: base + "/box"), outside)
}

private func path(_ p: String, platform: String = "android") -> Sandbox.Path {
    Sandbox.Path(platform: platform, components: p.split(separator: "/").map(String.init), display: p)
}

@Suite("The sandbox keeps a device's files under its folder")
struct SandboxTests {
    @Test("a file written at a device path lives under DIR/<platform>/ and reads back")
    func roundTrip() throws {
        let (box, _) = try fixture()
        let p = path("data/user/0/com.example.app/notes.txt")
        try box.makeFolder(path("data/user/0/com.example.app"), recursive: true)
        let file = try box.open(p, .init(write: true, create: true))
        try file.write(Array("hello".utf8))
        #expect(try box.read(p) == Array("hello".utf8))
        #expect(FileManager.default.contents(atPath: box.root + "/android/data/user/0/com.example.app/notes.txt") == Data("hello".utf8))
        #expect(!FileManager.default.fileExists(atPath: box.root + "/ios/data"), "each platform has its own tree")
    }

    @Test("errors read as Rust's io::Error, numbered as the platform numbers them")
    func errors() throws {
        let (box, _) = try fixture()
        #expect(throws: SandboxError.self) { try box.read(path("missing.txt")) }
        do {
            _ = try box.read(path("missing.txt"))
        } catch {
            #expect(error.display(platform: "android") == "No such file or directory (os error 2)")
        }
        try box.makeFolder(path("full/inner"), recursive: true)
        do {
            try box.remove(path("full"), recursive: false)
            Issue.record("a folder that is not empty was removed")
        } catch {
            #expect(error.display(platform: "android") == "Directory not empty (os error 39)")
            #expect(error.display(platform: "ios") == "Directory not empty (os error 66)", "Darwin numbers ENOTEMPTY 66")
        }
    }

    @Test("a link planted in the sandbox is never followed: reads, writes, removes and renames stay inside")
    func links() throws {
        let (box, outside) = try fixture()
        try box.makeFolder(path("app"), recursive: true)
        try FileManager.default.createSymbolicLink(atPath: box.root + "/android/app/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: box.root + "/android/app/secret", withDestinationPath: outside + "/secret.txt")
        func refusedAsLink(_ body: () throws -> Void) {
            do {
                try body()
                Issue.record("a link was followed")
            } catch let error as SandboxError {
                #expect(error.reason == .link, "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
        refusedAsLink { _ = try box.read(path("app/out/secret.txt")) }
        refusedAsLink { _ = try box.read(path("app/secret")) }
        refusedAsLink { _ = try box.open(path("app/secret"), .init(write: true, truncate: true)) }
        refusedAsLink { try box.makeFolder(path("app/out/made"), recursive: true) }
        refusedAsLink { _ = try box.list(path("app/out")) }
        refusedAsLink { _ = try box.info(path("app/secret")) }
        refusedAsLink { try box.truncate(path("app/secret"), length: 0) }
        refusedAsLink { try box.copy(path("app/secret"), to: path("app/copy")) }
        #expect(try box.info(path("app/secret"), followLink: false).kind == .symlink, "lstat sees the link itself")
        try box.rename(path("app/secret"), to: path("app/moved"))
        try box.remove(path("app"), recursive: true)
        #expect(try String(contentsOfFile: outside + "/secret.txt", encoding: .utf8) == "secret", "what the link pointed at is untouched")
        #expect(FileManager.default.fileExists(atPath: outside), "removing a tree removes links as links")
    }

    @Test("a component that is empty, . or .. or holds a separator is refused")
    func components() throws {
        let (box, _) = try fixture()
        for bad in [[".."], ["a", ".."], ["."], ["a/b"], [""], ["a\u{0}b"]] {
            #expect(throws: SandboxError.self) { try box.read(Sandbox.Path(platform: "ios", components: bad, display: bad.joined(separator: "/"))) }
            #expect(throws: SandboxError.self) {
                try box.makeFolder(Sandbox.Path(platform: "ios", components: bad + ["x"], display: "x"), recursive: true)
            }
        }
        #expect(throws: SandboxError.self) { try box.read(Sandbox.Path(platform: "..", components: ["x"], display: "x")) }
    }

    @Test("open follows Rust's OpenOptions: create_new refuses an existing file, truncate needs write")
    func openOptions() throws {
        let (box, _) = try fixture()
        let p = path("f.txt")
        try box.open(p, .init(write: true, createNew: true)).write([1, 2, 3])
        #expect(throws: SandboxError.self) { try box.open(p, .init(write: true, createNew: true)) }
        #expect(throws: SandboxError.self) { try box.open(p, .init(read: true, truncate: true)) }
        let appender = try box.open(p, .init(append: true))
        try appender.write([4])
        #expect(try box.read(p) == [1, 2, 3, 4])
        #expect(try box.copy(p, to: path("g.txt")) == 4)
        try box.truncate(path("g.txt"), length: 1)
        #expect(try box.read(path("g.txt")) == [1])
        #expect(Set(try box.list(path("")).map(\.name)) == ["f.txt", "g.txt"])
    }
}
