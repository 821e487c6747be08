#!/usr/bin/env bash
# Builds the release binaries (the Swift runtime linked statically, as `bridge` is installed) and
# the baselines, then runs Benchmarks/bench.py. Any extra arguments go to bench.py.
# Usage: Benchmarks/run.sh [--runs N] [--messages M] [--repeats R] [--slow-calls C,C...]   (any cwd)
set -euo pipefail

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench_dir/.." && pwd)"
out="$bench_dir/.out"
cd "$root"

# The binaries as the README installs them (Install/build: the Swift and C++ runtimes linked in,
# position-dependent, start-up code laid out together).
echo "== building release products with Install/build" >&2
bridge="$("$root/Install/build" --product bridge)"
micro="$("$root/Install/build" --product bridge-benchmarks)"
# bridge with 30 more plugins compiled in: what a plugin costs a cold start that does not call it.
plus30="$("$root/Install/build" --product bridge-plus-30)"
# The cold-start floor, linked with exactly bridge's flags (Baseline/Floor).
floor="$("$root/Install/build" --product bridge-floor)"
# The test host links the test support module, which a release build may not be able to build
# (it imports Testing); its lines are extras, skipped without it.
if ! host="$("$root/Install/build" --product bridge-test-host)"; then
    echo "== bridge-test-host did not build in release mode: its extra lines are skipped" >&2
    host=""
fi

echo "== compiling the baseline Swift programs (-static-stdlib)" >&2
mkdir -p "$out"
swiftc -O -static-stdlib "$bench_dir/Baseline/hello.swift" -o "$out/hello" >&2
swiftc -O -static-stdlib "$bench_dir/Baseline/minimal.swift" -o "$out/minimal" >&2

node_args=()
if node_path="$(command -v node)"; then
    node_args=(--node "$node_path")
else
    echo "== node not found: the Node.js throughput comparison will be skipped" >&2
    node_args=(--node "")
fi

echo "== running benchmarks" >&2
exec python3 "$bench_dir/bench.py" \
    --host "$host" \
    --bridge "$bridge" \
    --plus30 "$plus30" \
    --micro "$micro" \
    --floor "$floor" \
    --hello "$out/hello" \
    --minimal "$out/minimal" \
    --sidecar "$bench_dir/Baseline/echo-sidecar.js" \
    "${node_args[@]}" \
    "$@"
