// Cold-start baseline: the smallest Swift program that loads Foundation and prints a line.
// Benchmarks/run.sh compiles it with `swiftc -O -static-stdlib` into Benchmarks/.out/minimal.
import Foundation

print("hello")
