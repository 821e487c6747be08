#!/usr/bin/env python3
"""The real Tauri 2.8 front-end code in Chromium against browser mode.

A Tauri 2.8.5 app with `withGlobalTauri` gives its page `@tauri-apps/api` 2.8's global bundle
(`window.__TAURI__`) and each plugin's `api-iife.js` on top of its `__TAURI_INTERNALS__`. Here
the bridge (`bridge serve --http 0 --app Tests/Fixtures/apps/tauri-2.8/src-tauri`, whose Cargo.lock
pins Tauri 2.8.5 and the wheel's plugins) gives the `__TAURI_INTERNALS__` (`/__bridge/tauri.js`),
and the bundles are the real ones, cut out of pytauri-wheel 0.8.0 at test time
(Tests/Bundles/wheel_bundles.py; never committed). Two pages run the checks of checks.js:
- `2.8`: /__bridge/tauri.js, then the 2.8 global bundle and the plugin bundles, in Tauri's order;
- `bridge`: /__bridge/tauri.js and the bridge's own (2.0.3-era) global, /__bridge/global.js.
A check passes when the 2.8 page's outcome is the expected one (expected.json) and, where the bridge's
global has the function too, both pages settle to the same value. known.json lists failures
accepted for now, each with its cause; one that passes again must be taken out of it.

Usage: browser_bundles.py [--json FILE]. Environment as Tests/Browser/browser_tests.py (BRIDGE),
PYTAURI_WHEEL (wheel_bundles.py), CI=true (no wheel fails instead of skipping).
Exit: 0 all pass or are known (or skipped outside CI), 1 otherwise.
"""
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Browser"))
import browser_tests as b  # noqa: E402
import cdp  # noqa: E402
import wheel_bundles  # noqa: E402

APP = os.environ.get("BUNDLES_APP") or os.path.join(b.ROOT, "Tests", "Fixtures", "apps", "tauri-2.8", "src-tauri")
HELLO = b"hello from 127.0.0.1"
ANY = object()          # any {ok: …}
ERR = object()          # any {err: …}

# What the 2.8 page must answer (shared with the Node test): {ok: v}, {err: v}, "any ok" or "any err".
with open(os.path.join(HERE, "expected.json")) as f:
    EXPECTED = {k: ANY if v == "any ok" else ERR if v == "any err" else v for k, v in json.load(f).items() if not k.startswith("//")}


class Hello(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(HELLO)))
        self.end_headers()
        self.wfile.write(HELLO)


def matches(outcome, expected):
    if expected is ANY:
        return "ok" in outcome
    if expected is ERR:
        return "err" in outcome
    return outcome == expected


def shown(value):
    if value is ANY:
        return "any {ok: …}"
    if value is ERR:
        return "any {err: …}"
    return json.dumps(value)


def page_html(scripts, title):
    """A page whose head loads `scripts` in order, an error collector first."""
    collect = ("<script>window.__pageErrors = [];"
               "addEventListener('error', e => __pageErrors.push(String(e.message)));"
               "addEventListener('unhandledrejection', e => __pageErrors.push('unhandled: ' + String(e.reason)))</script>")
    tags = "".join(f"<script src=\"{s}\"></script>" for s in scripts)
    return (f"<!doctype html><html><head><meta name=\"bridge\" content=\"no-inject\"><title>{title}</title>{collect}{tags}"
            "<script src=\"/checks.js\"></script></head><body>" + title + "</body></html>")


def run_pages(bundles, ctx, http_url):
    sandbox = tempfile.mkdtemp(prefix="bridge-bundles-sandbox-")
    ctx.cleanups.append(lambda: shutil.rmtree(sandbox, ignore_errors=True))
    bridge = ctx.bridge("--app", APP, "--platform", "linux", "--sandbox", sandbox, "--dialog", "ok", "--http-passthrough")
    shutil.copy(os.path.join(HERE, "checks.js"), os.path.join(bridge.static, "checks.js"))
    scripts = ["/__bridge/tauri.js", "/tauri-api-2.8.global.js"]
    shutil.copy(bundles["global"], os.path.join(bridge.static, "tauri-api-2.8.global.js"))
    for name, plugin in bundles["plugins"].items():
        shutil.copy(plugin["file"], os.path.join(bridge.static, os.path.basename(plugin["file"])))
        scripts.append("/" + os.path.basename(plugin["file"]))
    outcomes, errors = {}, {}
    for side, page_scripts in (("2.8", scripts), ("bridge", ["/__bridge/tauri.js", "/__bridge/global.js"])):
        page = ctx.page()
        page.goto(bridge.write_page(f"{side}.html", page_html(page_scripts, f"Tauri {side} bundles")))
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        errors[side] = page.evaluate("window.__pageErrors")
        outcomes[side] = page.evaluate(f"window.__bundleChecks(window.__TAURI__, {{httpUrl: {json.dumps(http_url)}}})", timeout=600)
        errors[side] += page.evaluate("window.__pageErrors")
        if side == "2.8":
            outcomes[side]["plugin namespaces defined"] = page.evaluate(
                "(() => { const ns = %s; const d = ns.filter(n => !window.__TAURI__[n]); return d.length ? {err: 'missing ' + d} : {ok: true} })()"
                % json.dumps([p["namespace"] for p in bundles["plugins"].values()]))
    return outcomes, errors


def main():
    out_json = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    if not os.path.exists(b.BRIDGE):
        print(f"bundles: {b.BRIDGE} is not built (swift build --product bridge)", file=sys.stderr)
        return 1
    if cdp.find_chromium() is None:
        print("bundles: no chromium on PATH (apt-get install chromium)", file=sys.stderr)
        return 1
    try:
        bundles = wheel_bundles.extract_or_skip(b.Skip)
    except b.Skip as s:
        print(f"- bundles skipped: {s}")
        return 0
    except AssertionError as e:
        print(f"✘ bundles: {e}")
        return 1
    with open(os.path.join(HERE, "known.json")) as f:
        known = {k: v for k, v in json.load(f).items() if not k.startswith("//")}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    ctx = b.Context()
    started = time.time()
    failed_run = True
    try:
        outcomes, errors = run_pages(bundles, ctx, f"http://127.0.0.1:{server.server_address[1]}/ok/hello")
        failed_run = False
    finally:
        ctx.close("bundles", failed_run)
        server.shutdown()
        shutil.rmtree(bundles["dir"], ignore_errors=True)
    new, kept, fixed, passed = [], [], [], 0
    expected = EXPECTED
    real, own = outcomes["2.8"], outcomes["bridge"]
    results = {}
    for name, want in expected.items():
        got = real.get(name)
        problems = []
        if not matches(got, want):
            problems.append(f"2.8 bundles: got {json.dumps(got)}, expected {shown(want)}")
        theirs = own.get(name)
        if theirs is not None and "missing" not in theirs and theirs != got and name not in ("path.tempDir",):
            problems.append(f"the bridge's own global: {json.dumps(theirs)} differs from 2.8's {json.dumps(got)}")
        results[name] = {"2.8": got, "bridge": theirs, "problems": problems}
        label = f"{name} [bridge global: {'n/a' if theirs is None or 'missing' in theirs else 'same' if theirs == got else 'differs'}]"
        if not problems:
            passed += 1
            if name in known:
                fixed.append(name)
                print(f"✔ {label} — listed in known.json but passes: take it out")
            else:
                print(f"✔ {label}")
        elif name in known:
            kept.append(name)
            print(f"✘ {label} (known: {known[name]})\n    " + "\n    ".join(problems))
        else:
            new.append(name)
            print(f"✘ {label}\n    " + "\n    ".join(problems))
    for side, errs in errors.items():
        name = f"no page errors ({side})"
        if errs:
            (kept if name in known else new).append(name)
            print(f"✘ {name}: {errs}")
        else:
            passed += 1
            print(f"✔ {name}")
    unknown = [k for k in known if k not in expected and not k.startswith("no page errors")]
    for k in unknown:
        print(f"! known.json names {k!r}, which is no check")
    total = passed + len(new) + len(kept)
    print(f"bundles: {passed} of {total} pass against the Tauri 2.8 bundles ({bundles['source']}); "
          f"{len(kept)} known failures, {len(new)} new failures, {time.time() - started:.1f} s")
    if out_json:
        with open(out_json, "w") as f:
            json.dump({"results": results, "errors": errors}, f, indent=2)
    return 1 if new or fixed or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
