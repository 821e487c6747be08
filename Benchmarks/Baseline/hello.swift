// The start-up floor: a pure-Swift program (no Foundation) that prints one line.
// Benchmarks/run.sh compiles it with `swiftc -O -static-stdlib`, as `bridge` is installed.
print("hello")
