// Cold-start baseline: a Swift program that links Foundation (a `String(format:)` pulls it in,
// with CoreFoundation and ICU) and prints a line. Benchmarks/run.sh compiles it with
// `swiftc -O -static-stdlib` into Benchmarks/.out/minimal. The bridge links FoundationEssentials
// only: this line shows what the whole of Foundation would cost each start.
import Foundation

print(String(format: "%@", "hello"))
