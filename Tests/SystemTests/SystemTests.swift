import BridgeSystem
import Foundation
import Testing

/// `BridgeSystem` stands in for Foundation in the binary: each function answers as the
/// Foundation API it replaces, checked against that API on a table and on generated input.
@Suite("Paths, text and files without Foundation, as Foundation answers")
struct SystemTests {
    /// Paths built from components a project's paths are made of, with the slashes people write.
    static func paths(seed: UInt64, count: Int) -> [String] {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let parts = ["a", "src", "..", ".", "file.txt", ".hidden", "x.tar.gz", "b.", "dir", "~"]
        var out = ["/", "a", "a/", "/a", "/a/", "a//b", "/a/b/", "a/b.c", "a/.b", "a/b.", ".", "..", "/..", "a/../b", "./a",
                   "/a/./b/../c/", "a.b/c", "/tmp/x.tar.gz", "a/b//", "/a//b//c"]
        for _ in 0..<count {
            var path = next(2) == 0 ? "/" : ""
            for index in 0..<(1 + next(4)) {
                if index > 0 { path += next(5) == 0 ? "//" : "/" }
                path += parts[next(parts.count)]
            }
            if next(4) == 0 { path += "/" }
            out.append(path)
        }
        return out
    }

    @Test("path components answer as NSString's", arguments: [1, 2, 3] as [UInt64])
    func pathsAsNSString(seed: UInt64) {
        for path in Self.paths(seed: seed, count: 300) where !path.hasPrefix("~") {
            let ns = path as NSString
            #expect(Paths.lastComponent(path) == ns.lastPathComponent, "lastPathComponent of \(path)")
            // swift-corelibs-foundation traps in `deletingLastPathComponent` on a relative path of
            // one component (`a`, `a/`) in a debug test process; built with -O it answers "".
            let trimmed = path.drop { $0 == "/" }.reversed().drop { $0 == "/" }
            if path.hasPrefix("/") || trimmed.contains("/") {
                #expect(Paths.deletingLastComponent(path) == ns.deletingLastPathComponent, "deletingLastPathComponent of \(path)")
            } else {
                #expect(Paths.deletingLastComponent(path) == "", "deletingLastPathComponent of \(path)")
            }
            #expect(Paths.pathExtension(path) == ns.pathExtension, "pathExtension of \(path)")
            for component in ["z", "", "/q/", "x.y", "a/b"] {
                #expect(Paths.appending(path, component) == ns.appendingPathComponent(component), "\(path) + \(component)")
            }
            if path.hasPrefix("/") {
                #expect(Paths.standardized(path) == ns.standardizingPath, "standardizingPath of \(path)")
            }
        }
    }

    /// Foundation on Linux traps on some non-ASCII paths (`_stringByFixingSlashes` indexes
    /// bytes as characters): these answers are its answers on Darwin.
    @Test("non-ASCII paths keep their characters")
    func nonASCIIPaths() {
        #expect(Paths.lastComponent("/é/ünï.json") == "ünï.json")
        #expect(Paths.deletingLastComponent("/é//ünï.json/") == "/é")
        #expect(Paths.pathExtension("dir/ünï.json") == "json")
        #expect(Paths.appending("é/", "ü") == "é/ü")
        #expect(Paths.standardized("/é/./x/../ü//") == "/é/ü")
    }

    @Test("a symlink is resolved, a missing path standardized")
    func resolvingSymlinks() throws {
        let dir = try #require(String(validatingCString: mkdtemp(strdup(NSTemporaryDirectory() + "system-XXXXXX"))!))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/real/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/real")
        #expect(Paths.resolvingSymlinks(dir + "/link/sub") == (dir + "/link/sub" as NSString).resolvingSymlinksInPath)
        #expect(Paths.resolvingSymlinks("/no/such/./a/../b") == "/no/such/b")
        #expect(Paths.temporaryDirectory == NSTemporaryDirectory())
    }

    @Test("trimming answers as trimmingCharacters(in:)")
    func trimmingAsFoundation() {
        let samples = ["", " ", "\t a b \t", "\u{00A0}x\u{2003}", "\n x \r\n", " \u{2028}y\u{85} ", "é ", "'\"quoted\"'", "::v:"]
        for s in samples {
            #expect(s.trimmingWhitespace() == s.trimmingCharacters(in: .whitespaces), "whitespaces of \(s.debugDescription)")
            #expect(s.trimmingWhitespaceAndNewlines() == s.trimmingCharacters(in: .whitespacesAndNewlines), "newlines of \(s.debugDescription)")
            for set in ["'\"", " :\"", "&"] {
                #expect(s.trimming(set) == s.trimmingCharacters(in: CharacterSet(charactersIn: set)), "\(set) of \(s.debugDescription)")
            }
        }
    }

    @Test("a walk lists what the enumerator lists, skipping what it is told, following no link")
    func walk() throws {
        let dir = try #require(String(validatingCString: mkdtemp(strdup(NSTemporaryDirectory() + "system-XXXXXX"))!))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["a/b", "schemas/x", "c"] { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
        for file in ["a/b/one.toml", "a/two.json", "schemas/x/s.json", "top.toml"] { FileManager.default.createFile(atPath: dir + "/" + file, contents: Data()) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/c/loop", withDestinationPath: dir)
        var listed: [String] = []
        let walker = FileManager.default.enumerator(atPath: dir)
        while let entry = walker?.nextObject() as? String {
            if entry.hasPrefix("schemas") { walker?.skipDescendants(); continue }
            listed.append(entry)
        }
        #expect(Disk.walk(dir, skip: { $0.hasPrefix("schemas") }) == listed.sorted())
        #expect(Disk.walk(dir, limit: 2).count == 2)
        #expect(Disk.walk(dir + "/missing").isEmpty)
        #expect(Disk.kind(dir + "/c/loop") == .directory && Disk.kind(dir + "/c/loop", followingLinks: false) == .other)
        #expect(Disk.read(dir + "/top.toml", upTo: 10) == [])
    }

    @Test("a detached thread runs its body; a condition wakes its waiter")
    func threadsAndConditions() {
        let condition = Condition()
        nonisolated(unsafe) var done = false
        condition.lock()
        Threads.detach(stackSize: 1 << 20) {
            condition.lock()
            done = true
            condition.broadcast()
            condition.unlock()
        }
        while !done { condition.wait() }
        condition.unlock()
        #expect(done)
    }
}

@Suite("Literal replacement")
struct LiteralReplacementTests {
    @Test("every byte sequence is replaced, a combining mark after it or not")
    func replacesBytes() {
        #expect("a'\u{301}b'".replacing(literal: "'", with: "Q") == "aQ\u{301}bQ")
        #expect("*\u{301}/ */".replacing(literal: "*/", with: "* /") == "*\u{301}/ * /")
        #expect("aaa".replacing(literal: "aa", with: "b") == "ba")
        #expect("é".replacing(literal: "e", with: "x") == "é")  // U+00E9 holds no `e` byte
        #expect("x".replacing(literal: "", with: "y") == "x")
        for s in ["", "a_b_c", "{key} {value}", "+a+b+", "\\\"\\"] {
            for (target, replacement) in [("_", "-"), ("+", " "), ("{key}", "K"), ("\\", "\\\\"), ("\"", "\\\"")] {
                #expect(s.replacing(literal: target, with: replacement) == s.replacingOccurrences(of: target, with: replacement))
            }
        }
    }
}

@Suite("Threads the system refuses")
struct RefusedThreadTests {
    /// A stack larger than the address space can map is refused: `tryDetach` says so and the
    /// body never runs, where `detach` would stop the process.
    @Test("a thread the system cannot start is false, not a crash")
    func refused() {
        nonisolated(unsafe) var ran = false
        #expect(!Threads.tryDetach(stackSize: Int.max / 2) { ran = true })
        #expect(!ran)
    }
}
