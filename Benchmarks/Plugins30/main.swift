// `bridge` with 30 more plugins compiled in (Plugins.swift, written by generate.py), for the
// cold-start section of Benchmarks/bench.py: a cold `invoke share_text` should cost the same
// whether 26 or 56 plugins are built in (issue "One kit, one road", item 6: at most 5% more
// instructions). Each is declared through the kit as an official plugin is.
import BridgeCLI
import Glibc

exit(BridgeCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), extraPlugins: extraPlugins))
