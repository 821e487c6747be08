import BridgeCall
import BridgeJSON
import BridgeProtocol
@testable import BridgeRouter
import TestSupport
import Testing

struct NamedPlugin: Plugin {
    let name: String
    let commands: [Command]
}

func noop(_ name: String) -> Command { Command(name, summary: "") { _ in .null } }

@Suite("Command registry")
struct RegistryTests {
    let registry: CommandRegistry

    init() throws {
        registry = try CommandRegistry(plugins: [TestPlugin(), OtherTestPlugin()])
    }

    @Test("a full method name resolves to its command")
    func resolvesFullName() throws {
        let entry = try registry.resolve(method: "plugin:bridge-test|echo").get()
        #expect(entry.name.description == "plugin:bridge-test|echo")
    }

    @Test("unknown plugins and commands get Tauri's two messages", arguments: [
        ("plugin:bridge-tst|echo", "plugin bridge-tst not found"),
        ("plugin:bridge-test|ecko", "Command ecko not found"),
        ("share_text", "Command share_text not found"),
        ("plugin:bridge-test", "Command plugin:bridge-test not found"),
    ])
    func notFound(method: String, message: String) {
        guard case .failure(let error) = registry.resolve(method: method) else {
            Issue.record("resolved \(method)")
            return
        }
        #expect(error.code == .methodNotFound)
        #expect(error.message == message)
    }

    @Test("a not-found method keeps Tauri's message and suggests the command most likely meant", arguments: [
        ("plugin:bridge-tst|echo", "plugin:bridge-test|echo" as String?),
        ("plugin:bridge-test|ecko", "plugin:bridge-test|echo"),
        ("bridge-test|slep", "plugin:bridge-test|sleep"),
        ("sleep", "plugin:bridge-test|sleep"),
        ("slep", "plugin:bridge-test|sleep"),
        ("plugin:bridge-test|zzzzzz", nil),
        ("frobnicate", nil),
    ])
    func suggestion(method: String, meant: String?) {
        #expect(registry.suggestion(for: method)?.description == meant)
        guard case .failure(let error) = registry.resolve(method: method) else {
            Issue.record("resolved \(method)")
            return
        }
        #expect(error.data["suggestion"]?.stringValue == meant)
        #expect(error.data["hint"]?.stringValue == meant.map { "did you mean \($0)?" })
    }

    @Test("the CLI resolves <p>|<c>, plugin:<p>|<c> and a unique bare name", arguments: [
        "plugin:bridge-test|sleep", "bridge-test|sleep", "sleep",
    ])
    func cliNames(name: String) throws {
        #expect(try registry.resolve(cliName: name).get().name.description == "plugin:bridge-test|sleep")
    }

    @Test("an ambiguous bare name lists the candidates")
    func ambiguous() {
        #expect(registry.resolve(cliName: "echo").failure
            == .ambiguous("echo", candidates: ["plugin:bridge-test-other|echo", "plugin:bridge-test|echo"]))
        #expect(registry.resolve(cliName: "echo").failure?.description
            == "command 'echo' is ambiguous; name one of: plugin:bridge-test-other|echo, plugin:bridge-test|echo")
    }

    @Test("unknown CLI names list what exists")
    func unknownCLINames() {
        guard case .unknownPlugin("nope", let known)? = registry.resolve(cliName: "nope|echo").failure else {
            Issue.record("expected unknown plugin")
            return
        }
        #expect(known == ["bridge-test", "bridge-test-other"])
        guard case .unknownCommand("nope", let commands)? = registry.resolve(cliName: "nope").failure else {
            Issue.record("expected unknown command")
            return
        }
        #expect(commands.contains("plugin:bridge-test|sleep"))
    }

    @Test("bad or duplicate registrations are refused")
    func registrationErrors() {
        #expect(throws: RegistrationError.invalidPluginName("Bad")) {
            try CommandRegistry(plugins: [NamedPlugin(name: "Bad", commands: [])])
        }
        #expect(throws: RegistrationError.invalidCommandName(plugin: "p", command: "doIt")) {
            try CommandRegistry(plugins: [NamedPlugin(name: "p", commands: [noop("doIt")])])
        }
        #expect(throws: RegistrationError.duplicatePlugin("p")) {
            try CommandRegistry(plugins: [NamedPlugin(name: "p", commands: []), NamedPlugin(name: "p", commands: [])])
        }
        #expect(throws: RegistrationError.duplicateCommand("plugin:p|a")) {
            try CommandRegistry(plugins: [NamedPlugin(name: "p", commands: [noop("a"), noop("a")])])
        }
    }
}
