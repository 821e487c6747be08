import BridgeKit

/// The parsed arguments of one subcommand.
///
/// Options are `--name value` or `--name=value`; flags are `--name`; `--` ends the options;
/// a lone `-` is a positional argument (stdin). Unknown options are usage errors.
struct ArgumentList {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    let subcommand: String
    /// `bridge dev`: the command after `--`.
    var devCommand: [String] = []

    /// Parses `arguments` given the names of the options that take a value and of the flags.
    /// `--help`/`-h` is always a flag; `aliases` maps short spellings (`-o`) to long names.
    init(_ arguments: [String], subcommand: String, options: Set<String>, flags: Set<String>,
         aliases: [String: String] = [:]) throws(UsageError) {
        self.subcommand = subcommand
        var rest = arguments[...]
        while var arg = rest.popFirst() {
            if let long = aliases[arg] { arg = "--" + long }
            if arg == "--" {
                positionals.append(contentsOf: rest)
                break
            }
            if arg == "-h" {
                self.flags.insert("help")
                continue
            }
            guard arg.hasPrefix("--") else {
                if let short = arg.first, short == "-", let letter = arg.dropFirst().first, letter.isLetter {
                    throw UsageError("unknown option '\(arg)' for 'bridge \(subcommand)': options are spelt --name"
                                     + ArgumentList.suggestLong(for: String(arg.dropFirst()), among: options.union(flags)),
                                     subcommand: subcommand)
                }
                positionals.append(arg)
                continue
            }
            let body = arg.dropFirst(2)
            let name: String
            var attached: String? = nil
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq])
                attached = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
            }
            if options.contains(name) {
                if let attached {
                    values[name, default: []].append(attached)
                } else if let next = rest.first, next.hasPrefix("--"), next.count > 2,
                          options.union(flags).union(["help"]).contains(String(next.dropFirst(2).prefix { $0 != "=" })) {
                    // `--capabilities --inspect`: the value is missing, not `--inspect`.
                    throw UsageError("option '--\(name)' needs a value before \(next) (--\(name)=VALUE takes a value that starts with --)",
                                     subcommand: subcommand)
                } else if let next = rest.popFirst() {
                    values[name, default: []].append(next)
                } else {
                    throw UsageError("option '--\(name)' needs a value", subcommand: subcommand)
                }
            } else if flags.contains(name) || name == "help" {
                guard attached == nil else {
                    throw UsageError("option '--\(name)' takes no value", subcommand: subcommand)
                }
                self.flags.insert(name)
            } else {
                let known = options.union(flags).union(["help"]).map { "--" + $0 }
                throw UsageError("unknown option '--\(name)' for 'bridge \(subcommand)'"
                                 + (ArgumentList.elsewhere[subcommand]?[name]
                                    ?? UsageError.didYouMean("--" + name, among: known.sorted())), subcommand: subcommand)
            }
        }
    }

    /// Values given to the wrong option of a pair: the option they belong to.
    static let otherOption: [String: [String: String]] = [
        "platform": ["iphone": " (iphone is a device: --platform ios --device iphone)", "ipad": " (ipad is a device: --platform ios --device ipad)"],
        "device": Dictionary(uniqueKeysWithValues: ["android", "ios", "linux", "macos", "windows"].map {
            ($0, " (\($0) is a platform: --platform \($0); --device chooses an iPhone or an iPad)")
        }),
    ]

    /// Options of one subcommand that another way of running it says differently: the hint
    /// that replaces the did-you-mean.
    static let elsewhere: [String: [String: String]] = [
        "serve": [
            "inspect": ": a session asks for records with initialize {\"inspect\": true} (each call's record then comes as a bridge/presentation notification)",
            "preview": ": a session's records come as bridge/presentation notifications (initialize {\"inspect\": true}); draw a saved one with 'bridge render'",
        ],
    ]

    /// The long options a single-dash `-<typed>` most likely meant: the option of that name
    /// (`-platform`), a close one, or for one letter every option starting with it
    /// (`-p` → `--platform`, `--preview` or `--provider-paths`).
    private static func suggestLong(for typed: String, among names: Set<String>) -> String {
        let sorted = names.sorted()
        if names.contains(typed) { return " (did you mean '--\(typed)'?)" }
        if typed.count == 1, let first = typed.first {
            let options = sorted.filter { $0.first == first }.map { "'--\($0)'" }
            if let last = options.last {
                let list = options.count == 1 ? last : options.dropLast().joined(separator: ", ") + " or " + last
                return " (did you mean \(list)?)"
            }
        }
        return UsageError.didYouMean("--" + typed, among: sorted.map { "--" + $0 })
    }

    /// The options and flags given, as the plugins read them.
    var pluginOptions: PluginOptionValues { PluginOptionValues(values: values, flags: flags) }

    /// Whether `--help` or `-h` was given.
    var wantsHelp: Bool { flags.contains("help") }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option (the last one given wins).
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of an option that must be one of `T`'s cases (the rule plugin options follow,
    /// with `otherOption`'s hints).
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type) throws(UsageError) -> T? where T.RawValue == String {
        do throws(PluginOptionError) {
            return try pluginOptions.choice(name, T.self) { ArgumentList.otherOption[name]?[$0] }
        } catch {
            throw UsageError(error.message, subcommand: subcommand, pointsToHelp: error.pointsToHelp)
        }
    }

    /// The value of an option that must be a positive integer.
    func positiveInt(_ name: String) throws(UsageError) -> Int? {
        guard let raw = value(name) else { return nil }
        guard let v = Int(raw), v > 0 else {
            throw UsageError("option '--\(name)' must be a positive integer, got '\(raw)'", subcommand: subcommand)
        }
        return v
    }

    /// The value of an option that must be a non-empty string (the rule plugin options follow).
    func nonEmpty(_ name: String) throws(UsageError) -> String? {
        do throws(PluginOptionError) {
            return try pluginOptions.nonEmpty(name)
        } catch {
            throw UsageError(error.message, subcommand: subcommand, pointsToHelp: error.pointsToHelp)
        }
    }
}
