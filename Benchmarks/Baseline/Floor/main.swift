// The start-up floor: a pure-Swift program (no Foundation) that prints one line, built by
// Install/build with exactly the flags `bridge` ships with (Benchmarks/run.sh), so the cold-start
// ratio compares the bridge's own work and not its link flags.
print("hello")
