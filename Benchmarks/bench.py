#!/usr/bin/env python3
"""Benchmarks for the bridge sidecar, measured against baselines in the same run.

  1. Cold start: `bridge-test-host invoke 'bridge-test|echo' '{"text":"hi"}'` against a minimal
     Swift program (import Foundation, print one line). Target: median ratio <= 1.5x.
  2. Serve throughput: M pipelined NDJSON requests through `bridge-test-host serve` against a
     Node.js readline echo sidecar. Target: bridge/node messages/s >= 1x.

Usually run through Benchmarks/run.sh, which builds everything and passes the paths.
Exits non-zero only when something breaks (a process fails, a response is wrong or missing),
never because a target is missed. Python 3 standard library only.
"""
import argparse
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

COLD_START_TARGET = 1.5   # invoke / minimal, medians: at most this
THROUGHPUT_TARGET = 1.0   # bridge / node, messages/s: at least this

ECHO_METHOD = "plugin:bridge-test|echo"
ECHO_PARAMS = {"text": "Join me", "url": "https://example.com/x", "title": "T"}


class BenchError(Exception):
    """Something broke: a process failed or answered wrongly."""


# ---------------------------------------------------------------- helpers

def percentile(values, fraction):
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def verdict(met):
    return "met" if met else "MISSED"


def tail(text, lines=10):
    return "\n".join(text.strip().splitlines()[-lines:])


# ---------------------------------------------------------------- cold start

def run_once(label, argv, expected_stdout):
    """Runs argv to completion; returns its wall time in ms (spawn to exit)."""
    start = time.perf_counter_ns()
    done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed_ms = (time.perf_counter_ns() - start) / 1e6
    if done.returncode != 0:
        raise BenchError(f"{label}: exit status {done.returncode}\n{tail(done.stderr.decode(errors='replace'))}")
    out = done.stdout.decode(errors="replace").strip()
    if expected_stdout is not None and out != expected_stdout:
        raise BenchError(f"{label}: unexpected output {out!r}, expected {expected_stdout!r}")
    return elapsed_ms


def cold_start(args):
    programs = [
        # (label, argv, expected stdout or None)
        ("minimal Swift (Foundation + print)", [args.minimal], "hello"),
        ("bridge-test-host invoke bridge-test|echo",
         [args.host, "invoke", "bridge-test|echo", '{"text":"hi"}'], '{"text":"hi"}'),
        ("bridge --version", [args.bridge, "--version"], None),
    ]
    times = {label: [] for label, _, _ in programs}
    for i in range(args.warmups + args.runs):
        # Interleave, rotating the order so no program always runs first.
        shift = i % len(programs)
        for label, argv, expected in programs[shift:] + programs[:shift]:
            ms = run_once(label, argv, expected)
            if i >= args.warmups:
                times[label].append(ms)

    print(f"Cold start: wall time, spawn to exit ({args.runs} runs each, interleaved, after {args.warmups} warm-ups)")
    print(f"  {'program':<44} {'median':>9} {'p90':>9}")
    for label, _, _ in programs:
        ms = times[label]
        print(f"  {label:<44} {statistics.median(ms):>6.2f} ms {percentile(ms, 0.9):>6.2f} ms")
    base = statistics.median(times[programs[0][0]])
    invoke = statistics.median(times[programs[1][0]])
    version = statistics.median(times[programs[2][0]])
    ratio = invoke / base
    print(f"  ratio invoke / minimal (medians):  {ratio:.2f}x   target <= {COLD_START_TARGET}x: {verdict(ratio <= COLD_START_TARGET)}")
    print(f"  ratio --version / minimal (medians): {version / base:.2f}x   (extra, no target)")
    print()


# ---------------------------------------------------------------- throughput

def make_requests(count):
    params = json.dumps(ECHO_PARAMS, separators=(",", ":"))
    return "".join(
        f'{{"jsonrpc":"2.0","id":{i},"method":"{ECHO_METHOD}","params":{params}}}\n'
        for i in range(1, count + 1)
    ).encode()


def pump(label, argv, payload, count):
    """Spawns argv, feeds payload on stdin from a writer thread while this thread reads stdout.
    Returns (seconds from spawn to the last response line read, stdout bytes)."""
    chunks = []
    writer_error = []
    with tempfile.TemporaryFile() as stderr_file:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr_file)

        def write_all():
            try:
                proc.stdin.write(payload)
                proc.stdin.close()
            except (BrokenPipeError, OSError) as error:
                writer_error.append(error)

        writer = threading.Thread(target=write_all, daemon=True)
        writer.start()

        fd = proc.stdout.fileno()
        lines = 0
        elapsed = None
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            lines += chunk.count(b"\n")
            if elapsed is None and lines >= count:
                elapsed = time.perf_counter() - start   # the last response has been read
        writer.join()
        status = proc.wait()
        proc.stdout.close()
        stderr_file.seek(0)
        stderr_text = stderr_file.read().decode(errors="replace")

    if status != 0:
        raise BenchError(f"{label}: exit status {status}\n{tail(stderr_text)}")
    if writer_error:
        raise BenchError(f"{label}: writing requests failed: {writer_error[0]}\n{tail(stderr_text)}")
    output = b"".join(chunks)
    if elapsed is None:
        verify(label, output, count)   # names the missing ids
        raise BenchError(f"{label}: only {lines} response lines for {count} requests")
    return elapsed, output


def verify(label, output, count):
    """Every request answered exactly once, with its params echoed back."""
    lines = output.splitlines()
    seen = set()
    for line in lines:
        try:
            response = json.loads(line)
        except ValueError:
            raise BenchError(f"{label}: response is not JSON: {line[:200]!r}")
        if response.get("jsonrpc") != "2.0" or response.get("result") != ECHO_PARAMS:
            raise BenchError(f"{label}: unexpected response: {line[:200]!r}")
        seen.add(response.get("id"))
    expected = set(range(1, count + 1))
    if len(lines) != count or seen != expected:
        missing = sorted(expected - seen)
        raise BenchError(f"{label}: {len(lines)} responses for {count} requests, "
                         f"{len(missing)} ids missing (first: {missing[:5]}), "
                         f"{len(seen - expected)} unexpected ids, {len(lines) - len(seen)} duplicates")


def throughput(args):
    payload = make_requests(args.messages)
    sidecars = [("bridge-test-host serve", [args.host, "serve"])]
    if args.node:
        sidecars.append(("node echo-sidecar.js", [args.node, args.sidecar]))

    rates = {label: [] for label, _ in sidecars}
    for _ in range(args.repeats):
        for label, argv in sidecars:   # alternate the sidecars between repeats
            seconds, output = pump(label, argv, payload, args.messages)
            verify(label, output, args.messages)
            rates[label].append(args.messages / seconds)

    size_mb = len(payload) / 1e6
    print(f"Serve throughput: {args.messages} pipelined requests ({size_mb:.1f} MB), "
          f"spawn to last response, {args.repeats} repeats each")
    print(f"  {'sidecar':<44} {'best msg/s':>11} {'median msg/s':>13}")
    for label, _ in sidecars:
        r = rates[label]
        print(f"  {label:<44} {max(r):>11,.0f} {statistics.median(r):>13,.0f}")
    if args.node:
        bridge, node = rates[sidecars[0][0]], rates[sidecars[1][0]]
        best = max(bridge) / max(node)
        median = statistics.median(bridge) / statistics.median(node)
        print(f"  ratio bridge / node:  best {best:.2f}x, median {median:.2f}x   "
              f"target >= {THROUGHPUT_TARGET}x: {verdict(median >= THROUGHPUT_TARGET)} (median)")
    else:
        print("  node not found: the Node.js comparison was skipped")
    print()


# ---------------------------------------------------------------- main

def main():
    release = os.path.join(ROOT, ".build", "release")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40, help="cold-start runs per program [40]")
    parser.add_argument("--warmups", type=int, default=3, help="cold-start warm-up rounds [3]")
    parser.add_argument("--messages", type=int, default=200000, help="requests per throughput run [200000]")
    parser.add_argument("--repeats", type=int, default=3, help="throughput runs per sidecar [3]")
    parser.add_argument("--host", default=os.path.join(release, "bridge-test-host"))
    parser.add_argument("--bridge", default=os.path.join(release, "bridge"))
    parser.add_argument("--minimal", default=os.path.join(HERE, ".out", "minimal"))
    parser.add_argument("--sidecar", default=os.path.join(HERE, "Baseline", "echo-sidecar.js"))
    parser.add_argument("--node", default=shutil.which("node") or "", help="node executable ('' to skip)")
    args = parser.parse_args()
    if args.runs < 1 or args.messages < 1 or args.repeats < 1 or args.warmups < 0:
        parser.error("--runs, --messages and --repeats must be positive")
    for path in (args.host, args.bridge, args.minimal):
        if not os.access(path, os.X_OK):
            parser.error(f"not an executable: {path} (run Benchmarks/run.sh to build it)")

    node_version = "not found"
    if args.node:
        node_version = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"bridge benchmarks: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
          f"python {platform.python_version()}, node {node_version}")
    print()
    try:
        cold_start(args)
        throughput(args)
    except BenchError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
