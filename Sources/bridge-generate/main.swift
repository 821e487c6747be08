import BridgeGenerator
import BridgePlugins
import Foundation

// `swift run bridge-generate [--check] [--root DIR]`: writes every file derived from the command
// declarations (see `Generator`); with --check, writes nothing and exits 1 when a file would change.
var arguments = Array(CommandLine.arguments.dropFirst())
let check = arguments.contains("--check")
arguments.removeAll { $0 == "--check" }
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
if let index = arguments.firstIndex(of: "--root"), index + 1 < arguments.count {
    root = URL(fileURLWithPath: arguments[index + 1])
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: swift run bridge-generate [--check] [--root DIR]\n".utf8))
    exit(2)
}
guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
    FileHandle.standardError.write(Data("bridge-generate: \(root.path) is not the package root (no Package.swift); run it there or pass --root\n".utf8))
    exit(2)
}
let generator = Generator(root: root, targets: ProductPlugins.entries.map {
    Generator.Target(plugin: $0.make(PluginSettings()), permissionsSource: $0.permissionsSource,
                     natives: $0.natives)
})
do {
    if check {
        let (changed, stale) = try generator.drift()
        for path in changed { print("would write \(path)") }
        for path in stale { print("would delete \(path)") }
        if !changed.isEmpty || !stale.isEmpty {
            FileHandle.standardError.write(Data("bridge-generate: generated files drifted; run `swift run bridge-generate` and commit the result\n".utf8))
            exit(1)
        }
        print("generated files are up to date")
    } else {
        let touched = try generator.write()
        for path in touched { print("wrote \(path)") }
        print(touched.isEmpty ? "nothing to do" : "\(touched.count) file(s) changed")
    }
} catch {
    FileHandle.standardError.write(Data("bridge-generate: \(error)\n".utf8))
    exit(1)
}
