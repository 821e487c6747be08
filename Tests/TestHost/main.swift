import BridgeCLI
import Foundation
import TestSupport

// `bridge` with the test-only plugins registered, for the end-to-end tests and benchmarks.
exit(BridgeCLI.main(arguments: Array(CommandLine.arguments.dropFirst()),
                    extraPlugins: [TestPlugin(), OtherTestPlugin()]))
