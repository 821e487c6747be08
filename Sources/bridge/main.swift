import BridgeCLI
import Foundation

exit(BridgeCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
