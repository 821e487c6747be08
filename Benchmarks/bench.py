#!/usr/bin/env python3
"""Benchmarks for the bridge sidecar, measured against baselines in the same run.

  1. Cold start: `bridge invoke share_text '{"url":...,"text":...,"title":...}'` (the product
     binary) against a minimal Swift program (import Foundation, print one line).
     Target: median ratio <= 1.5x. Extra lines, no target: `bridge-test-host invoke
     'bridge-test|echo'` and `bridge --version`.
  2. Serve throughput: M pipelined `plugin:frak-share|share_text` requests through `bridge serve`
     against a Node.js readline echo sidecar. Target: bridge/node messages/s >= 1x.
     Extra line, own ratio, no target: `plugin:bridge-test|echo` through `bridge-test-host serve`.

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

COLD_START_TARGET = 1.5   # bridge invoke share_text / minimal, medians: at most this
THROUGHPUT_TARGET = 1.0   # bridge serve share_text / node echo, messages/s: at least this

# The share_text arguments, used by every line of both benchmarks (no imageUrl: no network).
SHARE_PARAMS = {"url": "https://frak.id/x", "text": "Join me", "title": "Frak"}
SHARE_ARGS_JSON = json.dumps(SHARE_PARAMS, separators=(",", ":"))
SHARE_METHOD = "plugin:frak-share|share_text"
SHARE_RESULT = {"shared": True}
ECHO_METHOD = "plugin:bridge-test|echo"


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


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


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
    main_label = "bridge invoke share_text"
    programs = [
        # (label, argv, expected stdout or None)
        ("minimal Swift (Foundation + print)", [args.minimal], "hello"),
        (main_label, [args.bridge, "invoke", "share_text", SHARE_ARGS_JSON], '{"shared":true}'),
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
    print(f"  {'program':<44} {'median':>9} {'p90':>9} {'/ minimal':>10}")
    base_label = programs[0][0]
    base = statistics.median(times[base_label])
    for label, _, _ in programs:
        ms = times[label]
        median = statistics.median(ms)
        if label == base_label:
            note = ""
        elif label == main_label:
            note = f"   target <= {COLD_START_TARGET}x: {verdict(median / base <= COLD_START_TARGET)}"
        else:
            note = "   (extra, no target)"
        ratio = "" if label == base_label else f"{median / base:.2f}x"
        print(f"  {label:<44} {median:>6.2f} ms {percentile(ms, 0.9):>6.2f} ms {ratio:>10}{note}")
    print(f"  (ratios are of medians; the {main_label} line carries the target)")
    print()


# ---------------------------------------------------------------- throughput

def make_requests(method, count):
    return "".join(
        f'{{"jsonrpc":"2.0","id":{i},"method":"{method}","params":{SHARE_ARGS_JSON}}}\n'
        for i in range(1, count + 1)
    ).encode()


def pump(label, argv, payload, count, expected_result):
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
        verify(label, output, count, expected_result)   # names the missing ids
        raise BenchError(f"{label}: only {lines} response lines for {count} requests")
    return elapsed, output


def verify(label, output, count, expected_result):
    """Every request answered exactly once (ids 1...count), each with `expected_result`."""
    lines = output.splitlines()
    expected_json = canonical(expected_result)
    seen = set()
    for line in lines:
        try:
            response = json.loads(line)
        except ValueError:
            raise BenchError(f"{label}: response is not JSON: {line[:200]!r}")
        # Compare as canonical JSON so that 1 does not pass for true (1 == True in Python).
        if (not isinstance(response, dict) or response.get("jsonrpc") != "2.0"
                or "result" not in response or canonical(response["result"]) != expected_json):
            raise BenchError(f"{label}: unexpected response: {line[:200]!r}")
        request_id = response.get("id")
        if type(request_id) is not int:
            raise BenchError(f"{label}: response id is not an integer: {line[:200]!r}")
        seen.add(request_id)
    expected = set(range(1, count + 1))
    if len(lines) != count or seen != expected:
        missing = sorted(expected - seen)
        raise BenchError(f"{label}: {len(lines)} responses for {count} requests, "
                         f"{len(missing)} ids missing (first: {missing[:5]}), "
                         f"{len(seen - expected)} unexpected ids, {len(lines) - len(seen)} duplicates")


def throughput(args):
    share_payload = make_requests(SHARE_METHOD, args.messages)
    echo_payload = make_requests(ECHO_METHOD, args.messages)
    main_label = "bridge serve (frak-share|share_text)"
    echo_label = "bridge-test-host serve (bridge-test|echo)"
    node_label = "node echo-sidecar.js"
    sidecars = [
        # (label, argv, requests, expected result of every response)
        (main_label, [args.bridge, "serve"], share_payload, SHARE_RESULT),
        (echo_label, [args.host, "serve"], echo_payload, SHARE_PARAMS),
    ]
    if args.node:
        # The baseline gets the same bytes as the main line and echoes the params back.
        sidecars.append((node_label, [args.node, args.sidecar], share_payload, SHARE_PARAMS))

    rates = {label: [] for label, _, _, _ in sidecars}
    for _ in range(args.repeats):
        for label, argv, payload, expected in sidecars:   # alternate the sidecars within each repeat
            seconds, output = pump(label, argv, payload, args.messages, expected)
            verify(label, output, args.messages, expected)
            rates[label].append(args.messages / seconds)

    size_mb = len(share_payload) / 1e6
    print(f"Serve throughput: {args.messages} pipelined requests ({size_mb:.1f} MB), "
          f"spawn to last response, {args.repeats} repeats each")
    print(f"  {'sidecar':<44} {'best msg/s':>11} {'median msg/s':>13}")
    for label, _, _, _ in sidecars:
        r = rates[label]
        print(f"  {label:<44} {max(r):>11,.0f} {statistics.median(r):>13,.0f}")
    if args.node:
        node = rates[node_label]
        for label, name, target in ((main_label, "bridge share_text / node", True),
                                    (echo_label, "bridge-test-host echo / node", False)):
            r = rates[label]
            best = max(r) / max(node)
            median = statistics.median(r) / statistics.median(node)
            note = (f"target >= {THROUGHPUT_TARGET}x: {verdict(median >= THROUGHPUT_TARGET)} (median)"
                    if target else "(extra, no target)")
            print(f"  ratio {name + ':':<30} best {best:.2f}x, median {median:.2f}x   {note}")
    else:
        print("  node not found: the Node.js comparison was skipped")
    print()


# ---------------------------------------------------------------- main

MICRO_LABELS = {
    "acl.parse_1000_capabilities_ms": ("parse 1,000 capabilities (JSON, one file)", "ms"),
    "acl.resolve_1000_capabilities_ms": ("resolve 1,000 capabilities on 5 platforms", "ms"),
    "acl.check_per_call_ns": ("ACL check per call (decision cached per context)", "ns"),
    "acl.decide_uncached_per_call_us": ("ACL decision, context never seen (1,000 grants)", "us"),
    "schema.check_share_text_us": ("schema check of a share_text call (layer 1)", "us"),
    "schema.refuse_share_text_us": ("schema refusal of a share_text call, with its message", "us"),
}


def micro(args):
    """In-process figures from the Swift micro-benchmark binary (Benchmarks/Swift/main.swift)."""
    if not args.micro:
        return
    result = subprocess.run([args.micro], capture_output=True, text=True)
    if result.returncode != 0:
        raise BenchError(f"{args.micro} failed: {result.stderr.strip()}")
    print()
    print("In-process (Benchmarks/Swift, release build, median of several rounds)")
    for line in result.stdout.splitlines():
        key, _, value = line.partition(" ")
        label, unit = MICRO_LABELS.get(key, (key, ""))
        print(f"  {label:<55} {float(value):>10.2f} {unit}")


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
    parser.add_argument("--micro", default=os.path.join(release, "bridge-benchmarks"),
                        help="the in-process micro-benchmarks ('' to skip)")
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
        micro(args)
    except BenchError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
