#!/usr/bin/env python3
"""Browser-mode tests in a real headless Chromium, driven over the DevTools protocol.

Each test starts `bridge serve --http 0 --static DIR` (DIR holds pages generated for it), opens
pages in Chromium and checks what `invoke()` gives against what `bridge invoke` gives. Pages call
the bridge through its own script (`/__bridge/tauri.js`), through Tauri's own `core.js` +
`ipc-protocol.js` + `pattern.js` + `ipc.js` (templates filled as Tauri's manager/webview.rs fills
them) and through the prebuilt `@tauri-apps/api` bundle (`bundle.global.js`).

Usage: browser_tests.py [-k SUBSTRING]. Environment: BRIDGE (the executable, default
.build/debug/bridge), BRIDGE_PLUGINS_WORKSPACE (guest_js.py's bundles), BRIDGE_BROWSER_ARTIFACTS (screenshots of failures, default
.build/browser-artifacts), CI=true (a missing ../shared/conformance fails instead of skipping).
Exit status 0 when every test passed (skipped ones are listed), 1 otherwise.
"""
import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRIDGE = os.environ.get("BRIDGE", os.path.join(ROOT, ".build", "debug", "bridge"))
ARTIFACTS = os.environ.get("BRIDGE_BROWSER_ARTIFACTS", os.path.join(ROOT, ".build", "browser-artifacts"))
TAURI_IPC = os.path.join(os.path.dirname(ROOT), "shared", "conformance", "tauri-ipc")
SHARE = "plugin:frak-share|share_text"
ARGS = {"url": "https://frak.id/invite", "text": "Join me", "title": "Frak"}


class Skip(Exception):
    pass


def need_conformance():
    if not os.path.isdir(TAURI_IPC):
        if os.environ.get("CI") == "true":
            raise AssertionError(f"{TAURI_IPC} is missing (CI always has ../shared)")
        raise Skip(f"{TAURI_IPC} is missing (clone the project beside ../shared to run it)")


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def equal(actual, expected, what):
    check(actual == expected, f"{what}: expected {expected!r}, got {actual!r}")


class Bridge:
    """A `bridge serve --http 0` process; learns the URL and key from `bridge/listening`."""

    def __init__(self, *args, static=None, stdin_open=True):
        # static=False: no --static (an --app project's frontendDist is served).
        self.static = None if static is False else static or tempfile.mkdtemp(prefix="bridge-static-")
        command = [BRIDGE, "serve", "--http", "0", *(["--static", self.static] if self.static else []), *args]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("bridge exited: " + self.process.stderr.read().decode())
        message = json.loads(line)
        check(message.get("method") == "bridge/listening", f"first stdout message is bridge/listening, got {message}")
        self.url = message["params"]["url"]
        self.key = message["params"]["key"]
        self.script = message["params"]["script"]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def write_page(self, name, html):
        with open(os.path.join(self.static, name), "w") as f:
            f.write(html)
        return self.url + name

    def close(self):
        try:
            self.process.stdin.close()
            self.process.wait(timeout=20)
        except Exception:
            self.process.kill()
        self.process.stdout.close()
        self.process.stderr.close()


def bridge_invoke(command, args, *options):
    """What `bridge invoke` gives: ("ok", result) or ("error", error object)."""
    run = subprocess.run([BRIDGE, "invoke", command, json.dumps(args), *options], capture_output=True, timeout=60)
    value = json.loads(run.stdout)
    return ("ok", value) if run.returncode == 0 else ("error", value)


def settle(call):
    """A JS expression that settles `call` (a promise) into {ok: value} or {err: value}."""
    return f"({call}).then(r => ({{ok: r}}), e => ({{err: (e instanceof Error) ? 'Error: ' + e.message : e}}))"


PLAIN_PAGE = "<!doctype html><html><head><title>bridge test</title></head><body><p>bridge test page</p></body></html>"


def tauri_own_page(bridge, os_name, with_bundle):
    """A page that runs Tauri's own scripts, its templates filled as manager/webview.rs fills them."""
    def read(name):
        with open(os.path.join(TAURI_IPC, name)) as f:
            return f.read()

    def fill(text, templates, raw=None):
        for key, value in templates.items():
            text = text.replace(f"__TEMPLATE_{key}__", json.dumps(value))
        for key, value in (raw or {}).items():
            text = text.replace(f"__RAW_{key}__", value)
        return text

    ipc_protocol = fill(read("ipc-protocol.js"), {"invoke_key": bridge.key, "os_name": os_name,
                                                   "fetch_channel_data_command": "plugin:__TAURI_CHANNEL__|fetch"},
                        {"process_ipc_message_fn": read("process-ipc-message-fn.js")})
    core = fill(read("core.js"), {"os_name": os_name, "invoke_key": bridge.key})
    pattern = fill(read("pattern.js"), {"pattern": {"pattern": "brownfield"}})
    ipc = fill(read("ipc.js"), {"isolation_origin": ""})
    events = ("Object.defineProperty(window, '__TAURI_EVENT_LISTENERS_FN__', { value: function (eventData, ids) {"
              " const listeners = (window['__TAURI_EVENT_LISTENERS__'] && window['__TAURI_EVENT_LISTENERS__'][eventData.event]) || [];"
              " for (const id of ids) { const listener = listeners[id]; if (listener && listener.handler) { eventData.id = id; listener.handler(eventData) } } } });")
    init = fill(read("init.js"), {}, {"freeze_prototype": "", "pattern_script": pattern, "ipc_script": ipc,
                                      "core_script": core, "event_initialization_script": events,
                                      "bundle_script": read("bundle.global.js") if with_bundle else ""})
    prelude = ("Object.defineProperty(window, 'isTauri', { value: true });"
               "if (!window.__TAURI_INTERNALS__) { Object.defineProperty(window, '__TAURI_INTERNALS__', { value: { plugins: {} } }) }")
    metadata = ("Object.defineProperty(window.__TAURI_INTERNALS__, 'metadata', { value: {"
                " currentWindow: { label: \"main\" }, currentWebview: { label: \"main\" } } })")
    scripts = "\n".join(f"<script>{s}</script>" for s in (prelude, ipc_protocol, metadata, init))
    return ("<!doctype html><html><head><meta name=\"bridge\" content=\"no-inject\">"
            "<script src=\"/__bridge/ipc.js\"></script>" + scripts + "</head><body>Tauri's own scripts</body></html>")


# MARK: the tests

TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn

VANILLA = os.path.join(ROOT, "Tests", "Fixtures", "apps", "vanilla")
GREETING = "Hello, {{name}}! You've been greeted from Rust!"


def write_json(value):
    fd, path = tempfile.mkstemp(suffix=".json", prefix="bridge-fixtures-")
    with os.fdopen(fd, "w") as f:
        json.dump(value, f)
    return path


def greet_through_the_form(page, name):
    """What a person does on the template's page: type a name, press Greet; the message shown."""
    page.wait_for("document.querySelector('#greet-form') !== null")
    page.evaluate(f"document.querySelector('#greet-input').value = {json.dumps(name)};"
                  "document.querySelector('#greet-form').requestSubmit(); true")
    page.wait_for("document.querySelector('#greet-msg').textContent !== ''")
    return page.evaluate("document.querySelector('#greet-msg').textContent")


@test
def vanilla_template_boots_unmodified_with_app(ctx):
    """create-tauri-app's vanilla front end, served from its frontendDist with window.__TAURI__
    (withGlobalTauri), its own greet command answered by a fixture, on ios and android."""
    fixtures = write_json({"greet": {"result": GREETING}})
    for platform in ("ios", "android"):
        bridge = ctx.bridge("--app", VANILLA, "--fixtures", fixtures, "--platform", platform, static=False)
        page = ctx.page()
        page.goto(bridge.url)
        equal(page.evaluate("document.title"), "Tauri App", f"the template's index.html on {platform}")
        equal(page.evaluate("typeof window.__TAURI__.core.invoke"), "function", "window.__TAURI__ from withGlobalTauri")
        equal(greet_through_the_form(page, "Ada"), "Hello, Ada! You've been greeted from Rust!", f"greet on {platform}")
        # The core plugins answer from the project's config.
        equal(page.evaluate(settle("window.__TAURI__.app.getName()")),
              {"ok": "Vanilla iOS" if platform == "ios" else "vanilla"}, f"getName on {platform} (tauri.ios.conf.json merged)")
        equal(page.evaluate(settle("window.__TAURI__.app.getVersion()")), {"ok": "0.1.0"}, "getVersion")
        equal(page.evaluate(settle("window.__TAURI__.app.getIdentifier()")), {"ok": "com.vanilla.app"}, "getIdentifier (api 2.4)")
        # What a plugin's api-iife.js does in a withGlobalTauri app: add its namespace to the global.
        equal(page.evaluate("Object.defineProperty(window.__TAURI__, 'fs', {value: {x: 1}}); window.__TAURI__.fs.x"), 1,
              f"a plugin namespace defined on window.__TAURI__ on {platform}")
        data = page.evaluate(settle("window.__TAURI__.path.appDataDir()"))
        expected = "/data/user/0/com.vanilla.app" if platform == "android" else "/Library/Application Support/com.vanilla.app"
        check("ok" in data and data["ok"].endswith(expected), f"appDataDir on {platform}: {data}")
        equal(page.evaluate(settle("window.__TAURI__.window.getCurrentWindow().title()")),
              {"err": "Window API not available on mobile"}, f"a window call on {platform}, as Tauri refuses it")
        # The ACL comes first: core:default does not grant the setters.
        equal(page.evaluate(settle("window.__TAURI__.window.getCurrentWindow().setTitle('x')")),
              {"err": "window.set_title not allowed. Permissions associated with this command: window:allow-set-title"}, "setTitle's refusal")


HELLOWORLD = os.path.join(ROOT, "Tests", "Fixtures", "apps", "helloworld")


@test
def tauri_example_shape_boots_with_app(ctx):
    """A project shaped as Tauri's own plain-HTML examples: config beside main.rs, frontendDist a
    list of files (only those are served), window.__TAURI__, greet answered by a Node-less fixture."""
    fixtures = write_json({"greet": {"result": "Hello {{name}}, You have been greeted from Rust!"}})
    for platform in ("ios", "android"):
        bridge = ctx.bridge("--app", HELLOWORLD, "--fixtures", fixtures, "--platform", platform, static=False)
        page = ctx.page()
        page.goto(bridge.url)
        equal(page.evaluate("document.title"), "Welcome to Tauri!", "the listed index.html")
        page.evaluate("document.querySelector('#name').value = 'Ada'; document.querySelector('#form').requestSubmit(); true")
        page.wait_for("document.querySelector('#message').textContent !== ''")
        equal(page.evaluate("document.querySelector('#message').textContent"), "Hello Ada, You have been greeted from Rust!", f"greet on {platform}")
        got = page.evaluate(settle("fetch('/main.rs').then(r => r.text()).then(t => t.includes('generate_handler'))"))
        equal(got, {"ok": False}, "a file frontendDist does not list is not served")


@test
def fs_write_file_sends_raw_bytes_and_headers_that_land_in_the_sandbox(ctx):
    """plugin-fs's writeFile as its guest-js calls it: invoke(cmd, Uint8Array, {headers}) over
    Tauri's IPC protocol (an octet-stream body) reaches the command as its raw body and headers."""
    sandbox = tempfile.mkdtemp(prefix="bridge-sandbox-")
    ctx.cleanups.append(lambda: shutil.rmtree(sandbox, ignore_errors=True))
    caps = os.path.join(ROOT, "Tests", "Fixtures", "capabilities", "official")
    bridge = ctx.bridge("--app", VANILLA, "--capabilities", caps, "--sandbox", sandbox, "--platform", "android", static=False)
    page = ctx.page()
    page.goto(bridge.url)
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    made = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:fs|mkdir', {path: '', options: {baseDir: 14, recursive: true}})"))
    check("err" not in made, f"mkdir: {made}")
    wrote = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:fs|write_file', new TextEncoder().encode('h\u00e9llo'), "
                                 "{headers: {path: encodeURIComponent('notes.txt'), options: JSON.stringify({baseDir: 14})}})"))
    check("err" not in wrote, f"write_file: {wrote}")
    with open(os.path.join(sandbox, "android", "data", "user", "0", "com.vanilla.app", "notes.txt"), encoding="utf-8") as f:
        equal(f.read(), "h\u00e9llo", "the bytes are in the sandbox at the device's app data path")
    read = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:fs|read_text_file', {path: 'notes.txt', options: {baseDir: 14}})"))
    equal(read, {"ok": "h\u00e9llo"}, "read back")
    forbidden = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:fs|read_text_file', {path: '/etc/hostname'})"))
    equal(forbidden, {"err": "forbidden path: /etc/hostname"}, "outside the scope")


# A 1×1 PNG, as a front end would save a picture it made.
ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


@test
def convert_file_src_shows_an_image_written_with_fs(ctx):
    """A picture saved with plugin-fs shows in the page through convertFileSrc, from the sandbox
    within app.security.assetProtocol.scope: on android the page at its platform origin
    (http://tauri.localhost:PORT) and the picture at http://asset.localhost:PORT/…, as Tauri names
    them; on ios (asset://localhost/, which a browser cannot load) at /__bridge/asset/…. Outside the
    scope it is Tauri's 403."""
    sandbox = tempfile.mkdtemp(prefix="bridge-sandbox-")
    ctx.cleanups.append(lambda: shutil.rmtree(sandbox, ignore_errors=True))
    caps = os.path.join(ROOT, "Tests", "Fixtures", "capabilities", "official")
    for platform in ("android", "ios"):
        bridge = ctx.bridge("--app", VANILLA, "--capabilities", caps, "--sandbox", sandbox, "--platform", platform, static=False)
        page = ctx.page()
        origin = f"http://tauri.localhost:{bridge.port}" if platform == "android" else bridge.url.rstrip("/")
        page.goto(origin + "/")
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        equal(page.evaluate("location.origin"), origin, f"the page's origin on {platform}")
        made = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:fs|mkdir', {path: '', options: {baseDir: 14, recursive: true}})"))
        check("err" not in made, f"mkdir on {platform}: {made}")
        wrote = page.evaluate(settle(f"window.__TAURI__.core.invoke('plugin:fs|write_file', Uint8Array.from(atob('{ONE_PIXEL_PNG}'), c => c.charCodeAt(0)), "
                                     "{headers: {path: encodeURIComponent('pic.png'), options: JSON.stringify({baseDir: 14})}})"))
        check("err" not in wrote, f"write_file on {platform}: {wrote}")
        # The official capabilities grant no path commands: the app's own answer the directory.
        kind, app_data = bridge_invoke("plugin:path|resolve_directory", {"directory": 14}, "--app", VANILLA, "--platform", platform)
        equal(kind, "ok", f"appDataDir on {platform}")
        src = page.evaluate(f"window.__TAURI__.core.convertFileSrc({json.dumps(app_data + '/pic.png')})")
        expected = f"http://asset.localhost:{bridge.port}/" if platform == "android" else bridge.url + "__bridge/asset/"
        check(src.startswith(expected), f"convertFileSrc on {platform}: {src}")
        shown = page.evaluate(settle("new Promise((ok, no) => { const i = new Image(); i.onload = () => ok([i.naturalWidth, i.naturalHeight]);"
                                     f" i.onerror = () => no('the picture did not load'); i.src = {json.dumps(src)}; document.body.appendChild(i) }})"))
        equal(shown, {"ok": [1, 1]}, f"the picture shows on {platform}")
        status = page.evaluate(settle("fetch(window.__TAURI__.core.convertFileSrc('/etc/hostname')).then(r => r.status)"))
        equal(status, {"ok": 403}, f"outside the asset scope on {platform}")


@test
def process_restart_reloads_the_page_and_exit_tells_it(ctx):
    """plugin-process in a page: restart() starts the bridge again on the same address and the
    page reloads into a fresh app state; exit(3) tells the page (bridge:exit) and the bridge ends
    with 3, as the app would."""
    bridge = ctx.bridge("--platform", "android")
    page = ctx.page()
    page.goto(bridge.write_page("index.html", PLAIN_PAGE))
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    page.evaluate("window.__marker = 1; window.__TAURI_INTERNALS__.invoke('plugin:process|restart').catch(() => {}); true")
    page.wait_for("window.__marker === undefined && window.__BRIDGE__ && window.__BRIDGE__.ready", timeout=60)
    equal(page.evaluate("location.href"), bridge.url + "index.html", "the page reloaded at the same address")
    # The restarted bridge announces itself again on stdout: the same URL, a new key.
    seen = []
    while not any(m.get("method") == "bridge/listening" for m in seen):
        seen.append(json.loads(bridge.process.stdout.readline()))
    listening = [m for m in seen if m.get("method") == "bridge/listening"][0]
    equal(listening["params"]["url"], bridge.url, "the same address after the restart")
    check(any(m.get("method") == "bridge/restart" for m in seen), f"bridge/restart on stdout first: {seen}")
    got = page.evaluate(settle("window.__TAURI_INTERNALS__.invoke('plugin:event|listen', {event: 'x', target: {kind: 'Any'}, "
                               "handler: window.__TAURI_INTERNALS__.transformCallback(() => {})})"))
    equal(got, {"ok": 0}, "a fresh app state: the first listener of the new app is 0")
    page.evaluate("window.__TAURI_INTERNALS__.invoke('plugin:process|exit', {code: 3}).catch(() => {}); true")
    page.wait_for("window.__BRIDGE__.exited && window.__BRIDGE__.exited.code === 3")
    equal(bridge.process.wait(timeout=30), 3, "the bridge ends with the app's code")


def free_port():
    with socketserver.TCPServer(("127.0.0.1", 0), None) as probe:
        return probe.server_address[1]


@test
def bridge_dev_serves_the_dev_servers_pages_with_the_script_and_tauris_variables(ctx):
    """`bridge dev -- <command>`: the dev server runs with the Tauri CLI's variables, and its pages
    come through the bridge with the script injected; like the frak wallet, the page keeps its
    share path only because TAURI_ENV_PLATFORM says it is on a phone."""
    server = os.path.join(ROOT, "Tests", "Fixtures", "dev-server", "server.py")
    for platform in ("ios", "linux"):
        port = free_port()
        process = subprocess.Popen([BRIDGE, "dev", "--platform", platform, "--dev-url", f"http://127.0.0.1:{port}", "--",
                                    sys.executable, server, str(port)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ctx.cleanups.append(lambda p=process: (p.terminate(), p.wait(timeout=20)))
        url = None
        while url is None:
            line = process.stderr.readline().decode()
            check(line != "", "bridge dev printed where to open the page")
            if line.startswith("bridge: dev: open "):
                url = line.split()[3]
        page = ctx.page()
        page.goto(url)
        page.wait_for("window.__SHARED__ !== undefined")
        env = page.evaluate("window.__ENV__")
        expected_triple = "aarch64-apple-ios" if platform == "ios" else "unknown-linux-gnu"
        check(expected_triple in env.get("TAURI_ENV_TARGET_TRIPLE", ""), f"the command had the Tauri CLI's variables: {env}")
        equal([env.get("TAURI_ENV_PLATFORM"), env.get("TAURI_ENV_FAMILY"), env.get("TAURI_ENV_DEBUG")], [platform, "unix", "true"], "TAURI_ENV_*")
        equal(page.evaluate("typeof window.__TAURI_INTERNALS__.invoke"), "function", "the script was injected into the dev server's page")
        shared = page.evaluate("window.__SHARED__")
        equal(shared, {"shared": True} if platform == "ios" else "compiled out", f"the share path on {platform}")
        process.send_signal(2)
        equal(process.wait(timeout=20), 130, "SIGINT stops the bridge and its command")
        time.sleep(0.3)
        socketserver.TCPServer.allow_reuse_address = True
        with socketserver.TCPServer(("127.0.0.1", port), None):
            pass  # the dev server's port is free again: the command was stopped


@test
def unanswered_calls_are_named_to_the_page_and_in_the_summary(ctx):
    bridge = ctx.bridge("--app", VANILLA, static=False)
    page = ctx.page()
    page.goto(bridge.url)
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    got = page.evaluate(settle("window.__TAURI__.core.invoke('greet', {name: 'Ada'})"))
    check("err" in got and "greet (app command) has no answer" in got["err"] and "--fixtures" in got["err"], f"the rejection names it: {got}")
    # A PNG: the image plugin does not decode it, so nothing answers.
    page.evaluate(settle("window.__TAURI__.core.invoke('plugin:image|from_bytes', {bytes: [137, 80, 78, 71, 13, 10, 26, 10]})"))
    # opener is simulated: answered (nothing opened), never unhandled.
    opened = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:opener|open_url', {url: 'https://tauri.app'})"))
    check("err" not in opened, f"opener answers: {opened}")
    page.wait_for("window.__BRIDGE__.unhandled.length === 2")
    equal([u["command"] for u in page.evaluate("window.__BRIDGE__.unhandled")], ["greet", "plugin:image|from_bytes"], "bridge/unhandled on the page")
    check(any("had no answer" in line for line in page.console), f"named in the console: {page.console}")
    bridge.process.stdin.close()
    bridge.process.wait(timeout=20)
    err = bridge.process.stderr.read().decode()
    check("2 calls of 2 commands had no answer" in err and '{"greet":{"result":null},"plugin:image|from_bytes":{"result":null}}' in err,
          f"the session's summary: {err}")



@test
def bridge_script_gives_what_bridge_invoke_gives(ctx):
    for platform in ("ios", "android"):
        bridge = ctx.bridge("--platform", platform)
        page = ctx.page()
        page.goto(bridge.write_page("index.html", PLAIN_PAGE))
        got = page.evaluate(settle(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})"))
        kind, expected = bridge_invoke(SHARE, ARGS, "--platform", platform)
        equal(kind, "ok", f"bridge invoke on {platform}")
        equal(got, {"ok": expected}, f"invoke through /__bridge/tauri.js on {platform}")


@test
def rejections_are_tauris_values(ctx):
    cases = [({}, ("--platform", "ios")), (ARGS, ("--platform", "linux")), ({"url": 1}, ("--platform", "android"))]
    for args, options in cases:
        bridge = ctx.bridge(*options)
        page = ctx.page()
        page.goto(bridge.write_page("index.html", PLAIN_PAGE))
        got = page.evaluate(settle(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(args)})"))
        kind, error = bridge_invoke(SHARE, args, *options)
        equal(kind, "error", f"bridge invoke {args} {options}")
        equal(got, {"err": error["message"]}, f"the rejection of {args} {options}")
    # An unknown command, as Tauri's ACL words it.
    got = page.evaluate(settle("window.__TAURI_INTERNALS__.invoke('plugin:frak-share|share_txt', {})"))
    check("err" in got and "share_txt" in got["err"], f"unknown command rejected with its name: {got}")


@test
def static_pages_get_the_script_first_in_head(ctx):
    bridge = ctx.bridge()
    page = ctx.page()
    page.goto(bridge.write_page("index.html", PLAIN_PAGE))
    equal(page.evaluate("document.head.firstElementChild.getAttribute('src')"), "/__bridge/tauri.js", "first element of <head>")
    equal(page.evaluate("typeof window.__TAURI_INTERNALS__.invoke"), "function", "invoke defined")
    equal(page.evaluate("window.__TAURI_INTERNALS__.metadata"), {"currentWindow": {"label": "main"},
                                                                 "currentWebview": {"windowLabel": "main", "label": "main"}}, "metadata")
    equal(page.evaluate("window.__TAURI_OS_PLUGIN_INTERNALS__.platform"), "ios", "plugin-os platform")
    equal(page.evaluate("window.isTauri"), True, "isTauri")
    # A single-page app: an unknown extension-less path answers index.html.
    page.goto(bridge.url + "settings/profile")
    equal(page.evaluate("document.title"), "bridge test", "SPA fallback")
    # An opted-out page is left alone.
    page.goto(bridge.write_page("raw.html", "<html><head><meta name=\"bridge\" content=\"no-inject\"></head><body></body></html>"))
    equal(page.evaluate("typeof window.__TAURI_INTERNALS__"), "undefined", "no-inject page")


@test
def presentation_records_reach_the_page(ctx):
    bridge, page = ready_page(ctx, "--platform", "ios")
    page.evaluate(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})")
    page.wait_for("window.__BRIDGE__.presentations.length === 1")
    record = page.evaluate("window.__BRIDGE__.presentations[0]")
    equal(record["cmd"], SHARE, "presentation cmd")
    equal(record["presentation"]["platform"], "ios", "presentation platform")


@test
def invoke_headers_reach_the_request_as_tauri_sends_them(ctx):
    # tauri-apps/tauri#13227 (Tauri 2.5): a Headers object's entries are sent, as a plain
    # object's are, and override the preset ones case-insensitively; never its method names.
    bridge, page = ready_page(ctx, "--platform", "ios")
    got = page.evaluate("""(async () => {
      const sent = []
      const real = window.fetch
      window.fetch = (url, init) => { sent.push(Array.from(new Headers(init.headers).keys())); return real(url, init) }
      try {
        const a = await window.__TAURI_INTERNALS__.invoke(%s, %s, {headers: new Headers({'X-Trace': 'one'})})
        const b = await window.__TAURI_INTERNALS__.invoke(%s, %s, {headers: {'x-plain': 'two'}})
        return {a, b, sent}
      } finally { window.fetch = real }
    })()""" % (json.dumps(SHARE), json.dumps(ARGS), json.dumps(SHARE), json.dumps(ARGS)))
    equal(got["a"], {"shared": True}, "the call with a Headers object is answered")
    equal(got["b"], {"shared": True}, "the call with a plain object is answered")
    check("x-trace" in got["sent"][0], f"a Headers object's entry is sent: {got['sent'][0]}")
    check("x-plain" in got["sent"][1], f"a plain object's entry is sent: {got['sent'][1]}")
    for name in ("append", "get", "set", "has", "entries"):
        check(name not in got["sent"][0], f"no method name {name!r} as a header: {got['sent'][0]}")


@test
def deep_link_warm_arrival_reaches_the_pages_listen(ctx):
    # A test harness sends bridge/openUrl on serve's stdio; the page's own listen() (what
    # onOpenUrl does) receives the link when plugins.deep-link routes it to the app.
    app = os.path.join(ROOT, "Tests", "Fixtures", "apps", "deep-link")
    bridge, page = ready_page(ctx, "--platform", "android", "--app", app)
    page.evaluate("""(window.__links = [], window.__TAURI_INTERNALS__.invoke('plugin:event|listen', {
      event: 'deep-link://new-url', target: {kind: 'Any'},
      handler: window.__TAURI_INTERNALS__.transformCallback((e) => window.__links.push(e.payload))}))""")
    for i, url in enumerate(["https://wallet.frak.id/elsewhere", "frakwallet://invite/42"]):
        request = {"jsonrpc": "2.0", "id": 100 + i, "method": "bridge/openUrl", "params": {"url": url}}
        bridge.process.stdin.write((json.dumps(request) + "\n").encode())
        bridge.process.stdin.flush()
    page.wait_for("window.__links.length === 1")
    time.sleep(0.3)
    equal(page.evaluate("window.__links"), [["frakwallet://invite/42"]], "only the routed link reaches the page")
    equal(page.evaluate("window.__TAURI_INTERNALS__.invoke('plugin:deep-link|get_current')"), ["frakwallet://invite/42"],
          "getCurrent answers the last link")


def button_named(page, name):
    """The backend node id of the one button whose accessible name is `name` (the accessibility
    tree, as a screen reader or a WebDriver test finds it; shadow roots included), or None."""
    page.call("Accessibility.enable")
    root = page.call("DOM.getDocument", {"depth": -1, "pierce": True})["root"]["nodeId"]
    nodes = page.call("Accessibility.queryAXTree", {"nodeId": root, "accessibleName": name, "role": "button"})["nodes"]
    nodes = [n for n in nodes if not n.get("ignored") and "backendDOMNodeId" in n]
    check(len(nodes) <= 1, f"one button named {name!r}, found {len(nodes)}")
    return nodes[0]["backendDOMNodeId"] if nodes else None


def click_button(page, name):
    """Clicks the button named `name` as a person does: scrolled into view, the mouse pressed and
    released at its centre. Returns the centre (CSS pixels)."""
    node = button_named(page, name)
    check(node is not None, f"a button named {name!r} is in the page")
    page.call("DOM.scrollIntoViewIfNeeded", {"backendNodeId": node})
    quad = page.call("DOM.getBoxModel", {"backendNodeId": node})["model"]["content"]
    x, y = sum(quad[0::2]) / 4, sum(quad[1::2]) / 4
    for kind in ("mousePressed", "mouseReleased"):
        page.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
    return x, y


def start_call(page, name, args):
    """Starts invoke(share_text, args) in the page; its settlement lands in window.__calls[name]."""
    page.evaluate(f"(window.__calls = window.__calls || {{}}, {settle(f'window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(args)})')}"
                  f".then(v => {{ window.__calls[{json.dumps(name)}] = v }}), true)")


SHEET_UP = "document.querySelectorAll('[data-bridge-sheet]').length"


def ready_page(ctx, *options):
    """A bridge started with `options`, and a page of it whose script is connected (ready)."""
    bridge = ctx.bridge(*options)
    page = ctx.page()
    page.goto(bridge.write_page("index.html", PLAIN_PAGE))
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    return bridge, page


@test
def interactive_sheet_click_mail_resolves_with_mails_delivery(ctx):
    bridge, page = ready_page(ctx, "--platform", "ios", "--user", "interactive")
    start_call(page, "share", ARGS)
    page.wait_for(f"{SHEET_UP} === 1")
    time.sleep(0.3)
    equal(page.evaluate("'share' in window.__calls"), False, "the call waits for the click")
    # What must be seen: the sheet over the page, its title as text and visible, not covered.
    title = page.evaluate("""(() => { const root = document.querySelector('[data-bridge-sheet]').shadowRoot;
        const t = root.querySelector('[data-role=title]'); const r = t.getBoundingClientRect();
        const hit = root.elementFromPoint(r.x + 4, r.y + r.height / 2);
        return {text: t.textContent, w: r.width, h: r.height, x: r.x, y: r.y, covered: !(hit === t || t.contains(hit))} })()""")
    equal(title["text"], "Frak", "the header's title")
    check(title["w"] > 0 and title["h"] > 0 and not title["covered"], f"the title is visible and not covered: {title}")
    for name in ("Messages", "Mail", "AirDrop", "Copy", "Cancel"):
        check(button_named(page, name) is not None, f"a button named {name!r} in the overlay")
    png = page.capture()
    width, height, rows = cdp.decode_png(png)
    scale = width / page.evaluate("window.innerWidth")
    r, g, b = rows[int((title["y"] + title["h"] / 2) * scale)][int((title["x"] + title["w"] + 8) * scale)]
    check(abs(r - 0xf2) < 12 and abs(g - 0xf2) < 12 and abs(b - 0xf7) < 12,
          f"the sheet's background (#f2f2f7) beside the title in the screenshot, got {(r, g, b)}")
    click_button(page, "Mail")
    page.wait_for("'share' in window.__calls")
    equal(page.evaluate("window.__calls.share"), {"ok": {"shared": True}}, "the call resolves once Mail is clicked")
    page.wait_for(f"{SHEET_UP} === 0")
    page.wait_for("window.__BRIDGE__.presentations.length === 1")
    record = page.evaluate("window.__BRIDGE__.presentations[0].presentation")
    equal(record["completion"], {"activityType": "com.apple.UIKit.activity.Mail", "completed": True}, "the completion")
    equal(record["delivered"], {"subject": "Frak", "items": ["Join me", "https://frak.id/invite"]}, "Mail's delivery")
    equal(page.evaluate("window.__BRIDGE__.sheets.map(s => s.state)"), ["shown", "closed"], "bridge/sheet events")


CSP_PAGE = ("<!doctype html><html><head><meta http-equiv=\"Content-Security-Policy\" content=\"style-src 'self'\">"
            "<title>strict</title><script>window.__violations = []; document.addEventListener('securitypolicyviolation',"
            " e => window.__violations.push(e.violatedDirective + ' ' + (e.sample || e.blockedURI)))</script>"
            "</head><body><p>a page that forbids inline styles</p></body></html>")


@test
def interactive_sheet_draws_under_a_csp_that_forbids_inline_styles(ctx):
    for platform in ("ios", "android"):
        bridge = ctx.bridge("--platform", platform, "--user", "interactive")
        page = ctx.page()
        page.goto(bridge.write_page("index.html", CSP_PAGE))
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        # The policy is in force: an inline style attribute of the page's own is blocked.
        page.evaluate("(() => { const d = document.createElement('div'); d.id = 'probe';"
                      " d.innerHTML = '<span style=\"display:block;width:77px\">x</span>'; document.body.appendChild(d) })()")
        page.wait_for("window.__violations.length >= 1")
        equal(page.evaluate("document.querySelector('#probe span').getBoundingClientRect().width === 77"), False,
              "the page's CSP blocks inline styles")
        before = page.evaluate("window.__violations.length")
        start_call(page, "share", ARGS)
        page.wait_for(f"{SHEET_UP} === 1")
        got = page.evaluate("""(() => { const host = document.querySelector('[data-bridge-sheet]'); const root = host.shadowRoot;
            const screen = root.querySelector('.screen'); const r = screen.getBoundingClientRect(); const s = getComputedStyle(host);
            const t = root.querySelector('[data-role=title]'); const tr = t.getBoundingClientRect();
            const hit = root.elementFromPoint(tr.x + 4, tr.y + tr.height / 2);
            return {position: s.position, z: s.zIndex, w: r.width, h: r.height, sheets: root.adoptedStyleSheets.length,
                    styleAttributes: root.querySelectorAll('[style]').length - root.querySelectorAll('.stage[style]').length,
                    title: t.textContent, visible: tr.width > 0 && tr.height > 0 && (hit === t || t.contains(hit))} })()""")
        equal((got["position"], got["z"]), ("fixed", "2147483647"), f"the overlay's host is fixed over the page ({platform})")
        check(got["w"] > 200 and got["h"] > 300, f"the device screen has its size from the sheet's CSS ({platform}): {got}")
        equal(got["sheets"], 1, f"the sheet's CSS is an adopted stylesheet ({platform})")
        equal(got["styleAttributes"], 0, f"no inline style attribute in the overlay's markup ({platform})")
        check(got["visible"], f"the title is drawn, visible and not covered ({platform}): {got}")
        equal(page.evaluate(f"window.__violations.slice({before})"), [], f"the overlay breaks no rule of the page's CSP ({platform})")
        click_button(page, "Cancel")
        page.wait_for(f"{SHEET_UP} === 0")


@test
def interactive_permission_prompt_waits_for_the_click(ctx):
    # --user interactive: a runtime-permission request shows the system alert over the page and
    # the call waits for the person's click; Allow grants, Don't Allow denies (and iOS never asks again).
    caps = os.path.join(ROOT, "Tests", "Fixtures", "capabilities", "guest-js")
    bridge, page = ready_page(ctx, "--platform", "ios", "--user", "interactive", "--capabilities", caps)
    ask = settle("window.__TAURI_INTERNALS__.invoke('plugin:notification|request_permission')")
    page.evaluate(f"(window.__asks = [], {ask}.then(v => window.__asks.push(v)), true)")
    page.wait_for(f"{SHEET_UP} === 1")
    time.sleep(0.3)
    equal(page.evaluate("window.__asks.length"), 0, "the call waits for the click")
    click_button(page, "Don't Allow")
    page.wait_for("window.__asks.length === 1")
    equal(page.evaluate("window.__asks[0]"), {"ok": "denied"}, "Don't Allow denies")
    page.wait_for(f"{SHEET_UP} === 0")
    again = page.evaluate(settle("window.__TAURI_INTERNALS__.invoke('plugin:notification|request_permission')"))
    equal(again, {"ok": "denied"}, "iOS asks once: no alert the second time")
    camera = settle("window.__TAURI_INTERNALS__.invoke('plugin:barcode-scanner|request_permissions')")
    page.evaluate(f"(window.__cams = [], {camera}.then(v => window.__cams.push(v)), true)")
    page.wait_for(f"{SHEET_UP} === 1")
    click_button(page, "OK")
    page.wait_for("window.__cams.length === 1")
    equal(page.evaluate("window.__cams[0]"), {"ok": {"camera": "granted"}}, "OK grants the camera")
    # iOS asks on the first position read, not only on requestPermissions.
    where = settle("window.__TAURI_INTERNALS__.invoke('plugin:geolocation|get_current_position').then(p => p.coords.latitude)")
    page.evaluate(f"(window.__wheres = [], {where}.then(v => window.__wheres.push(v)), true)")
    page.wait_for(f"{SHEET_UP} === 1")
    click_button(page, "Allow While Using App")
    page.wait_for("window.__wheres.length === 1")
    equal(page.evaluate("window.__wheres[0]"), {"ok": 48.8584}, "the position, once allowed")


@test
def interactive_cancel_dismisses_and_a_click_needs_the_key(ctx):
    bridge, page = ready_page(ctx, "--platform", "ios", "--device", "ipad", "--user", "interactive")
    start_call(page, "share", ARGS)
    page.wait_for(f"{SHEET_UP} === 1")
    sheet = page.evaluate("window.__BRIDGE__.sheets[0].sheet")
    # The answer endpoint has the call's rules: no key, no answer.
    refused = page.evaluate(f"fetch('/__bridge/sheet', {{method: 'POST', body: JSON.stringify({{sheet: {json.dumps(sheet)}, cancel: true}})}})"
                            ".then(r => r.text().then(t => [r.status, t]))")
    equal(refused[0], 403, "an answer without the invoke key")
    check("missing invoke key" in refused[1], f"the refusal says why: {refused[1]}")
    click_button(page, "Cancel")
    page.wait_for("'share' in window.__calls")
    equal(page.evaluate("window.__calls.share"), {"ok": {"shared": False}}, "a dismissal resolves {shared: false}, as the plugin does")
    page.wait_for(f"{SHEET_UP} === 0")
    gone = page.evaluate(f"window.__BRIDGE__.answerSheet({json.dumps(sheet)}, {{cancel: true}}).then(() => 'answered', e => e.message)")
    check("is up" in gone, f"a sheet is answered once: {gone}")


@test
def interactive_second_share_stacks_on_the_sheet_up(ctx):
    # frak-share from 0aa82fbd presents on the topmost view controller: the second sheet is drawn
    # over the first, a click answers it, then the first.
    bridge, page = ready_page(ctx, "--platform", "ios", "--user", "interactive")
    start_call(page, "first", ARGS)
    page.wait_for(f"{SHEET_UP} === 1")
    start_call(page, "second", {"text": "Again"})
    page.wait_for(f"{SHEET_UP} === 2")
    equal(page.evaluate("window.__BRIDGE__.warnings.length"), 0, "no refusal at HEAD")
    click_button(page, "Messages")
    page.wait_for("'second' in window.__calls")
    equal(page.evaluate("window.__calls.second"), {"ok": {"shared": True}}, "the click lands on the sheet on top")
    equal(page.evaluate("'first' in window.__calls"), False, "the sheet below is still up")
    page.wait_for(f"{SHEET_UP} === 1")
    click_button(page, "Messages")
    page.wait_for("'first' in window.__calls")
    equal(page.evaluate("window.__calls.first"), {"ok": {"shared": True}}, "then the first share completes")


@test
def interactive_second_share_while_a_sheet_is_up_is_busy_at_the_seeds_version(ctx):
    bridge, page = ready_page(ctx, "--platform", "ios", "--user", "interactive", "--plugin-version", "frak-share@0fd3b566")
    start_call(page, "first", ARGS)
    page.wait_for(f"{SHEET_UP} === 1")
    start_call(page, "second", {"text": "Again"})
    page.wait_for("window.__BRIDGE__.warnings.length === 1")
    warning = page.evaluate("window.__BRIDGE__.warnings[0]")
    equal(warning["cmd"], SHARE, "the warning's command")
    equal(warning["warnings"][0]["code"], "present_refused", "UIKit refuses the second present")
    check("never settles" in warning["warnings"][0]["message"], f"the warning says the consequence: {warning}")
    equal(page.evaluate(SHEET_UP), 1, "no second sheet")
    click_button(page, "Messages")
    page.wait_for("'first' in window.__calls")
    equal(page.evaluate("window.__calls.first"), {"ok": {"shared": True}}, "the first share completes")
    time.sleep(0.5)
    equal(page.evaluate("'second' in window.__calls"), False, "the refused share never settles")


@test
def interactive_android_chooser_resolves_at_once_and_a_click_closes_it(ctx):
    bridge, page = ready_page(ctx, "--platform", "android", "--user", "interactive")
    start_call(page, "share", ARGS)
    page.wait_for("'share' in window.__calls")
    equal(page.evaluate("window.__calls.share"), {"ok": {"shared": True}}, "Android resolves as the chooser opens")
    page.wait_for(f"{SHEET_UP} === 1")
    equal(page.evaluate("window.__BRIDGE__.sheets[0].awaitsAnswer"), False, "the plugin does not wait for the chooser")
    click_button(page, "Gmail")
    page.wait_for(f"{SHEET_UP} === 0")


@test
def tauris_own_scripts_reach_the_bridge(ctx):
    need_conformance()
    # ios: the ipc:// fetch fails in a browser, so ipc-protocol.js falls back to window.ipc.postMessage;
    # android: postMessage always.
    for os_name in ("ios", "android"):
        bridge = ctx.bridge("--platform", os_name)
        page = ctx.page()
        page.goto(bridge.write_page("own.html", tauri_own_page(bridge, os_name, with_bundle=True)))
        got = page.evaluate(settle(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})"))
        equal(got, {"ok": bridge_invoke(SHARE, ARGS, "--platform", os_name)[1]}, f"Tauri's core.js on {os_name}")
        got = page.evaluate(settle(f"window.__TAURI__.core.invoke({json.dumps(SHARE)}, {{}})"))
        equal(got, {"err": "Missing 'url' or 'text' parameter"}, f"Tauri's rejection on {os_name}")
        # /__bridge/ipc.js alone (no tauri.js) still defines navigator.share, on the native half.
        equal(page.evaluate("[typeof navigator.share, window.__BRIDGE__.webShare]"), ["function", "bridge"],
              f"navigator.share beside Tauri's own scripts on {os_name}")
        equal(page.evaluate(shared("navigator.share({text: 'Look'})"), gesture=True), {"ok": "undefined"}, f"and it shares on {os_name}")
    # A page that loads both scripts defines it once and keeps it the bridge's.
    bridge = ctx.bridge("--platform", "ios")
    page = ctx.page()
    page.goto(bridge.write_page("both.html", "<html><head><meta name=\"bridge\" content=\"no-inject\"><script src=\"/__bridge/tauri.js\"></script>"
                                "<script src=\"/__bridge/ipc.js\"></script></head><body></body></html>"))
    equal(page.evaluate("window.__BRIDGE__.webShare"), "bridge", "tauri.js then ipc.js: still the bridge's navigator.share")


@test
def tauris_custom_protocol_through_ipc_localhost(ctx):
    need_conformance()
    # windows: convertFileSrc(cmd, 'ipc') is http://ipc.localhost/<cmd>; Chromium reaches it through
    # the bridge as its proxy, so Tauri's fetch arrives unmodified (Host: ipc.localhost).
    bridge = ctx.bridge("--platform", "android")
    browser = ctx.browser(f"--proxy-server=http://127.0.0.1:{bridge.port}", "--proxy-bypass-list=<-loopback>")
    page = ctx.page(browser)
    page.goto(bridge.write_page("own.html", tauri_own_page(bridge, "windows", with_bundle=False)))
    got = page.evaluate(settle(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})"))
    equal(got, {"ok": {"shared": True}}, "custom protocol via http://ipc.localhost")
    check(not any("postMessage interface" in m for m in page.console), f"no fallback to postMessage: {page.console}")


@test
def bundle_global_invoke_and_events(ctx):
    need_conformance()
    bridge = ctx.bridge("--platform", "android")
    shutil.copy(os.path.join(TAURI_IPC, "bundle.global.js"), os.path.join(bridge.static, "bundle.global.js"))
    page = ctx.page()
    page.goto(bridge.write_page("index.html", "<html><head></head><body><script src=\"/bundle.global.js\"></script></body></html>"))
    got = page.evaluate(settle(f"window.__TAURI__.core.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})"))
    equal(got, {"ok": {"shared": True}}, "__TAURI__.core.invoke")
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    page.evaluate("window.__got = []; window.__TAURI__.event.listen('ping', e => window.__got.push(e.payload)).then(u => { window.__unlisten = u })")
    page.wait_for("window.__unlisten")
    page.evaluate("window.__TAURI__.event.emit('ping', {n: 1})")
    page.wait_for("window.__got.length === 1")
    equal(page.evaluate("window.__got"), [{"n": 1}], "listen() receives emit()")
    page.evaluate("window.__unlisten()")
    page.evaluate("window.__TAURI__.event.emit('ping', {n: 2})")
    time.sleep(0.5)
    equal(page.evaluate("window.__got.length"), 1, "nothing after unlisten()")


@test
def share_extension_events_reach_plugin_listeners_and_listen(ctx):
    need_conformance()
    group = tempfile.mkdtemp(prefix="bridge-group-")
    ctx.cleanups.append(lambda: shutil.rmtree(group, ignore_errors=True))
    bridge = ctx.bridge("--platform", "ios", "--app-group", group)
    shutil.copy(os.path.join(TAURI_IPC, "bundle.global.js"), os.path.join(bridge.static, "bundle.global.js"))
    page = ctx.page()
    page.goto(bridge.write_page("index.html", "<html><head></head><body><script src=\"/bundle.global.js\"></script></body></html>"))
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    page.evaluate("window.__plugin = []; window.__app = [];"
                  "Promise.all([window.__TAURI__.core.addPluginListener('share-extension', 'shareReceived', p => window.__plugin.push(p))"
                  ".then(l => { window.__listener = l }),"
                  " window.__TAURI__.event.listen('share-extension://shareReceived', e => window.__app.push(e.payload))])")
    page.wait_for("window.__listener")
    run = subprocess.run([BRIDGE, "extension", "receive", "--app-group", group, "--text", "a new share"], capture_output=True, timeout=60)
    equal(run.returncode, 0, f"extension receive: {run.stderr.decode()}")
    page.wait_for("window.__plugin.length === 1 && window.__app.length === 1")
    stored = page.evaluate("window.__TAURI__.core.invoke('plugin:share-extension|read')")
    item_id = stored["items"][0]["id"]
    equal(page.evaluate("window.__plugin"), [{"id": item_id}], "addPluginListener's Channel gets the item id")
    equal(page.evaluate("window.__app"), [{"id": item_id}], "listen() gets it as share-extension://shareReceived")
    page.evaluate("window.__listener.unregister()")
    subprocess.run([BRIDGE, "extension", "receive", "--app-group", group, "--text", "another"], capture_output=True, timeout=60)
    page.wait_for("window.__app.length === 2")
    equal(page.evaluate("window.__plugin.length"), 1, "nothing reaches an unregistered plugin listener")


@test
def a_page_granted_nothing_hears_no_plugin_events(ctx):
    """An --allow-origin page that the capabilities grant nothing (remote content) gets neither
    the plugin events nor what other pages' calls presented; the bridge's own page hears them."""
    group = tempfile.mkdtemp(prefix="bridge-group-")
    ctx.cleanups.append(lambda: shutil.rmtree(group, ignore_errors=True))
    other = OtherOrigin()
    ctx.cleanups.append(other.close)
    remote = f"http://127.0.0.1:{other.port}"
    bridge = ctx.bridge("--platform", "ios", "--app-group", group, "--allow-origin", remote)
    own = ctx.page()
    own.goto(bridge.write_page("index.html", PLAIN_PAGE))
    own.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    other.html = f"<html><head><script src=\"{bridge.script}\"></script></head><body>remote</body></html>"
    foreign = ctx.page()
    foreign.goto(remote + "/")
    foreign.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    run = subprocess.run([BRIDGE, "extension", "receive", "--app-group", group, "--text", "a private share"], capture_output=True, timeout=60)
    equal(run.returncode, 0, f"extension receive: {run.stderr.decode()}")
    own.wait_for("window.__BRIDGE__.events.length === 1")
    own.evaluate(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})")
    own.wait_for("window.__BRIDGE__.presentations.length === 1")
    time.sleep(1)
    equal(foreign.evaluate("window.__BRIDGE__.events.length"), 0, "no plugin event reaches a page that may not listen")
    equal(foreign.evaluate("window.__BRIDGE__.presentations.length"), 0, "no other page's presentation")


@test
def plugin_listeners_pass_the_acl_as_tauri_checks_them(ctx):
    need_conformance()
    for setup in ("default", "read-only"):
        options = []
        if setup == "read-only":
            caps = tempfile.mkdtemp(prefix="bridge-caps-")
            ctx.cleanups.append(lambda: shutil.rmtree(caps, ignore_errors=True))
            with open(os.path.join(caps, "main.json"), "w") as f:
                json.dump({"identifier": "main", "windows": ["main"], "permissions": ["share-extension:allow-read", "frak-share:default"]}, f)
            options = ["--capabilities", caps]
        bridge = ctx.bridge("--platform", "ios", *options)
        shutil.copy(os.path.join(TAURI_IPC, "bundle.global.js"), os.path.join(bridge.static, "bundle.global.js"))
        page = ctx.page()
        page.goto(bridge.write_page("index.html", "<html><head></head><body><script src=\"/bundle.global.js\"></script></body></html>"))
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        # A plugin whose permissions grant no listener command: Tauri's refusal for the name sent
        # (this bundle, @tauri-apps/api 2.0, sends registerListener).
        got = page.evaluate(settle("window.__TAURI__.core.addPluginListener('frak-share', 'shared', () => {})"))
        equal(got, {"err": "frak-share.registerListener not allowed. Command not found"}, f"frak-share has no listener permission ({setup})")
        got = page.evaluate(settle("window.__TAURI__.core.invoke('plugin:frak-share|register_listener', {event: 'shared', handler: '__CHANNEL__:1'})"))
        equal(got, {"err": "frak-share.register_listener not allowed. Command not found"}, f"nor under the name later APIs send first ({setup})")
        got = page.evaluate(settle("window.__TAURI__.core.addPluginListener('share-extension', 'shareReceived', () => {})"))
        if setup == "default":
            check("ok" in got, f"share-extension:default grants allow-register-listener: {got}")
        else:
            equal(got, {"err": "share-extension.registerListener not allowed. Permissions associated with this command: "
                               "share-extension:allow-register-listener, share-extension:default"},
                  "a capability without the listener permission refuses it")


@test
def event_commands_pass_the_acl_as_tauri_checks_them(ctx):
    need_conformance()
    listen = "window.__TAURI__.event.listen('ping', e => window.__got.push(e.payload))"
    for setup, permissions in (("built-in", None), ("core:default", ["core:default", "frak-share:default"]),
                               ("listen only", ["core:event:allow-listen"]), ("no core:event", ["frak-share:default"])):
        options = []
        if permissions is not None:
            caps = tempfile.mkdtemp(prefix="bridge-caps-")
            ctx.cleanups.append(lambda caps=caps: shutil.rmtree(caps, ignore_errors=True))
            with open(os.path.join(caps, "main.json"), "w") as f:
                json.dump({"identifier": "main", "windows": ["main"], "permissions": permissions}, f)
            options = ["--capabilities", caps]
        bridge = ctx.bridge("--platform", "android", *options)
        shutil.copy(os.path.join(TAURI_IPC, "bundle.global.js"), os.path.join(bridge.static, "bundle.global.js"))
        page = ctx.page()
        page.goto(bridge.write_page("index.html", "<html><head></head><body><script src=\"/bundle.global.js\"></script></body></html>"))
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        page.evaluate("window.__got = []")
        got = page.evaluate(settle(f"{listen}.then(() => 'listening')"))
        emitted = page.evaluate(settle("window.__TAURI__.event.emit('ping', {n: 1}).then(() => 'emitted')"))
        if setup == "no core:event":
            # Tauri's debug refusal, naming the plugin as the command does (event, not core:event).
            equal(got, {"err": "event.listen not allowed. Permissions associated with this command: event:allow-listen, event:default"},
                  "listen() under a capability without core:event")
            equal(emitted, {"err": "event.emit not allowed. Permissions associated with this command: event:allow-emit, event:default"},
                  "emit() under a capability without core:event")
            continue
        equal(got, {"ok": "listening"}, f"listen() under {setup}")
        if setup == "listen only":
            equal(emitted, {"err": "event.emit not allowed. Permissions associated with this command: event:allow-emit, event:default"},
                  "emit() needs its own permission")
            continue
        equal(emitted, {"ok": "emitted"}, f"emit() under {setup}")
        page.wait_for("window.__got.length === 1")
        equal(page.evaluate("window.__got"), [{"n": 1}], f"listen() receives emit() under {setup}")


@test
def key_and_host_refusals_say_why(ctx):
    import urllib.error
    import urllib.request
    bridge = ctx.bridge()
    def post(headers):
        request = urllib.request.Request(bridge.url + "plugin%3Afrak-share%7Cshare_text", data=headers.pop("body", b"{}"), method="POST",
                                         headers={"Content-Type": "application/json", "Tauri-Callback": "1", "Tauri-Error": "2", **headers})
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()
    status, text = post({})
    check(status == 403 and "missing invoke key" in text, f"missing key: {status} {text}")
    status, text = post({"Tauri-Invoke-Key": "0" * 32})
    check(status == 403 and "wrong invoke key" in text, f"wrong key: {status} {text}")
    status, text = post({"Tauri-Invoke-Key": bridge.key, "Host": "rebound.example:80"})
    check(status == 403 and "DNS rebinding" in text, f"foreign Host: {status} {text}")
    status, text = post({"Tauri-Invoke-Key": bridge.key})
    equal((status, text), (200, '"Missing \'url\' or \'text\' parameter"'), "the right key reaches the command")
    # What Tauri's protocol.rs refuses, in its words: 500 text/plain.
    status, text = post({"Tauri-Invoke-Key": bridge.key, "Tauri-Callback": "x"})
    equal((status, text), (500, "Tauri callback header value must be a numeric string"), "a callback id that is no number")
    status, text = post({"Tauri-Invoke-Key": bridge.key, "body": b'{"url": "https://frak.id", }'})
    equal((status, text), (500, "trailing comma at line 1 column 28"), "a body that is not JSON, in serde_json's words")
    page = ctx.page()
    page.goto(bridge.write_page("index.html", PLAIN_PAGE))
    got = page.evaluate(settle("fetch('/__bridge/events?key=wrong').then(r => r.status)"))
    equal(got, {"ok": 403}, "the event stream needs the key")


class OtherOrigin:
    """A second HTTP server (another origin) serving one page that loads the bridge's script."""

    def __init__(self):
        self.html = ""
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                page = owner.html.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args):
                pass

        self.server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@test
def origins_decide_local_remote_refused(ctx):
    # Another origin (a dev server on another port): refused unless --dev-url or --allow-origin.
    probe = settle(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})")
    for options, expect in ((("--platform", "ios"), "refused"), (("--platform", "ios", "--dev-url", "DEV"), "local"),
                            (("--platform", "ios", "--allow-origin", "DEV"), "remote")):
        other = OtherOrigin()
        ctx.cleanups.append(other.close)
        dev = f"http://127.0.0.1:{other.port}"
        bridge = ctx.bridge(*[dev if o == "DEV" else o for o in options])
        other.html = f"<html><head><script src=\"{bridge.script}\"></script></head><body></body></html>"
        page = ctx.page()
        page.goto(f"http://127.0.0.1:{other.port}/")
        if expect == "refused":
            # The script embeds the invoke key: another site's page is not even given it.
            equal(page.evaluate("typeof window.__TAURI_INTERNALS__"), "undefined", "the script refused to another origin's page")
            got = page.evaluate(settle(f"fetch({json.dumps(bridge.script)}).then(r => r.status)"))
            check(got == {"ok": 403} or "err" in got, f"a fetch of the script from another origin: {got}")
            continue
        got = page.evaluate(probe)
        if expect == "local":
            equal(got, {"ok": {"shared": True}}, "a --dev-url page is local content")
        elif expect == "remote":
            check("err" in got and "not allowed" in got["err"] and dev in got["err"],
                  f"an --allow-origin page is remote content, which the default capability does not allow: {got}")
        else:
            check("err" in got and "could not be reached" in got["err"], f"another origin is refused: {got}")


# MARK: navigator.share (WebShareScript)

def shared(call):
    """A JS expression that settles a navigator.share() promise into {ok: 'undefined' | value}
    or {err: 'Name: message'}."""
    return f"({call}).then(r => ({{ok: r === undefined ? 'undefined' : r}}), e => ({{err: e.name + ': ' + e.message}}))"


# A PNG made in the page (a canvas), as a File with a name a data: URL alone would lose.
PNG_FILE = ("new Promise(r => { const c = document.createElement('canvas'); c.width = 4; c.height = 3;"
            " const g = c.getContext('2d'); g.fillStyle = '#e33'; g.fillRect(0, 0, 4, 3);"
            " c.toBlob(b => r(new File([b], 'Trip photo.png', {type: 'image/png'})), 'image/png') })")

SHARE_PAGE = ("<!doctype html><html><head><title>share</title></head><body>"
              "<button onclick=\"window.__shared = null; " + shared("navigator.share({title: 'Trip', files: [window.__file]})").replace('"', "&quot;")
              + ".then(v => { window.__shared = v })\">Share the photo</button></body></html>")


def ready_share_page(bridge, query=""):
    page_html = SHARE_PAGE if not query else SHARE_PAGE.replace("<head>", f"<head><meta name=\"bridge\" content=\"no-inject\"><script src=\"/__bridge/tauri.js{query}\"></script>")
    return bridge.write_page("index.html", page_html)


@test
def web_share_shares_text_a_url_and_a_file_built_in_the_page(ctx):
    for platform in ("ios", "android"):
        cache = tempfile.mkdtemp(prefix="bridge-cache-")
        ctx.cleanups.append(lambda: shutil.rmtree(cache, ignore_errors=True))
        bridge = ctx.bridge("--platform", platform, "--cache-dir", cache)
        page = ctx.page()
        page.goto(ready_share_page(bridge))
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        equal(page.evaluate("[typeof navigator.share, typeof navigator.canShare, navigator.share.length, window.__BRIDGE__.webShare]"),
              ["function", "function", 0, "bridge"], f"Chromium on Linux has no navigator.share: the bridge's ({platform})")
        # Text and a relative url, which Web Share resolves against the page.
        got = page.evaluate(shared("navigator.share({title: 'Trip', text: 'Look', url: 'invite?from=web'})"), gesture=True)
        equal(got, {"ok": "undefined"}, f"share() resolves undefined on {platform}")
        page.wait_for("window.__BRIDGE__.presentations.length === 1")
        record = page.evaluate("window.__BRIDGE__.presentations[0]")
        equal(record["cmd"], "plugin:share|share", "navigator.share calls plugin:share|share")
        link = bridge.url + "invite?from=web"
        if platform == "ios":
            equal(record["presentation"]["delivered"]["items"][1]["url"], link, "the url, absolute, reaches Messages")
        else:
            equal(record["presentation"]["intent"]["extras"]["android.intent.extra.TEXT"], "Look\n" + link, "EXTRA_TEXT: text and the absolute url")
        # A File from a click, as a page does it.
        size = page.evaluate(f"{PNG_FILE}.then(f => {{ window.__file = f; return f.size }})")
        png = bytes(page.evaluate("window.__file.arrayBuffer().then(b => Array.from(new Uint8Array(b)))"))
        check(png.startswith(b"\x89PNG") and len(png) == size, f"the page made a PNG: {png[:8]!r}")
        click_button(page, "Share the photo")
        page.wait_for("window.__shared")
        equal(page.evaluate("window.__shared"), {"ok": "undefined"}, f"sharing a File resolves on {platform}")
        page.wait_for("window.__BRIDGE__.presentations.length === 2")
        record = page.evaluate("window.__BRIDGE__.presentations[1].presentation")
        if platform == "ios":
            item = record["activityItems"][0]
            equal((item["kind"], item["dataTypeIdentifier"], item["file"]["name"], item["file"]["byteCount"]),
                  ("image", "public.png", "Trip photo.png", size), "one image item source, with the File's name")
            icon = record["linkMetadata"]["icon"]["dataURL"]
            import base64
            equal(base64.b64decode(icon.split(",", 1)[1]), png, "the header's icon is the File's bytes")
            equal(page.evaluate("window.__BRIDGE__.lastShare"), {"activityType": "com.apple.UIKit.activity.Message"}, "the plugin's result")
        else:
            placed = record["files"][0]
            check(placed["stored"].endswith("/Trip photo.png"), f"the File keeps its name in the share folder: {placed['stored']}")
            with open(placed["stored"], "rb") as f:
                equal(f.read(), png, "the copy in the cache is the File, byte for byte")
            equal(record["intent"]["type"], "image/png", "ACTION_SEND's type")


@test
def every_presentation_has_an_id_and_a_dismissed_share_still_reports_its_sheet(ctx):
    bridge = ctx.bridge("--platform", "android", "--cancel")
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    # navigator.share makes its call without a Tauri callback; it is dismissed (AbortError).
    equal(page.evaluate(shared("navigator.share({text: 'Look'})"), gesture=True), {"err": "AbortError: Share canceled"}, "a dismissal")
    page.wait_for("window.__BRIDGE__.presentations.length === 1")
    record = page.evaluate("window.__BRIDGE__.presentations[0]")
    check(isinstance(record["id"], str) and record["id"].startswith("call-"), f"a call without a callback has an id: {record['id']!r}")
    equal(record["callback"], None, "and no Tauri callback")
    equal(record["id"], page.evaluate("window.__BRIDGE__.lastShareId"), "the id navigator.share's call was answered with")
    equal(record["presentation"]["completion"]["resultCode"], "RESULT_CANCELED", "the chooser as it closed")
    equal(record["presentation"]["intent"]["extras"]["android.intent.extra.TEXT"], "Look", "what the chooser showed")
    # invoke() has a callback: the record keeps it beside its own id, and ids never repeat.
    got = page.evaluate(settle(f"window.__TAURI_INTERNALS__.invoke({json.dumps(SHARE)}, {json.dumps(ARGS)})"))
    equal(got, {"ok": {"shared": True}}, "share_text on android")
    page.wait_for("window.__BRIDGE__.presentations.length === 2")
    second = page.evaluate("window.__BRIDGE__.presentations[1]")
    check(isinstance(second["callback"], int), f"invoke()'s Tauri callback: {second['callback']!r}")
    check(isinstance(second["id"], str) and second["id"] != record["id"], f"a new id: {second['id']!r} after {record['id']!r}")


@test
def web_share_failures_are_the_spec_domexceptions(ctx):
    bridge = ctx.bridge("--platform", "ios")
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    text = "navigator.share({text: 'hi'})"
    got = page.evaluate(shared(text))
    equal(got, {"err": "NotAllowedError: Must be handling a user gesture to perform a share request."}, "no transient activation")
    for data, name in (("{}", "TypeError"), ("{files: []}", "TypeError"), ("{url: 'javascript:alert(1)'}", "TypeError"),
                       ("{url: 'http://[::1'}", "TypeError"), ("{files: 'shot.png'}", "TypeError"), ("{files: [{}]}", "TypeError"),
                       ("7", "TypeError")):
        got = page.evaluate(shared(f"navigator.share({data})"), gesture=True)
        check("err" in got and got["err"].startswith(name + ": "), f"share({data}) rejects with a {name}: {got}")
    equal(page.evaluate("window.__BRIDGE__.presentations.length"), 0, "nothing invalid reached the plugin")
    # files: [] beside a text is ignored (the spec), though the plugin refuses an empty list.
    equal(page.evaluate(shared("navigator.share({text: 'hi', files: []})"), gesture=True), {"ok": "undefined"}, "files: [] beside text")
    # A dismissal, from the scripted user.
    bridge = ctx.bridge("--platform", "android", "--cancel")
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    equal(page.evaluate(shared(text), gesture=True), {"err": "AbortError: Share canceled"}, "a dismissal is an AbortError")
    # The document not allowed to use web-share: a capability without share.
    caps = tempfile.mkdtemp(prefix="bridge-caps-")
    ctx.cleanups.append(lambda: shutil.rmtree(caps, ignore_errors=True))
    with open(os.path.join(caps, "main.json"), "w") as f:
        json.dump({"identifier": "main", "windows": ["main"], "permissions": ["frak-share:default"]}, f)
    bridge = ctx.bridge("--platform", "ios", "--capabilities", os.path.join(caps, "main.json"))
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    got = page.evaluate(shared(text), gesture=True)
    check(got.get("err", "").startswith("NotAllowedError: share.share not allowed"), f"an ACL denial is a NotAllowedError: {got}")


def start_share(page, name, data):
    """Starts navigator.share(data) with transient activation; it settles into window[name]."""
    page.evaluate(f"window.{name} = null; {shared(f'navigator.share({data})')}.then(v => {{ window.{name} = v }}), true", gesture=True)


@test
def web_share_while_a_sheet_is_up_is_an_invalid_state_error(ctx):
    bridge = ctx.bridge("--platform", "ios", "--user", "interactive")
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
    start_share(page, "__first", "{text: 'first'}")
    page.wait_for(f"{SHEET_UP} === 1")
    # The same page: its share is in progress ([[sharePromise]]).
    got = page.evaluate(shared("navigator.share({text: 'second'})"), gesture=True)
    equal(got, {"err": "InvalidStateError: An earlier share has not yet completed."}, "a second share of the page")
    # Another page: the screen's one sheet is up, and the plugin refuses.
    other = ctx.page()
    other.goto(bridge.url)
    got = other.evaluate(shared("navigator.share({text: 'elsewhere'})"), gesture=True)
    equal(got, {"err": "InvalidStateError: Can't share while sharing is in progress"}, "a share from another page while the sheet is up")
    page.call("Page.bringToFront")  # a background tab's accessibility tree does not answer
    click_button(page, "Cancel")
    page.wait_for("window.__first")
    equal(page.evaluate("window.__first"), {"err": "AbortError: Share canceled"}, "Cancel in the sheet")
    start_share(page, "__third", "{text: 'third'}")
    page.wait_for(f"{SHEET_UP} === 1")
    click_button(page, "Mail")
    page.wait_for("window.__third")
    equal(page.evaluate("window.__third"), {"ok": "undefined"}, "once the sheet is gone, a share goes through")


@test
def web_can_share_is_synchronous_and_applies_the_rules(ctx):
    bridge = ctx.bridge("--platform", "android")
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    page.evaluate(f"{PNG_FILE}.then(f => {{ window.__file = f }})")
    cases = [("", False), ("{}", False), ("{text: 'x'}", True), ("{title: ''}", True), ("{files: []}", False),
             ("{text: 'x', files: []}", True), ("{files: [window.__file]}", True), ("{url: '/relative'}", True),
             ("{url: 'mailto:a@example.com'}", True), ("{url: 'javascript:alert(1)'}", False), ("{url: 'data:,x'}", False),
             ("{url: 'wss://example.com/'}", False), ("{url: 'http://[::1'}", False),
             ("{files: [new File([], 'empty.txt')]}", False),
             ("{files: [new File([new Uint8Array(21 << 20)], 'big.bin')]}", False),
             ("{files: Array.from({length: 33}, () => window.__file)}", False)]
    for data, expected in cases:
        got = page.evaluate(f"(() => {{ const v = navigator.canShare({data}); return [typeof v, v] }})()")
        equal(got, ["boolean", expected], f"canShare({data})")
    got = page.evaluate("(() => { try { navigator.canShare({files: 'x'}); return 'no throw' } catch (e) { return e.name } })()")
    equal(got, "TypeError", "canShare throws what the ShareData conversion throws")
    # What canShare says, share does: true → the plugin shares it (files: the plugin's own caps).
    equal(page.evaluate(shared("navigator.share({files: [window.__file], url: '/relative'})"), gesture=True), {"ok": "undefined"},
          "canShare true, share resolves")


@test
def web_share_is_left_alone_replaced_or_off(ctx):
    fake = "<script>Navigator.prototype.share = function () { return Promise.resolve('the browser') }</script>"
    bridge = ctx.bridge("--platform", "ios")
    page = ctx.page()
    page.goto(bridge.write_page("own.html", f"<html><head><meta name=\"bridge\" content=\"no-inject\">{fake}<script src=\"/__bridge/tauri.js\"></script></head><body></body></html>"))
    equal(page.evaluate("[window.__BRIDGE__.webShare, typeof navigator.canShare]"), ["browser", "undefined"], "a browser's own share is kept")
    page.goto(bridge.write_page("replace.html", f"<html><head><meta name=\"bridge\" content=\"no-inject\">{fake}<script src=\"/__bridge/tauri.js?share=replace\"></script></head><body></body></html>"))
    equal(page.evaluate("window.__BRIDGE__.webShare"), "bridge", "?share=replace replaces it")
    equal(page.evaluate(shared("navigator.share({text: 'hi'})"), gesture=True), {"ok": "undefined"}, "the bridge's share")
    page.goto(ready_share_page(bridge, "?share=off"))
    equal(page.evaluate("[typeof navigator.share, window.__BRIDGE__.webShare]"), ["undefined", None], "?share=off")
    got = page.evaluate("fetch('/__bridge/tauri.js?share=bogus').then(r => r.text().then(t => [r.status, t]))")
    check(got[0] == 400 and "auto, replace, off" in got[1], f"a bad ?share= says what it takes: {got}")
    # A desktop target has no share sheet: left alone unless replaced (then no share target: AbortError).
    bridge = ctx.bridge("--platform", "linux")
    page = ctx.page()
    page.goto(ready_share_page(bridge))
    equal(page.evaluate("[typeof navigator.share, window.__BRIDGE__.webShare]"), ["undefined", "none"], "desktop: not defined")
    page.goto(ready_share_page(bridge, "?share=replace"))
    equal(page.evaluate(shared("navigator.share({text: 'hi'})"), gesture=True),
          {"err": "AbortError: share is only available on iOS and Android"}, "desktop replaced: no share target")


import guest_js  # noqa: E402

TESTS.extend(guest_js.tests(sys.modules[__name__]))


# MARK: the runner

class Context:
    def __init__(self):
        self.browsers = []
        self.pages = []
        self.bridges = []
        self.cleanups = []
        self._default = None

    def browser(self, *args):
        b = cdp.Browser(args)
        self.browsers.append(b)
        return b

    def page(self, browser=None):
        if browser is None:
            if self._default is None:
                self._default = self.browser()
            browser = self._default
        p = browser.new_page()
        self.pages.append(p)
        return p

    def bridge(self, *args, static=None):
        b = Bridge(*args, static=static)
        self.bridges.append(b)
        return b

    def close(self, name, failed):
        if failed and self.pages:
            os.makedirs(ARTIFACTS, exist_ok=True)
            for i, p in enumerate(self.pages):
                try:
                    p.screenshot(os.path.join(ARTIFACTS, f"{name}-{i}.png"))
                    with open(os.path.join(ARTIFACTS, f"{name}-{i}.console.txt"), "w") as f:
                        f.write("\n".join(p.console))
                except Exception:
                    pass
        for p in self.pages:
            p.close()
        for b in self.bridges:
            b.close()
        for b in self.browsers:
            b.close()
        for c in self.cleanups:
            c()


def main():
    only = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "-k" else None
    if not os.path.exists(BRIDGE):
        print(f"browser tests: {BRIDGE} is not built (swift build)", file=sys.stderr)
        return 1
    if cdp.find_chromium() is None:
        message = "browser tests: no chromium on PATH (apt-get install chromium)"
        print(message, file=sys.stderr)
        return 1
    passed, failed, skipped = [], [], []
    for fn in TESTS:
        if only and only not in fn.__name__:
            continue
        ctx = Context()
        started = time.time()
        ok = False
        try:
            fn(ctx)
            ok = True
            passed.append(fn.__name__)
            print(f"✔ {fn.__name__} ({time.time() - started:.1f} s)")
        except Skip as s:
            ok = True
            skipped.append(fn.__name__)
            print(f"- {fn.__name__} skipped: {s}")
        except Exception:
            failed.append(fn.__name__)
            print(f"✘ {fn.__name__}\n{traceback.format_exc()}")
        finally:
            ctx.close(fn.__name__, not ok)
    print(f"browser tests: {len(passed)} passed, {len(failed)} failed, {len(skipped)} skipped"
          + (f"; screenshots of failures in {ARTIFACTS}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
