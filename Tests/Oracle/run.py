#!/usr/bin/env python3
"""The differential suite: every call of calls.py asked of a real Tauri 2.8.5 and of the bridge.

The real Tauri is pytauri-wheel 0.8.0 (a release build of Tauri 2.8.5 with its plugins) running
the app folder of Tests/Oracle/app under Xvfb; the page runs the calls through
`__TAURI_INTERNALS__.invoke` and reports the outcomes. The bridge answers the same calls over
`bridge serve` (JSON-RPC on stdio), one at a time, with the same app folder and the same HOME;
the raw IPC requests (area ipc-protocol) go to its `--http` endpoint instead.
Each pair of answers is normalised (what must differ: the device home, file times) and compared;
a disagreement not listed in known.json fails the run.

Usage: python3 Tests/Oracle/run.py [--bridge PATH] [--keep] [--json FILE]
Exit: 0 all agree or are known (or the suite is skipped outside CI), 1 a new disagreement or a
CI setup failure, 2 a harness error. See Tests/Oracle/README.md.
"""

import argparse
import base64
import http.client
import http.server
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENV = ROOT / ".build" / "oracle-venv"
APT_PACKAGES = ["libwebkit2gtk-4.1-0", "libgtk-3-0", "xvfb", "xauth"]
PIP_PACKAGES = ["pytauri-wheel==0.8.0", "pytauri==0.8.*", "typing-extensions"]
# Why a disagreement is accepted for now. `bridge-defect`: the bridge is wrong at the version it
# models too (Tauri 2.0.6 answers as 2.8.5 does), the first thing to fix. `by-design`: the bridge
# answers otherwise on purpose (a security refusal that says where the key is, instead of
# silence), the why says the purpose.
REASONS = {"mobile-only", "tauri-defect-reproduced", "version-not-modelled", "headless-quirk", "bridge-defect", "by-design"}
ORACLE_TIMEOUT_S = 120
BRIDGE_CALL_TIMEOUT_S = 30
# A raw IPC request (area ipc-protocol) unanswered this long is recorded as such on both sides.
IPC_TIMEOUT_S = 3
# The bridge's desktop device keeps its user's files at this home (inside --sandbox) and has
# this runtime folder; the real Tauri uses $HOME and $XDG_RUNTIME_DIR. Both are written as `~`
# and `<runtime>` before comparing.
BRIDGE_HOME = "/home/user"
BRIDGE_RUNTIME = "/run/user/1000"
# What xdg-user-dirs-update writes on a desktop: without it `dirs` knows no Music, Desktop, … folder.
USER_DIRS = ["DESKTOP=Desktop", "DOWNLOAD=Downloads", "TEMPLATES=Templates", "PUBLICSHARE=Public",
             "DOCUMENTS=Documents", "MUSIC=Music", "PICTURES=Pictures", "VIDEOS=Videos"]
# Values that are this file's or this moment's, not the implementation's.
VARYING_KEYS = {"atime", "mtime", "ctime", "birthtime", "dev", "ino", "blocks", "blksize"}

sys.path.insert(0, str(HERE))
import calls as call_table  # noqa: E402


class Skip(Exception):
    """The suite cannot run here (a dependency is missing)."""


def log(msg: str) -> None:
    print(f"oracle: {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- setup

def ensure_dependencies() -> Path:
    """Installs what is missing; returns the venv's python. Raises Skip when it cannot."""
    missing = [p for p in APT_PACKAGES if subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True).stdout != "install ok installed"]
    if not (VENV / "bin" / "python").exists() and subprocess.run(
            [sys.executable, "-c", "import ensurepip, venv"], capture_output=True).returncode != 0:
        missing.append("python3-venv")  # Debian's python3 makes no venv without it
    if missing:
        log(f"installing {' '.join(missing)}")
        sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        ok = subprocess.run(sudo + ["apt-get", "update", "-qq"], env=env).returncode == 0 and subprocess.run(
            sudo + ["apt-get", "install", "-y", "-qq"] + missing, env=env, stdout=subprocess.DEVNULL).returncode == 0
        if not ok:
            raise Skip(f"could not install {' '.join(missing)} with apt-get")
    python = VENV / "bin" / "python"
    if not python.exists():
        if subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode != 0:
            raise Skip(f"could not create the venv {VENV} (python3-venv missing?)")
    probe = "import pytauri_wheel, pytauri, typing_extensions, importlib.metadata as m; assert m.version('pytauri-wheel') == '0.8.0'"
    if subprocess.run([str(python), "-c", probe], capture_output=True).returncode != 0:
        log(f"installing {' '.join(PIP_PACKAGES)} into {VENV}")
        if subprocess.run([str(python), "-m", "pip", "install", "-q"] + PIP_PACKAGES).returncode != 0:
            raise Skip("could not pip-install " + " ".join(PIP_PACKAGES))
    return python


def build_bridge() -> Path:
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    log("swift build --product bridge")
    if subprocess.run([swift, "build", "--product", "bridge"], cwd=ROOT, stdout=subprocess.DEVNULL).returncode != 0:
        raise RuntimeError("swift build --product bridge failed")
    return ROOT / ".build" / "debug" / "bridge"


class LocalServer(http.server.ThreadingHTTPServer):
    """The http plugin's counterpart on 127.0.0.1: a few fixed answers."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), LocalHandler)
        self.daemon_threads = True
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return self.server_address[1]


class LocalHandler(http.server.BaseHTTPRequestHandler):
    server_version = "oracle"
    sys_version = ""

    def log_message(self, *args):
        pass

    def answer(self, status: int, body: bytes, headers: dict | None = None):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/ok/hello":
            self.answer(200, b"hello from the oracle")
        elif self.path == "/ok/redirect":
            self.answer(302, b"", {"Location": "/other"})
        elif self.path in ("/other", "/ok/secret"):
            self.answer(200, b"should not be reached")
        else:
            self.answer(404, b"not found")

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.answer(200, b"echo:" + body)


def make_world(root: Path, port: int) -> dict:
    """The app folder and the environment both sides run with."""
    app = root / "app"
    shutil.copytree(HERE / "app", app)
    (app / "capabilities").mkdir()
    for name, content in call_table.capabilities(port).items():
        (app / "capabilities" / name).write_text(json.dumps(content, indent=2))
    home = root / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "LC_"))}
    env.update({
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "XDG_RUNTIME_DIR": str(root / "runtime"),
        "LANG": "en_US.UTF-8",
    })
    env.pop("TMPDIR", None)
    for d in ("home", "home/.config", "runtime", "sandbox"):
        (root / d).mkdir(mode=0o700, exist_ok=True)
    (home / ".config" / "user-dirs.dirs").write_text(
        "".join(f'XDG_{name}_DIR="$HOME/{folder}"\n' for name, folder in (d.split("=") for d in USER_DIRS)))
    return {"app": app, "home": home, "env": env, "sandbox": root / "sandbox", "runtime": root / "runtime"}


# ---------------------------------------------------------------- the two sides

def run_oracle(python: Path, world: dict, calls: list[dict], root: Path) -> dict:
    calls_file, out_file = root / "calls.json", root / "oracle-out.json"
    calls_file.write_text(json.dumps(calls))
    # Xvfb's default screen (1280x1024): with 1920x1080 the window was never focused
    cmd = ["xvfb-run", "-a", "timeout", str(ORACLE_TIMEOUT_S), str(python), str(HERE / "tauri_app.py"),
           str(world["app"]), str(calls_file), str(out_file)]
    started = time.monotonic()
    # cwd `/`: as a desktop launcher starts an app (and where the bridge's device resolves from)
    proc = subprocess.run(cmd, env=world["env"], cwd="/", capture_output=True, text=True)
    log(f"Tauri 2.8.5 answered in {time.monotonic() - started:.1f} s (exit {proc.returncode})")
    if not out_file.exists():
        raise RuntimeError(f"the Tauri app wrote no results (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
    report = json.loads(out_file.read_text())
    if "fatal" in report:
        raise RuntimeError(f"the oracle page failed: {report['fatal']}")
    return report["results"], report.get("deliveries", {})


class BridgeSession:
    """One `bridge serve` process; calls are sent one at a time, each answer awaited."""

    def __init__(self, bridge: Path, world: dict):
        cmd = [str(bridge), "serve", "--app", str(world["app"]), "--platform", "linux",
               "--sandbox", str(world["sandbox"]), "--release-build", "--http-passthrough",
               "--http", "127.0.0.1:0"]
        self.proc = subprocess.Popen(cmd, env=world["env"], cwd="/", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        self.next_id = 0
        self.stderr: list[str] = []
        self.callbacks: dict[int, list] = {}  # callback id -> the payloads it was called with
        self.listening: dict | None = None  # bridge/listening: {url, script, key}

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line)

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}) + "\n")
        self.proc.stdin.flush()
        deadline = time.monotonic() + BRIDGE_CALL_TIMEOUT_S
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return {"timeout": BRIDGE_CALL_TIMEOUT_S * 1000}
            if line is None:
                return {"err": "bridge exited: " + "".join(self.stderr[-5:])}
            message = json.loads(line)
            self._notice(message)
            if message.get("id") != rid:
                continue  # notifications: warnings, callbacks, channel messages
            if "error" in message:
                return {"err": message["error"]["message"]}
            return {"ok": message.get("result")}

    def _notice(self, message: dict):
        if message.get("method") == "bridge/listening":
            self.listening = message.get("params")
        if message.get("method") == "bridge/callback":
            params = message.get("params", {})
            self.callbacks.setdefault(params.get("callback"), []).append(params.get("payload"))

    def raw_ipc(self, call: dict) -> dict:
        """The page's raw request of the IPC custom protocol, sent to the bridge's `POST /<cmd>`
        with the bridge's key where the page sends Tauri's; answered like runner.js's rawIpc."""
        deadline = time.monotonic() + BRIDGE_CALL_TIMEOUT_S
        while self.listening is None and time.monotonic() < deadline:
            self.settle(0.1)
        if self.listening is None:
            return {"err": "bridge: no bridge/listening message"}
        url, key, spec = urlsplit(self.listening["url"]), self.listening["key"], call["ipc"]
        headers = {k: key if v == "$key" else v for k, v in spec["headers"].items()}
        headers["Origin"] = f"{url.scheme}://{url.netloc}"  # the page's own origin, as fetch sends it
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=IPC_TIMEOUT_S)
        try:
            body = spec["body"].encode() if spec["body"] is not None else None
            conn.request(spec["method"], "/" + quote(call["cmd"], safe=""), body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode(errors="replace")
        except TimeoutError:
            return {"timeout": f"no answer within {IPC_TIMEOUT_S} s"}
        finally:
            conn.close()
        return {"ok": {"status": response.status, "tauri-response": response.getheader("Tauri-Response"),
                       "content-type": response.getheader("Content-Type"), "body": text.replace(key, "<key>")}}

    def settle(self, seconds: float = 0.3):
        """Reads the notifications that came after the last answer (events still on their way)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return
            if line is None:
                return
            self._notice(json.loads(line))

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def bridge_params(call: dict, results: dict, counters: dict, owners: dict) -> dict:
    """The call's arguments as the bridge takes them: placeholders filled, raw body and headers in `__tauri`."""

    def fill(value):
        if isinstance(value, list):
            return [fill(v) for v in value]
        if not isinstance(value, dict):
            return value
        # callbacks and channels share one numbering: the bridge reports both as bridge/callback
        if value.get("$callback"):
            counters["callback"] += 1
            owners[counters["callback"]] = call["id"]
            return counters["callback"]
        if value.get("$channel"):
            counters["callback"] += 1
            owners[counters["callback"]] = call["id"]
            return f"__CHANNEL__:{counters['callback']}"
        if "$ref" in value:
            ok = results.get(value["$ref"], {}).get("ok")
            key = value.get("key")
            return ok.get(key) if key is not None and isinstance(ok, dict) else ok
        return {k: fill(v) for k, v in value.items()}

    if "raw" in call:
        params = {"__tauri": {"headers": call.get("headers", {}),
                              "body": base64.b64encode(call["raw"].encode()).decode()}}
    else:
        params = fill(call.get("args", {}))
        if call.get("headers"):
            params["__tauri"] = {"headers": call["headers"]}
    return params


def run_bridge(bridge: Path, world: dict, calls: list[dict]) -> dict:
    session = BridgeSession(bridge, world)
    results: dict = {}
    counters = {"callback": 0}
    owners: dict[int, str] = {}  # callback id -> the call that passed it
    started = time.monotonic()
    try:
        for call in calls:
            if "ipc" in call:
                results[call["id"]] = session.raw_ipc(call)
            else:
                results[call["id"]] = session.request(call["cmd"], bridge_params(call, results, counters, owners))
        session.settle()
    finally:
        session.close()
    log(f"the bridge answered in {time.monotonic() - started:.1f} s")
    deliveries = {owner: session.callbacks.get(cb, []) for cb, owner in owners.items()}
    return results, deliveries


# ---------------------------------------------------------------- comparing

RESOURCE_ID = re.compile(r"resource id \d+")


def normalise(value, places: list[tuple[str, str]]):
    """What must differ between the sides, written the same: homes as `~`, file times and
    inodes as `<varies>`, resource ids (random in Tauri 2.8.5) as `<rid>`."""
    if isinstance(value, str):
        for place, name in places:
            value = value.replace(place, name)
        return RESOURCE_ID.sub("resource id <rid>", value)
    if isinstance(value, list):
        return [normalise(v, places) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in VARYING_KEYS and v is not None:
                out[k] = "<varies>"
            elif k == "rid" and isinstance(v, int):
                out[k] = "<rid>"
            else:
                out[k] = normalise(v, places)
        return out
    return value


def normalise_outcome(call: dict, outcome: dict, places: list[tuple[str, str]]) -> dict:
    outcome = normalise_http_headers(normalise(outcome, places))
    if call.get("rid") and isinstance(outcome.get("ok"), int):
        outcome["ok"] = "<rid>"
    return outcome


def normalise_http_headers(outcome: dict) -> dict:
    ok = outcome.get("ok")
    if isinstance(ok, dict) and isinstance(ok.get("headers"), list):
        ok["headers"] = [[k, "<date>" if str(k).lower() == "date" else v] for k, v in ok["headers"]]
    return outcome


def canonical(outcome: dict) -> str:
    return json.dumps(outcome, sort_keys=True, ensure_ascii=False)


def load_known() -> dict:
    known = json.loads((HERE / "known.json").read_text())
    for section in ("disagreements", "skips"):
        for cid, entry in known.get(section, {}).items():
            if entry.get("reason") not in REASONS:
                raise RuntimeError(f"known.json: {section}.{cid}: reason {entry.get('reason')!r} is not one of {sorted(REASONS)}")
            if not entry.get("why"):
                raise RuntimeError(f"known.json: {section}.{cid}: say why")
    return known


def delivery_rows(calls, oracle_deliveries, bridge_deliveries) -> tuple[list, dict, dict]:
    """Each call that passed a callback or a channel gets an extra outcome: what it received, in
    order. A listener's events as event name and payload (its id is the call's own outcome,
    `<id>.delivered`); a channel's messages as `{index, message}` / `{index, end}` (`<id>.channel`)."""
    extra, oracle_out, bridge_out = [], {}, {}

    def events(received):
        return [{"event": e.get("event"), "payload": e.get("payload")} if isinstance(e, dict) else e for e in received]

    def messages(received):
        return [{k: v for k, v in m.items() if k in ("index", "message", "end")} if isinstance(m, dict) else m
                for m in received]

    for call in calls:
        args = json.dumps(call.get("args", {}))
        if '"$callback"' in args:
            cid, area, shape = call["id"] + ".delivered", "event-delivery", events
        elif '"$channel"' in args:
            cid, area, shape = call["id"] + ".channel", call["area"], messages
        else:
            continue
        extra.append({"id": cid, "area": area, "cmd": call["cmd"]})
        oracle_out[cid] = {"ok": shape(oracle_deliveries.get(call["id"], []))}
        bridge_out[cid] = {"ok": shape(bridge_deliveries.get(call["id"], []))}
    return extra, oracle_out, bridge_out


def compare(calls, oracle, bridge, world, known) -> tuple[list, dict]:
    places = [(str(world["sandbox"]), "<sandbox>"), (str(world["home"]), "~"), (BRIDGE_HOME, "~"),
              (str(world["runtime"]), "<runtime>"), (BRIDGE_RUNTIME, "<runtime>")]
    per_area: dict[str, list[int]] = {}
    rows = []
    for call in calls:
        cid, area = call["id"], call["area"]
        o = normalise_outcome(call, oracle.get(cid, {"err": "oracle: no outcome"}), places)
        b = normalise_outcome(call, bridge.get(cid, {"err": "bridge: no outcome"}), places)
        tally = per_area.setdefault(area, [0, 0])
        tally[1] += 1
        if canonical(o) == canonical(b):
            tally[0] += 1
            rows.append({"id": cid, "area": area, "agree": True, "tauri": o, "bridge": b})
        else:
            rows.append({"id": cid, "area": area, "agree": False, "tauri": o, "bridge": b,
                         "known": known["disagreements"].get(cid)})
    return rows, per_area


def report(rows, per_area, known, skipped) -> int:
    print("\nagree / compared, per area")
    total = [0, 0]
    for area, (agree, compared) in per_area.items():
        print(f"  {area:<14} {agree:>4} / {compared}")
        total[0] += agree
        total[1] += compared
    print(f"  {'total':<14} {total[0]:>4} / {total[1]}")

    new = [r for r in rows if not r["agree"] and not r["known"]]
    listed = [r for r in rows if not r["agree"] and r["known"]]
    by_reason: dict[str, list] = {}
    for r in listed:
        by_reason.setdefault(r["known"]["reason"], []).append(r)
    print(f"\nknown disagreements: {len(listed)}")
    for reason, rs in sorted(by_reason.items()):
        print(f"  {reason}: {len(rs)}")
        for r in rs:
            print(f"    {r['id']}: {r['known']['why']}")
            print(f"      tauri:  {canonical(r['tauri'])}")
            print(f"      bridge: {canonical(r['bridge'])}")
    fixed = [cid for cid in known["disagreements"] if any(r["id"] == cid and r["agree"] for r in rows)]
    stale = [cid for cid in known["disagreements"] if not any(r["id"] == cid for r in rows)]
    if skipped:
        print(f"\nskipped: {len(skipped)}")
        for cid, entry in skipped.items():
            print(f"  {cid} [{entry['reason']}]: {entry['why']}")
    if fixed:
        print(f"\nlisted in known.json but agreeing now (remove them): {', '.join(fixed)}")
    if stale:
        print(f"\nlisted in known.json but not in the table (remove them): {', '.join(stale)}")
    if new:
        print(f"\nNEW disagreements: {len(new)} (fix the bridge, or list them in Tests/Oracle/known.json)")
        for r in new:
            print(f"  {r['id']} ({r['area']})")
            print(f"    tauri:  {canonical(r['tauri'])}")
            print(f"    bridge: {canonical(r['bridge'])}")
        print("\noracle: FAIL")
        return 1
    if fixed or stale:
        # The list stays true: an entry that agrees now, or names no call, fails the run too.
        print("\noracle: FAIL (known.json is out of date)")
        return 1
    print("\noracle: ok")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bridge", type=Path, help="a built bridge (default: swift build --product bridge)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print it")
    parser.add_argument("--json", type=Path, help="also write every outcome pair to this file")
    opts = parser.parse_args()
    ci = os.environ.get("CI") == "true"
    started = time.monotonic()
    try:
        ensure_dependencies()
    except Skip as e:
        if ci:
            log(f"FAIL (CI=true): {e}")
            return 1
        print(f"oracle: SKIPPED: {e}")
        return 0
    try:
        return compare_sides(opts)
    except (RuntimeError, OSError) as e:
        log(f"ERROR: {e}")
        return 2
    finally:
        log(f"total {time.monotonic() - started:.0f} s")


def compare_sides(opts) -> int:
    """Runs both sides and compares them; returns the exit status."""
    python = VENV / "bin" / "python"
    bridge = opts.bridge.resolve() if opts.bridge else build_bridge()
    known = load_known()
    root = Path(tempfile.mkdtemp(prefix="bridge-oracle-"))
    server = LocalServer()
    try:
        world = make_world(root, server.port)
        table = call_table.calls(server.port)
        skipped = {c["id"]: known["skips"][c["id"]] for c in table if c["id"] in known.get("skips", {})}
        calls = [c for c in table if c["id"] not in skipped]
        log(f"{len(calls)} calls ({len(skipped)} skipped); app folder {world['app']}")
        oracle, oracle_deliveries = run_oracle(python, world, calls, root)
        bridge_results, bridge_deliveries = run_bridge(bridge, world, calls)
        extra, oracle_extra, bridge_extra = delivery_rows(calls, oracle_deliveries, bridge_deliveries)
        rows, per_area = compare(calls + extra, {**oracle, **oracle_extra}, {**bridge_results, **bridge_extra},
                                 world, known)
        if opts.json:
            opts.json.write_text(json.dumps(rows, indent=2, ensure_ascii=False))
        status = report(rows, per_area, known, skipped)
    finally:
        server.shutdown()
        if opts.keep:
            log(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
