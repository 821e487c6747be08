"""Benchmarks for the bridge, measured against baselines in the same run.

  1. Cold start: `bridge invoke share_text '{"url":...,"text":...,"title":...}'` (the installed,
     static build) against the floor, a pure-Swift program that prints one line built by
     Install/build with the bridge's own flags. Wall time (median, p90) and peak RSS (GNU time's
     %M). Targets: median <= 2.0x the floor; peak RSS <= 8 MiB. Extra lines, no target: the hello
     built by plain swiftc, a static Foundation hello, the same call on android, `bridge --version`,
     `bridge-test-host invoke 'bridge-test|echo'`.
  2. Serve throughput: M pipelined `plugin:frak-share|share_text` requests through `bridge serve` on
     ios and on android, stdin from a file, from a pipe, and from a file on one core (taskset -c 0),
     against a Node.js readline echo sidecar given the same bytes the same way. Targets: bridge/node
     messages/s >= 2x for each platform and each way; peak RSS <= 16 MiB. Extra line:
     `plugin:bridge-test|echo` through bridge-test-host.
  3. Browser mode (browser_bench.py): share_text as a page's invoke() sends it, through
     `bridge serve --http 0`, against a minimal Node `http` server, both loaded by wrk at 16
     keep-alive connections; instructions per request under callgrind. Targets: >= 2x Node's
     requests/s; <= 60k instructions per request.
  4. Slow downloads: waves of 1,000 and then of 10,000 share_text calls at once, each with an
     imageUrl that answers after 5 s, through `bridge serve` on android and on ios. Targets: every
     call answered within 2.5 s of being sent; for 1,000, RSS <= 64 MiB during a wave and < 32 MiB
     one second after it.
  5. Instructions per share_text message through `bridge serve` (ios, android) under callgrind,
     when valgrind is installed: stable under load, where times are not. Target: <= 15k. And what a
     call that waits on a download costs beyond the same call without one, every thread but
     libcurl's loop. Target: <= 20k.

Every target is printed with its ratio, and again in a summary at the end.
Usually run through Benchmarks/run.sh, which builds everything and passes the paths.
Exits non-zero only when something breaks (a process fails, a response is wrong or missing),
never because a target is missed. Python 3 standard library only (wrk, valgrind, taskset and
node when present; each part that needs one is skipped, saying so, without it).
"""
import argparse
import json
import math
import os
import platform
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEER = os.path.join(ROOT, "Tests", "Peers", "http_peer.py")
SLOW_HOST = os.path.join(ROOT, "Benchmarks", "slow_host.py")
MIB = 1024 * 1024

COLD_START_TARGET = 2.0      # bridge invoke share_text / static pure-Swift hello, medians: at most
COLD_RSS_TARGET_MIB = 8      # peak RSS of bridge invoke share_text: at most
THROUGHPUT_TARGET = 2.0      # bridge serve share_text / node echo, messages/s: at least
SERVE_RSS_TARGET_MIB = 16    # peak RSS of bridge serve over the run: at most
SLOW_ANSWER_TARGET_S = 2.5   # each of the slow-download calls answered within
SLOW_PEAK_TARGET_MIB = 64    # RSS during a wave of slow downloads: at most
SLOW_AFTER_TARGET_MIB = 32   # RSS one second after a wave: below
SLOW_RSS_TARGET_CALLS = 1000  # the RSS targets hold for waves of at most this many calls
PLUGINS_30_TARGET_PERCENT = 5  # a cold invoke with 30 more plugins compiled in: at most this much more
INSTRUCTIONS_TARGET = 15000  # instructions per share_text message through bridge serve: at most
WAITING_TARGET = 20000       # instructions a download adds to a call, before libcurl has it and after: at most
SCOPE_TARGET = 3.0           # calls under a 1,000-entry scope / the same calls under one entry: at most
SCOPE_CALLS = 2000
SCOPE_ENTRIES = 1000

# The share_text arguments of the cold-start and throughput lines (no imageUrl: no network).
SHARE_PARAMS = {"url": "https://frak.id/x", "text": "Join me", "title": "Frak"}
SHARE_ARGS_JSON = json.dumps(SHARE_PARAMS, separators=(",", ":"))
SHARE_METHOD = "plugin:frak-share|share_text"
SHARE_RESULT = {"shared": True}
ECHO_METHOD = "plugin:bridge-test|echo"

# (what, figure, target text, met) for the summary.
TARGETS = []


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


def target(what, figure, text, met):
    TARGETS.append((what, figure, text, met))
    return f"target {text}: {verdict(met)}"


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def tail(text, lines=10):
    return "\n".join(text.strip().splitlines()[-lines:])


# Peak RSS comes from GNU time (`%M`, the kernel's ru_maxrss of the child it waits for): a child
# forked by Python itself would count Python's own ~16 MiB, mapped until exec.
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


class PeakRSS:
    """Wraps an argv in GNU time and reads the peak RSS (bytes) it wrote; None without GNU time."""

    def __init__(self, argv):
        self.file = None
        self.argv = argv
        if GNU_TIME:
            fd, self.file = tempfile.mkstemp(prefix="bridge-bench-rss-")
            os.close(fd)
            self.argv = [GNU_TIME, "-f", "%M", "-o", self.file, *argv]

    def read(self):
        if not self.file:
            return None
        try:
            with open(self.file) as f:
                lines = [line for line in f.read().split() if line.isdigit()]
            return int(lines[-1]) * 1024 if lines else None
        finally:
            os.unlink(self.file)


def mib(rss):
    return "n/a" if rss is None else f"{rss / MIB:.1f} MiB"


def proc_status(pid):
    """VmRSS, VmHWM (bytes) and Threads of a running process, from /proc/<pid>/status."""
    figures = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                figures[key] = int(value.split()[0]) * 1024
            elif key == "Threads":
                figures[key] = int(value)
    return figures


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


def peak_rss(label, argv, runs=5):
    """The median peak RSS (bytes) of `runs` runs under GNU time, or None without it."""
    peaks = []
    for _ in range(runs):
        measure = PeakRSS(argv)
        done = subprocess.run(measure.argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        rss = measure.read()
        if done.returncode != 0:
            raise BenchError(f"{label}: exit status {done.returncode}\n{tail(done.stderr.decode(errors='replace'))}")
        if rss is None:
            return None
        peaks.append(rss)
    return statistics.median(peaks)


def cold_start(args):
    main_label = "bridge invoke share_text (ios)"
    floor_label = "floor: pure-Swift hello, bridge's link flags"
    cache = tempfile.mkdtemp(prefix="bridge-bench-cache-")
    programs = [
        # (label, argv, expected stdout or None)
        (floor_label, [args.floor], "hello"),
        ("pure-Swift hello, swiftc -static-stdlib", [args.hello], "hello"),
        ("static Foundation hello (links Foundation)", [args.minimal], "hello"),
        (main_label, [args.bridge, "invoke", "share_text", SHARE_ARGS_JSON], '{"shared":true}'),
        ("bridge invoke share_text --platform android",
         [args.bridge, "invoke", "share_text", SHARE_ARGS_JSON, "--platform", "android", "--cache-dir", cache],
         '{"shared":true}'),
        ("bridge --version", [args.bridge, "--version"], None),
    ]
    if args.host:
        programs.append(("bridge-test-host invoke bridge-test|echo",
                         [args.host, "invoke", "bridge-test|echo", '{"text":"hi"}'], '{"text":"hi"}'))
    times = {label: [] for label, _, _ in programs}
    for i in range(args.warmups + args.runs):
        # Interleave, rotating the order so no program always runs first.
        shift = i % len(programs)
        for label, argv, expected in programs[shift:] + programs[:shift]:
            ms = run_once(label, argv, expected)
            if i >= args.warmups:
                times[label].append(ms)
    peaks = {label: peak_rss(label, argv) for label, argv, _ in programs}
    shutil.rmtree(cache, ignore_errors=True)

    print(f"Cold start: wall time spawn to exit, peak RSS ({args.runs} runs each, interleaved, after {args.warmups} warm-ups)")
    print(f"  {'program':<46} {'median':>9} {'p90':>9} {'/ floor':>8} {'peak RSS':>10}")
    base = statistics.median(times[floor_label])
    for label, _, _ in programs:
        median = statistics.median(times[label])
        rss = peaks[label]
        ratio = "" if label == floor_label else f"{median / base:.2f}x"
        note = ""
        if label == main_label:
            note = "   " + target("cold invoke / floor", f"{median / base:.2f}x", f"<= {COLD_START_TARGET}x",
                                   median / base <= COLD_START_TARGET)
            note += "; " + target("cold invoke peak RSS", mib(rss), f"<= {COLD_RSS_TARGET_MIB} MiB",
                                  rss is not None and rss <= COLD_RSS_TARGET_MIB * MIB)
        print(f"  {label:<46} {median:>6.2f} ms {percentile(times[label], 0.9):>6.2f} ms {ratio:>8} "
              f"{mib(rss):>10}{note}")
    print("  (ratios are of medians; peak RSS is the median of 5 more runs under GNU time, n/a without it)")
    print()
    cold_instructions(args)


def cold_instructions(args):
    """Callgrind instructions of a cold invoke, and what 30 more plugins compiled in add to it
    (`bridge-plus-30`: ten commands and a permission set each, declared through the kit)."""
    if not shutil.which("valgrind") or not shutil.which("objcopy"):
        print("Cold-start instructions: skipped (valgrind or objcopy not found)\n")
        return
    # valgrind 3.19 cannot read the DWARF 5 the toolchain writes: it reads copies without it.
    work = tempfile.mkdtemp(prefix="bridge-bench-cold-cg-")
    def stripped(binary):
        copy = os.path.join(work, os.path.basename(binary))
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        return copy
    argv = ["invoke", "share_text", SHARE_ARGS_JSON]
    base = callgrind_total([stripped(args.bridge)] + argv, b"")
    print("Cold-start instructions (callgrind, every thread)")
    print(f"  bridge invoke share_text (ios)                 {base:>12,}")
    if args.plus30 and os.path.exists(args.plus30):
        more = callgrind_total([stripped(args.plus30)] + argv, b"")
        extra = (more - base) / base * 100
        note = target("30 more plugins compiled in, cold invoke", f"{extra:+.1f}%", f"<= {PLUGINS_30_TARGET_PERCENT}%",
                      extra <= PLUGINS_30_TARGET_PERCENT)
        print(f"  bridge-plus-30 invoke share_text (56 plugins) {more:>12,}   {extra:+.1f}%   {note}")
    else:
        print("  bridge-plus-30 not built: the 30-plugin difference is skipped")
    shutil.rmtree(work, ignore_errors=True)
    print()


# ---------------------------------------------------------------- throughput

def make_requests(method, count):
    return "".join(
        f'{{"jsonrpc":"2.0","id":{i},"method":"{method}","params":{SHARE_ARGS_JSON}}}\n'
        for i in range(1, count + 1)
    ).encode()


def pump(label, argv, payload, payload_file, count, stdin_mode):
    """Spawns argv with the requests on stdin (a writer thread on a pipe, or the file itself) and
    reads stdout. Returns (seconds from spawn to the last response line read, stdout, peak RSS)."""
    chunks = []
    writer_error = []
    with tempfile.TemporaryFile() as stderr_file, open(payload_file, "rb") as requests:
        start = time.perf_counter()
        stdin = subprocess.PIPE if stdin_mode == "pipe" else requests
        measure = PeakRSS(argv)
        proc = subprocess.Popen(measure.argv, stdin=stdin, stdout=subprocess.PIPE, stderr=stderr_file)
        writer = None
        if stdin_mode == "pipe":
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
        if writer:
            writer.join()
        status = proc.wait()
        rss = measure.read()
        proc.stdout.close()
        stderr_file.seek(0)
        stderr_text = stderr_file.read().decode(errors="replace")

    if status != 0:
        raise BenchError(f"{label}: exit status {status}\n{tail(stderr_text)}")
    if writer_error:
        raise BenchError(f"{label}: writing requests failed: {writer_error[0]}\n{tail(stderr_text)}")
    output = b"".join(chunks)
    if elapsed is None:
        raise BenchError(f"{label}: only {lines} response lines for {count} requests")
    return elapsed, output, rss


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
    work = tempfile.mkdtemp(prefix="bridge-bench-serve-")
    share_file, echo_file = os.path.join(work, "share.ndjson"), os.path.join(work, "echo.ndjson")
    with open(share_file, "wb") as f:
        f.write(share_payload)
    with open(echo_file, "wb") as f:
        f.write(echo_payload)
    cache = os.path.join(work, "cache")
    sidecars = []   # (label, argv, payload, file, stdin mode, expected result, platform or None, variant)
    # Each variant runs bridge and the Node echo the same way: stdin from a file, from a pipe, and
    # from a file with both pinned to one core (`taskset -c 0`), where extra threads cannot help.
    variants = [("stdin file", "file", []), ("stdin pipe", "pipe", [])]
    if shutil.which("taskset"):
        variants.append(("one core, stdin file", "file", ["taskset", "-c", "0"]))
    else:
        print("  taskset not found: the one-core comparison is skipped")
    for variant, stdin_mode, pin in variants:
        sidecars.append((f"bridge serve ios, {variant}", pin + [args.bridge, "serve"],
                         share_payload, share_file, stdin_mode, SHARE_RESULT, "ios", variant))
        sidecars.append((f"bridge serve android, {variant}",
                         pin + [args.bridge, "serve", "--platform", "android", "--cache-dir", cache],
                         share_payload, share_file, stdin_mode, SHARE_RESULT, "android", variant))
        if args.node:
            # The baseline gets the same bytes as the main lines and echoes the params back.
            sidecars.append((f"node echo-sidecar.js, {variant}", pin + [args.node, args.sidecar],
                             share_payload, share_file, stdin_mode, SHARE_PARAMS, None, variant))
    if args.host:
        sidecars.append(("bridge-test-host serve echo, stdin pipe", [args.host, "serve"],
                         echo_payload, echo_file, "pipe", SHARE_PARAMS, None, "stdin pipe"))

    rates = {s[0]: [] for s in sidecars}
    peaks = {s[0]: [] for s in sidecars}
    for _ in range(args.repeats):
        for label, argv, payload, payload_file, stdin_mode, expected, _, _ in sidecars:   # alternate within each repeat
            seconds, output, rss = pump(label, argv, payload, payload_file, args.messages, stdin_mode)
            verify(label, output, args.messages, expected)
            rates[label].append(args.messages / seconds)
            peaks[label].append(rss)
    shutil.rmtree(work, ignore_errors=True)

    def peak(label):
        known = [p for p in peaks[label] if p is not None]
        return max(known) if known else None

    size_mb = len(share_payload) / 1e6
    print(f"Serve throughput: {args.messages} pipelined requests ({size_mb:.1f} MB), "
          f"spawn to last response, {args.repeats} repeats each")
    print(f"  {'sidecar':<44} {'best msg/s':>11} {'median msg/s':>13} {'peak RSS':>10}")
    for label, *_ in sidecars:
        r = rates[label]
        print(f"  {label:<44} {max(r):>11,.0f} {statistics.median(r):>13,.0f} {mib(peak(label)):>10}")
    for label, _, _, _, stdin_mode, _, platform_name, variant in sidecars:
        if platform_name is None:
            continue
        if args.node:
            node = rates[f"node echo-sidecar.js, {variant}"]
            median = statistics.median(rates[label]) / statistics.median(node)
            best = max(rates[label]) / max(node)
            note = target(f"serve {platform_name}, {variant} / node", f"{median:.2f}x",
                          f">= {THROUGHPUT_TARGET}x", median >= THROUGHPUT_TARGET)
            print(f"  ratio {label + ' / node:':<46} best {best:.2f}x, median {median:.2f}x   {note} (median)")
        rss = peak(label)
        note = target(f"serve {platform_name}, {variant} peak RSS", mib(rss),
                      f"<= {SERVE_RSS_TARGET_MIB} MiB", rss is not None and rss <= SERVE_RSS_TARGET_MIB * MIB)
        print(f"  peak RSS {label + ':':<43} {mib(rss)}   {note}")
    if not args.node:
        print("  node not found: the Node.js comparison was skipped")
    print()


# ---------------------------------------------------------------- slow downloads

class Peer:
    """A peer script (Tests/Peers/http_peer.py unless told) on 127.0.0.1, for as long as the
    context lasts."""

    def __init__(self, script=PEER):
        self.script = script

    def __enter__(self):
        self.proc = subprocess.Popen([sys.executable, self.script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("PORT "):
            raise BenchError(f"http_peer.py did not start: {line!r}")
        self.port = int(line.split()[1])
        return self

    def __exit__(self, *exc):
        self.proc.stdin.close()
        self.proc.wait()


def cpu_seconds(pid):
    """User + system CPU time a running process has used, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds(pid, name):
    """CPU time the threads called `name` of a running process have used (0 when none)."""
    total = 0.0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if stat[stat.index("(") + 1:stat.rindex(")")] == name:
            fields = stat.rpartition(")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def slow_wave(proc, responses, url, first_id, count):
    """Sends `count` share_text calls for `url` at once; returns (slowest answer s, peak VmRSS,
    peak threads) once all are answered."""
    lines = []
    for i in range(first_id, first_id + count):
        lines.append(json.dumps({"jsonrpc": "2.0", "id": i, "method": SHARE_METHOD,
                                 "params": {"text": "x", "imageUrl": url}}, separators=(",", ":")))
    wanted = set(range(first_id, first_id + count))
    sent = time.monotonic()
    proc.stdin.write(("\n".join(lines) + "\n").encode())
    proc.stdin.flush()
    peak_rss, peak_threads, slowest = 0, 0, 0.0
    deadline = sent + 60
    while wanted:
        try:
            status = proc_status(proc.pid)
            peak_rss = max(peak_rss, status["VmRSS"])
            peak_threads = max(peak_threads, status["Threads"])
        except OSError:
            pass
        with responses["lock"]:
            arrived = [(rid, at) for rid, at in responses["seen"].items() if rid in wanted]
        for rid, at in arrived:
            wanted.discard(rid)
            slowest = max(slowest, at - sent)
        if time.monotonic() > deadline:
            raise BenchError(f"slow downloads: {len(wanted)} of {count} calls unanswered after 60 s")
        time.sleep(0.02)
    return slowest, peak_rss, peak_threads


def slow_downloads(args):
    for calls in args.slow_calls:
        slow_downloads_of(args, calls)


def slow_downloads_of(args, calls):
    """`calls` slow downloads at once, `args.waves` waves on each platform."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    rss_targets = calls <= SLOW_RSS_TARGET_CALLS
    print(f"Slow downloads: {calls} share_text calls at once, each imageUrl answering after 5 s, "
          f"{args.waves} waves, through bridge serve (descriptor limit {soft})"
          + ("" if rss_targets else f"; the RSS targets are for waves of {SLOW_RSS_TARGET_CALLS}"))
    print(f"  {'platform':<10} {'wave':>4} {'slowest answer':>15} {'RSS before':>11} {'RSS peak':>10} "
          f"{'RSS +1 s':>10} {'threads':>8} {'CPU per call':>13} {'loop thread':>12} {'host CPU':>9}")
    with Peer(SLOW_HOST) as peer:
        url = f"http://127.0.0.1:{peer.port}/slow?ms=5000"
        for platform_name in ("android", "ios"):
            cache = tempfile.mkdtemp(prefix="bridge-bench-slow-")
            argv = [args.bridge, "serve", "--platform", platform_name, "--cache-dir", cache]
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            responses = {"lock": threading.Lock(), "seen": {}, "bad": []}

            def read_all(proc=proc, responses=responses):
                for line in proc.stdout:
                    message = json.loads(line)
                    if canonical(message.get("result")) != canonical(SHARE_RESULT):
                        responses["bad"].append(line)
                    with responses["lock"]:
                        responses["seen"][message.get("id")] = time.monotonic()

            reader = threading.Thread(target=read_all, daemon=True)
            reader.start()
            time.sleep(0.3)   # started and idle
            worst, peak_all, after_last = 0.0, 0, 0
            for wave in range(args.waves):
                before = proc_status(proc.pid)["VmRSS"]
                cpu_before = cpu_seconds(proc.pid)
                loop_before = thread_cpu_seconds(proc.pid, "bridge-http")
                host_before = cpu_seconds(peer.proc.pid)
                slowest, peak, threads = slow_wave(proc, responses, url, 1 + wave * calls, calls)
                cpu_ms = (cpu_seconds(proc.pid) - cpu_before) * 1000 / calls
                loop_ms = (thread_cpu_seconds(proc.pid, "bridge-http") - loop_before) * 1000 / calls
                host_s = cpu_seconds(peer.proc.pid) - host_before
                time.sleep(1.0)
                after = proc_status(proc.pid)["VmRSS"]
                worst, peak_all, after_last = max(worst, slowest), max(peak_all, peak), after
                print(f"  {platform_name:<10} {wave + 1:>4} {slowest:>13.2f} s {before / MIB:>7.1f} MiB "
                      f"{peak / MIB:>6.1f} MiB {after / MIB:>6.1f} MiB {threads:>8} {cpu_ms:>10.3f} ms {loop_ms:>9.3f} ms {host_s:>7.2f} s")
            proc.stdin.close()
            status = proc.wait()
            reader.join()
            shutil.rmtree(cache, ignore_errors=True)
            if status != 0:
                raise BenchError(f"bridge serve --platform {platform_name}: exit status {status}")
            if responses["bad"]:
                raise BenchError(f"slow downloads: unexpected response {responses['bad'][0][:200]!r}")
            what = f"{calls:,} slow downloads {platform_name}"
            line = "  " + target(f"{what}: slowest answer", f"{worst:.2f} s ({worst / SLOW_ANSWER_TARGET_S:.2f}x)",
                                 f"<= {SLOW_ANSWER_TARGET_S} s", worst <= SLOW_ANSWER_TARGET_S)
            if rss_targets:
                line += ("; " + target(f"{what}: RSS during", f"{peak_all / MIB:.1f} MiB",
                                       f"<= {SLOW_PEAK_TARGET_MIB} MiB", peak_all <= SLOW_PEAK_TARGET_MIB * MIB)
                         + "; " + target(f"{what}: RSS after", f"{after_last / MIB:.1f} MiB",
                                         f"< {SLOW_AFTER_TARGET_MIB} MiB", after_last < SLOW_AFTER_TARGET_MIB * MIB))
            print(line)
    print()


# ---------------------------------------------------------------- browser mode

def browser(args):
    """Browser mode against a minimal Node `http` server (the median of at least five paired
    runs), and its instructions per request: Benchmarks/browser_bench.py, whose targets join
    the summary."""
    import browser_bench
    options = argparse.Namespace(bridge=args.bridge, node=args.node, requests=args.browser_requests,
                                 concurrency=args.concurrency, instruction_requests=args.browser_instruction_requests,
                                 repeats=max(5, args.repeats), keep_callgrind=None)
    try:
        TARGETS.extend(browser_bench.browser(options))
    except browser_bench.BenchError as error:
        raise BenchError(f"browser mode: {error}")


# ---------------------------------------------------------------- in-process figures

MICRO_LABELS = {
    "acl.parse_1000_capabilities_ms": ("parse 1,000 capabilities (JSON, one file)", "ms"),
    "acl.resolve_1000_capabilities_ms": ("resolve 1,000 capabilities on 5 platforms", "ms"),
    "acl.check_per_call_ns": ("ACL check per call (decision cached per context)", "ns"),
    "acl.decide_uncached_per_call_us": ("ACL decision, context never seen (1,000 grants)", "us"),
    "schema.check_share_text_us": ("schema check of a share_text call (layer 1)", "us"),
    "schema.refuse_share_text_us": ("schema refusal of a share_text call, with its message", "us"),
}


# ---------------------------------------------------------------- instructions per message

def callgrind_total(argv, payload):
    """Instructions callgrind counts for `argv` reading `payload` on stdin (every thread)."""
    with tempfile.TemporaryDirectory(prefix="bridge-bench-cg-") as work:
        request_file, out = os.path.join(work, "in.ndjson"), os.path.join(work, "callgrind.out")
        with open(request_file, "wb") as f:
            f.write(payload)
        with open(request_file, "rb") as stdin:
            result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                                    stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise BenchError(f"callgrind {' '.join(argv)}: exit status {result.returncode}: {tail(result.stderr.decode())}")
        with open(out) as f:
            for line in f:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
    raise BenchError("callgrind wrote no totals")


def callgrind_threads(argv, payload):
    """Instructions callgrind counts for `argv` reading `payload` on stdin, every thread but the
    download engine's loop (where libcurl runs): what the bridge spends before libcurl has a
    download and after it hands it back."""
    with tempfile.TemporaryDirectory(prefix="bridge-bench-cg-") as work:
        request_file, out = os.path.join(work, "in.ndjson"), os.path.join(work, "callgrind.out")
        with open(request_file, "wb") as f:
            f.write(payload)
        with open(request_file, "rb") as stdin:
            result = subprocess.run(["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={out}"] + argv,
                                    stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise BenchError(f"callgrind {' '.join(argv)}: exit status {result.returncode}: {tail(result.stderr.decode())}")
        total = 0
        for name in os.listdir(work):
            if not name.startswith("callgrind.out-"):
                continue
            with open(os.path.join(work, name)) as f:
                text = f.read()
            # The loop thread is the one that runs loop_main (named where first met in the file).
            if any(line.endswith(") loop_main") for line in text.splitlines()):
                continue
            total += next(int(line.split()[1]) for line in text.splitlines() if line.startswith("totals:"))
        return total, result.stdout


def waiting_instructions(args, bridge, work):
    """What a call that waits on a download costs the bridge beyond the same call without one:
    share_text with an imageUrl on a closed port of 127.0.0.1 (the download starts and fails at
    once, so each run does the same work whatever the machine's speed; the 2.0 s deadline is set
    and never fires) against share_text without one, every thread but libcurl's loop."""
    small, large = args.waiting_calls // 6, args.waiting_calls
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    closed = probe.getsockname()[1]
    probe.close()
    image = f"http://127.0.0.1:{closed}/icon.png"

    def requests(params, count):
        return "".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": SHARE_METHOD, "params": params},
                                  separators=(",", ":")) + "\n" for i in range(1, count + 1)).encode()

    print(f"Instructions of a call that waits on a download (callgrind, every thread but libcurl's loop; "
          f"({large} - {small} calls) / {large - small}, with an imageUrl minus without)")
    for platform_name in ("android", "ios"):
        argv = [bridge, "serve", "--platform", platform_name, "--cache-dir", os.path.join(work, f"cache-{platform_name}")]
        per = {}
        for label, params in (("waiting", {"text": "x", "imageUrl": image}), ("plain", {"text": "x"})):
            counts = []
            for count in (small, large):
                total, out = callgrind_threads(argv, requests(params, count))
                answers = [json.loads(line) for line in out.splitlines() if line.strip()]
                if len(answers) != count or any(canonical(a.get("result")) != canonical(SHARE_RESULT) for a in answers):
                    raise BenchError(f"{platform_name} {label}: {len(answers)} answers of {count}, or one not {SHARE_RESULT}")
                counts.append(total)
            per[label] = (counts[1] - counts[0]) / (large - small)
        extra = per["waiting"] - per["plain"]
        note = target(f"a download's own instructions in a call, {platform_name}", f"{extra / 1000:.1f}k",
                      f"<= {WAITING_TARGET // 1000}k", extra <= WAITING_TARGET)
        print(f"  bridge serve {platform_name + ':':<9} {per['waiting']:>9,.0f} with an imageUrl, {per['plain']:>7,.0f} without: "
              f"{extra:>7,.0f} for the download   {note}")


def instructions(args):
    """Instructions per share_text call through `bridge serve`: the difference between two runs
    of different lengths under callgrind, so start-up and exit cancel out. Stable under load,
    unlike times."""
    if args.instruction_messages <= 0 and args.waiting_calls <= 0:
        return
    if not shutil.which("valgrind"):
        print("Instructions per message: valgrind not found, skipped\n")
        return
    if not shutil.which("objcopy"):
        print("Instructions per message: objcopy not found, skipped\n")
        return
    small, large = args.instruction_messages // 6, args.instruction_messages
    # valgrind 3.19 cannot read the DWARF 5 the toolchain writes: it reads a copy without it.
    work = tempfile.mkdtemp(prefix="bridge-bench-cg-bin-")
    bridge = os.path.join(work, "bridge")
    subprocess.run(["objcopy", "--strip-debug", args.bridge, bridge], check=True)
    platforms = (("ios", []), ("android", ["--platform", "android", "--cache-dir", os.path.join(work, "cache")]))
    if args.instruction_messages > 0:
        print(f"Instructions per message (callgrind, every thread; ({large} - {small} messages) / {large - small})")
    for platform_name, extra in platforms if args.instruction_messages > 0 else ():
        argv = [bridge, "serve"] + extra
        per = (callgrind_total(argv, make_requests(SHARE_METHOD, large))
               - callgrind_total(argv, make_requests(SHARE_METHOD, small))) / (large - small)
        note = target(f"instructions per message, serve {platform_name}", f"{per / 1000:.1f}k",
                      f"<= {INSTRUCTIONS_TARGET // 1000}k", per <= INSTRUCTIONS_TARGET)
        print(f"  bridge serve {platform_name + ' share_text:':<34} {per:>10,.0f} instructions per message   {note}")
    if args.instruction_messages > 0:
        print()
    if args.waiting_calls > 0:
        waiting_instructions(args, bridge, work)
        print()
    shutil.rmtree(work, ignore_errors=True)


def micro(args):
    """In-process figures from the Swift micro-benchmark binary (Benchmarks/Swift/main.swift)."""
    if not args.micro:
        return
    result = subprocess.run([args.micro], capture_output=True, text=True)
    if result.returncode != 0:
        raise BenchError(f"{args.micro} failed: {result.stderr.strip()}")
    print("In-process (Benchmarks/Swift, release build, median of several rounds)")
    for line in result.stdout.splitlines():
        key, _, value = line.partition(" ")
        label, unit = MICRO_LABELS.get(key, (key, ""))
        print(f"  {label:<55} {float(value):>10.2f} {unit}")
    print()


def summary():
    print("Targets")
    for what, figure, text, met in TARGETS:
        print(f"  {what:<48} {figure:>10}   {text:<10} {verdict(met)}")
    missed = sum(1 for *_, met in TARGETS if not met)
    print(f"  {len(TARGETS) - missed} of {len(TARGETS)} met")


def scope_run(args, label, capability, method, params, sandbox, expect):
    """Seconds for SCOPE_CALLS calls of `method` through `bridge serve` under `capability`
    (median of --repeats runs, at least five), each answer passing `expect`."""
    with tempfile.TemporaryDirectory(prefix="bridge-scope-") as work:
        caps = os.path.join(work, "caps")
        os.makedirs(caps)
        with open(os.path.join(caps, "main.json"), "w") as f:
            json.dump(capability, f)
        payload = "".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}) + "\n"
                          for i in range(1, SCOPE_CALLS + 1)).encode()
        requests = os.path.join(work, "in.ndjson")
        with open(requests, "wb") as f:
            f.write(payload)
        argv = [args.bridge, "serve", "--capabilities", caps, "--platform", "android", "--sandbox", sandbox]
        times = []
        for _ in range(max(5, args.repeats)):
            elapsed, output, _ = pump(label, argv, payload, requests, SCOPE_CALLS, "file")
            answers = [json.loads(line) for line in output.splitlines()]
            bad = [a for a in answers if not expect(a)]
            if len(answers) != SCOPE_CALLS or bad:
                raise BenchError(f"{label}: {len(answers)} answers, {len(bad)} not as expected (first: {bad[:1]})")
            times.append(elapsed)
        return statistics.median(times)


def scopes(args):
    """Issue #41 item 4: a call costs the same under a thousand scope entries as under one.
    SCOPE_CALLS calls, each checked against its command's scope, under a capability of
    SCOPE_ENTRIES entries (the one that matches last) and of that one entry alone: http's
    `fetch` of a URL no entry allows (every entry is met; refused before any request is held) and
    fs's `exists` of a path the last entry allows."""
    print(f"Scopes: {SCOPE_CALLS:,} calls under a {SCOPE_ENTRIES:,}-entry scope vs one entry (serve, android, median of >= 5 runs)")
    with tempfile.TemporaryDirectory(prefix="bridge-scope-sandbox-") as sandbox:
        fetch = {"clientConfig": {"method": "GET", "url": "https://api.example.org/v1/items", "headers": []}}
        one_url = [{"url": "https://api.example.com/*"}]
        many_urls = [{"url": f"https://h{i}.example.com/*"} for i in range(SCOPE_ENTRIES - 1)] + one_url
        exists = {"path": "notes/today.txt", "options": {"baseDir": 14}}
        one_path = [{"path": "$APPDATA/notes/**"}]
        many_paths = [{"path": f"$APPDATA/d{i}/**"} for i in range(SCOPE_ENTRIES - 1)] + one_path
        def refused(answer):
            return answer.get("error", {}).get("message", "").startswith("url not allowed on the configured scope")

        def answered(answer):
            return answer.get("result") is False
        for what, method, params, one, many, permission, expect in [
                ("URL scope (http fetch)", "plugin:http|fetch", fetch, one_url, many_urls, "http:allow-fetch", refused),
                ("path scope (fs exists)", "plugin:fs|exists", exists, one_path, many_paths, "fs:allow-exists", answered)]:
            def capability(entries):
                return {"identifier": "main", "windows": ["main"], "permissions": [{"identifier": permission, "allow": entries}]}
            small = scope_run(args, f"{what}, 1 entry", capability(one), method, params, sandbox, expect)
            large = scope_run(args, f"{what}, {SCOPE_ENTRIES} entries", capability(many), method, params, sandbox, expect)
            ratio = large / small
            line = f"  {what:<28} {small:>7.3f} s with 1 entry, {large:>7.3f} s with {SCOPE_ENTRIES:,}: {ratio:.2f}x"
            if method == "plugin:http|fetch":
                line += "   " + target(f"{SCOPE_CALLS:,} calls, {SCOPE_ENTRIES:,}-entry URL scope / none", f"{ratio:.2f}x",
                                       f"<= {SCOPE_TARGET}x", ratio <= SCOPE_TARGET)
            print(line)
    print()


SECTIONS = {"cold": cold_start, "throughput": throughput, "browser": browser, "slow": slow_downloads,
            "instructions": instructions, "scopes": scopes, "micro": micro}


def main():
    release = os.path.join(ROOT, ".build", "release")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40, help="cold-start runs per program [40]")
    parser.add_argument("--warmups", type=int, default=3, help="cold-start warm-up rounds [3]")
    parser.add_argument("--messages", type=int, default=100000, help="requests per throughput run [100000]")
    parser.add_argument("--repeats", type=int, default=3, help="throughput runs per sidecar [3]")
    parser.add_argument("--browser-requests", type=int, default=50000,
                        help="requests per browser-mode wrk run (0 skips the throughput) [50000]")
    parser.add_argument("--browser-instruction-requests", type=int, default=6000,
                        help="requests of the longer browser-mode callgrind run (0 skips it) [6000]")
    parser.add_argument("--concurrency", type=int, default=16, help="keep-alive connections in browser mode [16]")
    parser.add_argument("--slow-calls", default="1000,10000",
                        help="calls per slow-download wave, a comma-separated list of sizes, each run in turn (0 skips) [1000,10000]")
    parser.add_argument("--waves", type=int, default=2, help="slow-download waves per platform [2]")
    parser.add_argument("--instruction-messages", type=int, default=12000,
                        help="messages of the longer callgrind run of the instructions-per-message figure (0 skips) [12000]")
    parser.add_argument("--waiting-calls", type=int, default=1200,
                        help="calls of the longer callgrind run of a call that waits on a download (0 skips) [1200]")
    parser.add_argument("--host", default=os.path.join(release, "bridge-test-host"),
                        help="bridge-test-host, for the extra echo lines ('' to skip)")
    parser.add_argument("--bridge", default=os.path.join(release, "bridge"))
    parser.add_argument("--plus30", default=os.path.join(release, "bridge-plus-30"),
                        help="bridge with 30 more plugins compiled in (Benchmarks/Plugins30)")
    parser.add_argument("--floor", default=os.path.join(ROOT, ".build", "install", "x86_64-unknown-linux-gnu", "release", "bridge-floor"),
                        help="the cold-start floor: Baseline/Floor built by Install/build, with bridge's own flags")
    parser.add_argument("--hello", default=os.path.join(HERE, ".out", "hello"))
    parser.add_argument("--minimal", default=os.path.join(HERE, ".out", "minimal"))
    parser.add_argument("--micro", default=os.path.join(release, "bridge-benchmarks"),
                        help="the in-process micro-benchmarks ('' to skip)")
    parser.add_argument("--sidecar", default=os.path.join(HERE, "Baseline", "echo-sidecar.js"))
    parser.add_argument("--node", default=shutil.which("node") or "", help="node executable ('' to skip)")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"the sections to run, comma-separated [{','.join(SECTIONS)}]")
    args = parser.parse_args()
    try:
        args.slow_calls = [n for n in (int(part) for part in args.slow_calls.split(",") if part.strip()) if n > 0]
    except ValueError:
        parser.error(f"--slow-calls: not a comma-separated list of numbers: {args.slow_calls!r}")
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in only if name not in SECTIONS]
    if unknown or not only:
        parser.error(f"--only: unknown section(s) {', '.join(unknown) or '(none given)'}; choose from {', '.join(SECTIONS)}")
    if args.runs < 1 or args.messages < 1 or args.repeats < 1 or args.warmups < 0 or args.waves < 1:
        parser.error("--runs, --messages, --repeats and --waves must be positive")
    needed = [args.bridge] + ([args.host] if {"cold", "throughput"} & set(only) else []) \
        + ([args.floor, args.hello, args.minimal] if "cold" in only else [])
    for path in needed:
        if path and not os.access(path, os.X_OK):
            parser.error(f"not an executable: {path} (run Benchmarks/run.sh to build it)")

    node_version = "not found"
    if args.node:
        node_version = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"bridge benchmarks: {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
          f"python {platform.python_version()}, node {node_version}")
    print()
    try:
        for name in only:
            SECTIONS[name](args)
    except BenchError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    summary()
    return 0


if __name__ == "__main__":
    sys.exit(main())
