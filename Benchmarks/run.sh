#!/usr/bin/env bash
# Builds the release binaries and the baselines, then runs Benchmarks/bench.py.
# Usage: Benchmarks/run.sh [--runs N] [--messages M] [--repeats R]   (works from any cwd)
# Measures `bridge invoke share_text` (cold start) and `bridge serve` share_text (throughput).
set -euo pipefail

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench_dir/.." && pwd)"
out="$bench_dir/.out"
cd "$root"

echo "== building release products" >&2
swift build -c release --product bridge-test-host >&2
swift build -c release --product bridge >&2
swift build -c release --product bridge-benchmarks >&2
bin="$(swift build -c release --show-bin-path)"

echo "== compiling the baseline Swift program" >&2
mkdir -p "$out"
swiftc -O "$bench_dir/Baseline/minimal.swift" -o "$out/minimal" >&2

node_args=()
if node_path="$(command -v node)"; then
    node_args=(--node "$node_path")
else
    echo "== node not found: the Node.js throughput comparison will be skipped" >&2
    node_args=(--node "")
fi

echo "== running benchmarks" >&2
exec python3 "$bench_dir/bench.py" \
    --host "$bin/bridge-test-host" \
    --bridge "$bin/bridge" \
    --micro "$bin/bridge-benchmarks" \
    --minimal "$out/minimal" \
    --sidecar "$bench_dir/Baseline/echo-sidecar.js" \
    "${node_args[@]}" \
    "$@"
