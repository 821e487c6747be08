import BridgeCLI
import FoundationEssentials
import Glibc
import BridgeSystem

exit(BridgeCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
