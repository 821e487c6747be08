import BridgeCLI
import Foundation

// The product's plugins are registered here as they land.
exit(BridgeCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), plugins: []))
