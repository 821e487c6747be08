#!/usr/bin/env python3
"""Browser mode against a minimal Node.js `http` server, measured in the same run (issue #24, item 7).

`bridge serve --http 0 --static DIR` (docs/browser.md) is sent what a page's `invoke()` sends
through `/__bridge/tauri.js`: `POST /plugin%3Afrak-share%7Cshare_text` with Chromium's headers
and the script's (`Content-Type`, `Tauri-Callback`, `Tauri-Error`, `Tauri-Invoke-Key`,
`Bridge-Page`, `Bridge-Window`, `Bridge-Webview`, `Origin`, `Sec-Fetch-*`, …) and the body
`{"url":…,"text":…,"title":…}`, while the page's event stream (`/__bridge/events?key=…&page=…`)
is open and read, as the script keeps it. Every answer must be `200`, `Tauri-Response: ok` and
`{"shared":true}`; every call must send its `bridge/presentation` to the page's stream.

  1. Throughput at concurrency C (default 16) on keep-alive connections, driven by `wrk` with a
     Lua script that checks every answer, against `Baseline/http-echo.js` (the same requests with
     its own port in Host/Origin; every answer must be the body sent). Target: bridge >= 2x the
     Node server's requests/s.
  2. Instructions per request under callgrind (every thread): the difference between runs of N
     and N/6 requests on C keep-alive connections, divided by the difference. Target: <= 60k.

Importable: `browser(args)` prints its lines and returns [(what, figure, target_text, met)].
Exits non-zero only when something breaks (a process fails, an answer is wrong or missing), never
for a missed target. Python 3 standard library, plus `wrk` (Debian's) for the throughput and
`valgrind` and `objcopy` for the instructions; each part is skipped, saying so, without them.
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

THROUGHPUT_TARGET = 2.0        # bridge / Node http requests/s at concurrency 16: at least
INSTRUCTIONS_TARGET = 60_000   # instructions per request: at most

COMMAND = "plugin:frak-share|share_text"
PATH = "/plugin%3Afrak-share%7Cshare_text"
BODY = json.dumps({"url": "https://frak.id/x", "text": "Join me", "title": "Frak"}, separators=(",", ":"))
EXPECTED = '{"shared":true}'
PAGE = "825637871-2534788475"
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36"


class BenchError(Exception):
    """Something broke: a process failed or answered wrongly."""


def verdict(met):
    return "met" if met else "MISSED"


def tail(text, lines=10):
    return "\n".join(text.strip().splitlines()[-lines:])


def page_headers(port, key):
    """The fields (name, value), in Chromium 156's order, of a page's `invoke()` through the
    bridge's `tauri.js` (captured with the DevTools protocol), without Host, Connection and
    Content-Length."""
    origin = f"http://127.0.0.1:{port}"
    return [
        ("sec-ch-ua-platform", '"Linux"'),
        ("tauri-invoke-key", key),
        ("bridge-page", PAGE),
        ("bridge-window", "main"),
        ("sec-ch-ua", '"Not:A-Brand";v="8", "Chromium";v="156"'),
        ("tauri-error", "1569078675"),
        ("sec-ch-ua-mobile", "?0"),
        ("User-Agent", USER_AGENT),
        ("content-type", "application/json"),
        ("bridge-webview", "main"),
        ("tauri-callback", "3749728195"),
        ("Accept", "*/*"),
        ("Origin", origin),
        ("Sec-Fetch-Site", "same-origin"),
        ("Sec-Fetch-Mode", "cors"),
        ("Sec-Fetch-Dest", "empty"),
        ("Referer", origin + "/"),
        ("Accept-Encoding", "gzip, deflate, br, zstd"),
        ("Accept-Language", "en-US,en;q=0.9"),
    ]


def request_bytes(port, key):
    head = [f"POST {PATH} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: keep-alive", f"Content-Length: {len(BODY)}"]
    head += [f"{name}: {value}" for name, value in page_headers(port, key)]
    return ("\r\n".join(head) + "\r\n\r\n" + BODY).encode()


# ---------------------------------------------------------------- the servers

class Child:
    """A server process of the benchmark (`self.process`)."""

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Bridge(Child):
    """`bridge serve --http 0 --static DIR` with stdio on (EOF on stdin ends it), started as
    docs/browser.md says: the port from its stderr line, the key from `bridge/listening`."""

    def __init__(self, argv_prefix, bridge, static_dir, timeout=120):
        self.process = subprocess.Popen(argv_prefix + [bridge, "serve", "--http", "0", "--static", static_dir],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.stderr_lines = []
        self.listening = threading.Event()
        self.port = None
        threading.Thread(target=self._read_stderr, daemon=True).start()
        if not self.listening.wait(timeout) or self.port is None:
            self.kill()
            raise BenchError(f"bridge did not say it was listening: {tail(''.join(self.stderr_lines))}")
        first = self.process.stdout.readline()
        try:
            message = json.loads(first)
            self.key = message["params"]["key"]
            assert message["method"] == "bridge/listening" and message["params"]["url"] == f"http://127.0.0.1:{self.port}/"
        except (ValueError, KeyError, AssertionError):
            self.kill()
            raise BenchError(f"bridge's first stdout message is not bridge/listening with the url: {first!r}")
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def _read_stderr(self):
        for raw in self.process.stderr:
            line = raw.decode(errors="replace")
            self.stderr_lines.append(line)
            match = re.match(r"bridge: listening on http://127\.0\.0\.1:(\d+)/ \(script: ", line)
            if match:
                self.port = int(match.group(1))
                self.listening.set()
        self.listening.set()

    def finish(self, timeout=600):
        """Ends the bridge (EOF on stdin); raises unless it exits 0."""
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise BenchError("bridge did not end within 10 minutes of its stdin's end")
        time.sleep(0.1)
        if status != 0:
            raise BenchError(f"bridge exited with status {status}: {tail(''.join(self.stderr_lines))}")



class NodeEcho(Child):
    def __init__(self, node):
        self.process = subprocess.Popen([node, os.path.join(HERE, "Baseline", "http-echo.js")],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.kill()
            raise BenchError(f"http-echo.js did not say it was listening: {line!r} {self.process.stderr.read()}")
        self.port = int(match.group(1))

    def finish(self):
        self.process.terminate()
        status = self.process.wait(30)
        if status != 0:
            raise BenchError(f"http-echo.js exited with status {status}: {tail(self.process.stderr.read())}")



# ---------------------------------------------------------------- a page's HTTP, by hand

def read_response(sock, buffered=b""):
    """One HTTP/1.1 response with a Content-Length: (status, {lowercased name: value}, body, rest)."""
    data = buffered
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise BenchError(f"the connection closed before a response head: {data[:200]!r}")
        data += chunk
    head, _, data = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(data) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise BenchError("the connection closed inside a response body")
        data += chunk
    return status, headers, data[:length], data[length:]


def get(port, path, headers=()):
    with socket.create_connection(("127.0.0.1", port), timeout=600) as sock:
        head = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close", *[f"{n}: {v}" for n, v in headers]]
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        status, fields, body, _ = read_response(sock)
        return status, fields, body


def check_page(bridge):
    """What a page does first: its HTML (with the script injected) and the script (with the key)."""
    status, _, body = get(bridge.port, "/")
    if status != 200 or b'<script src="/__bridge/tauri.js"></script>' not in body:
        raise BenchError(f"GET / answered {status} without the injected script: {body[:200]!r}")
    status, _, body = get(bridge.port, "/__bridge/tauri.js", [("Referer", f"http://127.0.0.1:{bridge.port}/"), ("Sec-Fetch-Site", "same-origin")])
    if status != 200 or f'"key":"{bridge.key}"'.encode() not in body:
        raise BenchError(f"GET /__bridge/tauri.js answered {status} without the key of bridge/listening")


def check_answer(status, headers, body, what):
    if status != 200 or headers.get("tauri-response") != "ok" or body.decode(errors="replace") != EXPECTED:
        raise BenchError(f"{what}: answered {status} Tauri-Response {headers.get('tauri-response')!r}: {body[:300]!r}")


class PageEvents:
    """The page's event stream, read on a thread; counts the `bridge/presentation` events."""

    MARK = b"\nevent: bridge/presentation\n"

    def __init__(self, port, key):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=600)
        origin = f"http://127.0.0.1:{port}"
        head = [f"GET /__bridge/events?key={key}&page={PAGE} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: keep-alive",
                "Accept: text/event-stream", "Cache-Control: no-cache", f"User-Agent: {USER_AGENT}", f"Referer: {origin}/",
                "Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty"]
        self.sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise BenchError("the event stream closed before its head")
            data += chunk
        head, _, self.pending = data.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200 "):
            raise BenchError(f"the event stream was refused: {head[:200]!r}")
        self.presentations = 0
        self.closed = False
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        carry = b"\n" + self.pending
        while True:
            with self.lock:
                self.presentations += carry.count(self.MARK)
                self.lock.notify_all()
            carry = carry[-(len(self.MARK) - 1):]
            try:
                chunk = self.sock.recv(1 << 20)
            except OSError:
                chunk = b""
            if not chunk:
                with self.lock:
                    self.closed = True
                    self.lock.notify_all()
                return
            carry += chunk
            # A browser reads its stream as the events come; a pause lets them gather, so this
            # reader (on the same cores as the bridge) wakes far less often than once per event.
            time.sleep(0.002)

    def wait_for(self, count, timeout=60):
        with self.lock:
            self.lock.wait_for(lambda: self.presentations >= count or self.closed, timeout)
            return self.presentations

    def close(self):
        self.sock.close()


def drive(port, key, count, connections):
    """`count` calls over `connections` keep-alive connections, one call in flight on each (as a
    browser does without HTTP/2), every answer checked."""
    payload = request_bytes(port, key)
    errors = []
    share = [count // connections + (1 if i < count % connections else 0) for i in range(connections)]

    def one(n):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=600) as sock:
                rest = b""
                for _ in range(n):
                    sock.sendall(payload)
                    status, headers, body, rest = read_response(sock, rest)
                    check_answer(status, headers, body, f"POST {PATH}")
        except (OSError, BenchError) as error:
            errors.append(error)

    threads = [threading.Thread(target=one, args=(n,)) for n in share if n]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise BenchError(str(errors[0]))


# ---------------------------------------------------------------- throughput (wrk)

WRK_SCRIPT = r"""
wrk.method = "POST"
wrk.body = %(body)s
wrk.headers = {}
%(headers)s
local expected = %(expected)s
local check_tauri = %(check_tauri)s
local limit = %(limit)d

-- wrk runs for its -d duration even after every thread stopped: each thread times its own
-- share (the wall clock, through date(1), outside the timed part) and says when it is done.
local function now()
  local p = io.popen("date +%%s%%N")
  local t = p:read("*n")
  p:close()
  return t
end

function init(args)
  ok, bad, first_bad = 0, 0, ""
  started = now()
end

function response(status, headers, body)
  if status == 200 and body == expected and (not check_tauri or headers["Tauri-Response"] == "ok") then
    ok = ok + 1
  else
    bad = bad + 1
    if first_bad == "" then first_bad = tostring(status) .. " " .. tostring(body):gsub("\n", " ") end
  end
  if ok + bad == limit then
    local ended = now()
    io.write(string.format("wrk-thread ok=%%d bad=%%d start=%%.0f end=%%.0f first=%%s\n", ok, bad, started, ended, first_bad))
    io.flush()
    wrk.thread:stop()
  end
end
"""


def lua_string(text):
    return json.dumps(text)   # ASCII only here: JSON's escapes are Lua's


def run_wrk(wrk, port, key, expected, check_tauri, requests, concurrency, threads):
    """`requests` calls (each of wrk's `threads` stops after its share) on `concurrency`
    keep-alive connections; returns (right answers, requests/s from the first thread's start
    to the last one's end). Raises when an answer is wrong or missing."""
    headers = [("Host", f"127.0.0.1:{port}"), ("Connection", "keep-alive")] + page_headers(port, key)
    share = max(1, requests // threads)
    script = WRK_SCRIPT % {
        "body": lua_string(BODY),
        "headers": "\n".join(f"wrk.headers[{lua_string(n)}] = {lua_string(v)}" for n, v in headers),
        "expected": lua_string(expected), "check_tauri": "true" if check_tauri else "false", "limit": share,
    }
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script)
    try:
        process = subprocess.Popen([wrk, "-t", str(threads), "-c", str(concurrency), "-d", "900s", "--timeout", "30s",
                                    "-s", f.name, f"http://127.0.0.1:{port}{PATH}"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        timer = threading.Timer(600, process.kill)
        timer.start()
        output, finished = [], []
        for line in process.stdout:
            output.append(line)
            match = re.match(r"wrk-thread ok=(\d+) bad=(\d+) start=(\d+) end=(\d+) first=(.*)", line)
            if match:
                finished.append(match.groups())
                if len(finished) == threads:
                    process.send_signal(signal.SIGINT)   # wrk stops and reports at once
        status = process.wait()
        timer.cancel()
    finally:
        os.unlink(f.name)
    text = "".join(output)
    if status != 0 or len(finished) != threads:
        raise BenchError(f"wrk (status {status}) did not finish its {requests} requests within 600 s: {tail(text)}")
    bad = [f for f in finished if int(f[1])]
    if bad:
        raise BenchError(f"{sum(int(f[1]) for f in finished)} wrong answers, the first: {bad[0][4][:300]}")
    errors = re.search(r"Socket errors: (.*)", text)
    if errors:
        raise BenchError(f"wrk: socket errors {errors.group(1)}")
    answered = sum(int(f[0]) for f in finished)
    seconds = (max(int(f[3]) for f in finished) - min(int(f[2]) for f in finished)) / 1e9
    return answered, answered / seconds


def throughput(args, bridge_bin, static_dir, lines):
    wrk = shutil.which("wrk")
    if not wrk:
        lines.append("Throughput: wrk not found (apt-get install -y wrk), skipped")
        return []
    if not args.node:
        lines.append("Throughput: node not found, skipped")
        return []
    wrk_threads = 2
    figures = {"bridge": [], "node": []}
    for round_ in range(args.repeats):
        for name in (["bridge", "node"] if round_ % 2 == 0 else ["node", "bridge"]):
            if name == "bridge":
                server = Bridge([], bridge_bin, static_dir)
                try:
                    check_page(server)
                    events = PageEvents(server.port, server.key)
                    # Warm-up: the first calls fill caches and start threads.
                    drive(server.port, server.key, 200, args.concurrency)
                    answered, rate = run_wrk(wrk, server.port, server.key, EXPECTED, True, args.requests, args.concurrency, wrk_threads)
                    seen = events.wait_for(200 + answered, timeout=30)
                    events.close()
                    if seen < 200 + answered:
                        raise BenchError(f"the page's event stream got {seen} bridge/presentation events for {200 + answered} calls")
                except BaseException:
                    server.kill()
                    raise
                server.finish()
            else:
                server = NodeEcho(args.node)
                try:
                    answered, rate = run_wrk(wrk, server.port, "0" * 32, BODY, False, args.requests, args.concurrency, wrk_threads)
                except BaseException:
                    server.kill()
                    raise
                server.finish()
            figures[name].append(rate)
            load = os.getloadavg()[0]
            lines.append(f"  {name:<7} {answered:>8,} requests: {rate:>10,.0f} requests/s   (load average {load:.2f})")
    b = sorted(figures["bridge"])[len(figures["bridge"]) // 2]
    n = sorted(figures["node"])[len(figures["node"]) // 2]
    ratio = b / n
    lines.append(f"  medians: bridge {b:,.0f}/s, node http {n:,.0f}/s: {ratio:.2f}x  target >= {THROUGHPUT_TARGET:g}x: {verdict(ratio >= THROUGHPUT_TARGET)}")
    return [("browser share_text / node http, requests/s", f"{ratio:.2f}x", f">= {THROUGHPUT_TARGET:g}x", ratio >= THROUGHPUT_TARGET)]


# ---------------------------------------------------------------- instructions (callgrind)

class StreamDropped(Exception):
    """The page's event stream was closed before every presentation reached it."""


def callgrind_total(bridge_bin, static_dir, requests, concurrency, work, attempts=4):
    """The instructions of `requests` calls under callgrind. Valgrind runs one thread at a time
    and may leave the event stream's drain thread waiting while the connection threads run:
    the stream then falls 1 MiB behind and is dropped, by design (a page's EventSource would
    reconnect). Such a run measured fewer presentations than calls and is run again (the
    retries are said on stderr); a stream that stays open but misses events is a failure."""
    for attempt in range(1, attempts + 1):
        try:
            return callgrind_once(bridge_bin, static_dir, requests, concurrency, work)
        except StreamDropped as dropped:
            print(f"  (callgrind run {attempt} of {requests:,} requests: {dropped}; run again)", file=sys.stderr)
    raise BenchError(f"the page's event stream was dropped in each of {attempts} callgrind runs of {requests:,} requests")


def callgrind_once(bridge_bin, static_dir, requests, concurrency, work):
    out = os.path.join(work, f"callgrind.{requests}.out")
    server = Bridge(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"], bridge_bin, static_dir, timeout=600)
    try:
        check_page(server)
        events = PageEvents(server.port, server.key)
        drive(server.port, server.key, requests, concurrency)
        seen = events.wait_for(requests, timeout=120)
        if seen < requests and events.closed:
            raise StreamDropped(f"the event stream closed after {seen} of {requests:,} presentations")
        if seen < requests:
            raise BenchError(f"the page's event stream got {seen} bridge/presentation events for {requests} calls in 120 s")
        events.close()
    except BaseException:
        server.kill()
        raise
    server.finish()
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise BenchError("callgrind wrote no totals")


def instructions(args, static_dir, lines):
    if args.instruction_requests <= 0:
        return []
    for tool in ("valgrind", "objcopy"):
        if not shutil.which(tool):
            lines.append(f"Instructions per request: {tool} not found, skipped")
            return []
    small, large = args.instruction_requests // 6, args.instruction_requests
    work = tempfile.mkdtemp(prefix="bridge-browser-cg-")
    try:
        # valgrind 3.19 cannot read the DWARF 5 the toolchain writes: it reads a copy without it.
        stripped = os.path.join(work, "bridge")
        subprocess.run(["objcopy", "--strip-debug", args.bridge, stripped], check=True)
        if args.keep_callgrind:
            os.makedirs(args.keep_callgrind, exist_ok=True)
            shutil.copy(stripped, os.path.join(args.keep_callgrind, "bridge"))
        totals = {}
        for n in (large, small):
            totals[n] = callgrind_total(stripped, static_dir, n, args.concurrency, work)
            if args.keep_callgrind:
                shutil.copy(os.path.join(work, f"callgrind.{n}.out"), args.keep_callgrind)
        per = (totals[large] - totals[small]) / (large - small)
        lines.append(f"Instructions per request (callgrind, every thread; ({large:,} - {small:,} requests) / {large - small:,}, "
                     f"{args.concurrency} connections)")
        lines.append(f"  bridge share_text: {per:>10,.0f} instructions per request  target <= {INSTRUCTIONS_TARGET:,}: "
                     f"{verdict(per <= INSTRUCTIONS_TARGET)}")
        return [("browser share_text instructions per request", f"{per / 1000:.1f}k", f"<= {INSTRUCTIONS_TARGET // 1000}k",
                 per <= INSTRUCTIONS_TARGET)]
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------- entry points

def browser(args):
    """Browser mode's figures: prints them and returns [(what, figure, target_text, met)].
    `args` needs `bridge`, `node` ('' skips the throughput), `requests`, `concurrency`,
    `instruction_requests` (0 skips the callgrind part); `repeats` and `keep_callgrind` are
    optional. Raises BenchError when something breaks."""
    args = argparse.Namespace(**{"repeats": 3, "keep_callgrind": None, **vars(args)})
    static_dir = tempfile.mkdtemp(prefix="bridge-browser-static-")
    targets = []
    try:
        with open(os.path.join(static_dir, "index.html"), "w") as f:
            f.write("<!doctype html>\n<html><head><title>bench</title></head><body>bench</body></html>\n")
        print(f"Browser mode: POST {PATH} ({COMMAND}) as a page's invoke() sends it, {args.concurrency} keep-alive connections")
        lines = []
        if args.requests > 0:
            print(f"Throughput (wrk, {args.requests:,} requests per run, {args.repeats} runs each, alternating)")
            targets += throughput(args, args.bridge, static_dir, lines)
            for line in lines:
                print(line)
            lines = []
        targets += instructions(args, static_dir, lines)
        for line in lines:
            print(line)
        print()
    finally:
        shutil.rmtree(static_dir, ignore_errors=True)
    return targets


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bridge", default=os.path.join(ROOT, ".build", "install", "release", "bridge"),
                        help="the bridge to measure (Install/build prints its path)")
    parser.add_argument("--node", default=shutil.which("node") or "", help="node executable ('' skips the throughput)")
    parser.add_argument("--requests", type=int, default=100_000, help="requests per wrk run (0 skips the throughput) [100000]")
    parser.add_argument("--repeats", type=int, default=3, help="wrk runs per server [3]")
    parser.add_argument("--concurrency", type=int, default=16, help="keep-alive connections [16]")
    parser.add_argument("--instruction-requests", type=int, default=6000,
                        help="requests of the longer callgrind run (0 skips it) [6000]")
    parser.add_argument("--keep-callgrind", metavar="DIR", help="keep the callgrind files and the stripped binary in DIR")
    args = parser.parse_args()
    if not os.access(args.bridge, os.X_OK):
        parser.error(f"not an executable: {args.bridge} (Install/build --product bridge prints its path)")
    if args.concurrency < 1 or args.repeats < 1 or args.requests < 0:
        parser.error("--concurrency and --repeats must be positive, --requests at least 0")
    try:
        targets = browser(args)
    except BenchError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    print("Targets")
    for what, figure, text, met in targets:
        print(f"  {what:<48} {figure:>10}   {text:<10} {verdict(met)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
