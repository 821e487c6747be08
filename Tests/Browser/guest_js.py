"""The official plugins' own front-end code, unmodified, in Chromium against browser mode.

Each plugin of tauri-apps/plugins-workspace commits its guest-js built as `api-iife.js` (what
`withGlobalTauri` apps load: it defines `window.__TAURI_PLUGIN_<NAME>__` over
`window.__TAURI_INTERNALS__`). The bundles are read at the pin (`PluginsWorkspacePin`) from a
plugins-workspace clone — `BRIDGE_PLUGINS_WORKSPACE` (a checkout or a bare git directory), else
`../.mirror/tauri-apps+plugins-workspace/repo` — and served beside a page that calls them as an
app does. They are not in ../shared/conformance and are not copied into this repository, so
without a clone each test is skipped, saying so (CI included).
"""
import json
import os
import shutil
import subprocess
import tempfile

PIN = "77149dc4320d26b413e4a6bbe82c654367c51b32"


def workspace(root):
    given = os.environ.get("BRIDGE_PLUGINS_WORKSPACE")
    return given or os.path.join(os.path.dirname(root), ".mirror", "tauri-apps+plugins-workspace", "repo")


def bundle(b, plugin):
    """The text of `plugins/<plugin>/api-iife.js` at the pin, or Skip."""
    where = workspace(b.ROOT)
    checkout = os.path.join(where, "plugins", plugin, "api-iife.js")
    if os.path.isfile(checkout):
        head = subprocess.run(["git", "-C", where, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        if head and head != PIN:
            raise b.Skip(f"{where} is at {head[:8]}, not the pin {PIN[:8]} (git checkout {PIN[:8]})")
        with open(checkout) as f:
            return f.read()
    if os.path.isdir(where):
        shown = subprocess.run(["git", f"--git-dir={where}", "show", f"{PIN}:plugins/{plugin}/api-iife.js"], capture_output=True, text=True)
        if shown.returncode == 0:
            return shown.stdout
    raise b.Skip(f"plugins/{plugin}/api-iife.js at plugins-workspace@{PIN[:8]} is not here: the bundles are not in "
                 f"../shared/conformance; set BRIDGE_PLUGINS_WORKSPACE to a clone of tauri-apps/plugins-workspace")


def tests(b):
    """The tests, given the browser suite's module `b` (its Bridge, checks and helpers)."""
    caps = os.path.join(b.ROOT, "Tests", "Fixtures", "capabilities", "guest-js")
    app = os.path.join(b.ROOT, "Tests", "Fixtures", "apps", "deep-link")
    equal, check, settle = b.equal, b.check, b.settle

    def page_with(ctx, plugins, platform, *options):
        """A bridge on `platform` (the deep-link fixture app, the guest-js capability, a sandbox)
        serving a page that loads each plugin's api-iife.js after the bridge's script."""
        scripts = {p: bundle(b, p) for p in plugins}
        sandbox = tempfile.mkdtemp(prefix="bridge-sandbox-")
        ctx.cleanups.append(lambda: shutil.rmtree(sandbox, ignore_errors=True))
        # The bundles are plugins-workspace's at the pin (October 2024): the bridge models that era,
        # Tauri 2.0 and the plugins beside it, as an app pinning them would (fs 2.0's text as a
        # string, http 2.0's whole body); the 2.8 bundles are Tests/Bundles'.
        bridge = ctx.bridge("--app", app, "--capabilities", caps, "--sandbox", sandbox, "--global-tauri", "--platform", platform,
                            "--tauri-version", "2.0.6", *options)
        tags = ""
        for name, text in scripts.items():
            with open(os.path.join(bridge.static, f"{name}-api-iife.js"), "w") as f:
                f.write(text)
            tags += f"<script src=\"/{name}-api-iife.js\"></script>"
        page = ctx.page()
        page.goto(bridge.write_page("index.html", f"<!doctype html><html><head>{tags}</head><body>guest-js</body></html>"))
        page.wait_for("window.__BRIDGE__ && window.__BRIDGE__.ready")
        for name in plugins:
            glob = "__TAURI_PLUGIN_" + name.upper().replace("-", "_") + "__"
            check(page.evaluate(f"typeof window.{glob}") == "object", f"{name}'s bundle defined window.{glob}")
        return bridge, page, sandbox

    def run(page, js):
        """`js` (an async function body) run in the page, settled to {ok} or {err}."""
        return page.evaluate(settle(f"(async () => {{ {js} }})()"))

    def fs_guest_js_reads_and_writes_the_sandbox(ctx):
        bridge, page, sandbox = page_with(ctx, ["fs"], "android")
        got = run(page, """const fs = window.__TAURI_PLUGIN_FS__, o = {baseDir: 14};
          await fs.mkdir('', {baseDir: 14, recursive: true});
          await fs.writeTextFile('notes.txt', 'one\\ntwo', o);
          const h = await fs.open('log.bin', {write: true, create: true, baseDir: 14});
          await h.write(new Uint8Array([104, 105])); await h.close();
          const lines = []; for await (const l of await fs.readTextFileLines('notes.txt', o)) lines.push(l);
          const names = (await fs.readDir('', o)).map(e => e.name).sort();
          const info = await fs.stat('notes.txt', o);
          await fs.copyFile('notes.txt', 'copy.txt', {fromPathBaseDir: 14, toPathBaseDir: 14});
          await fs.remove('log.bin', o);
          return {text: await fs.readTextFile('notes.txt', o), bytes: Array.from(await fs.readFile('copy.txt', o)).length,
                  lines, names, size: info.size, isFile: info.isFile, gone: await fs.exists('log.bin', o)};""")
        # Android's data folder holds the cache folder ActivityThread makes before any app code.
        equal(got, {"ok": {"text": "one\ntwo", "bytes": 7, "lines": ["one", "two"], "names": ["cache", "log.bin", "notes.txt"],
                           "size": 7, "isFile": True, "gone": False}}, "fs's guest-js on android")
        with open(os.path.join(sandbox, "android", "data", "user", "0", "id.frak.example", "copy.txt")) as f:
            equal(f.read(), "one\ntwo", "the copy is in the sandbox at the device's app data path")
        equal(run(page, "return await window.__TAURI_PLUGIN_FS__.readTextFile('/etc/hostname')"),
              {"err": "forbidden path: /etc/hostname"}, "outside the scope, in the plugin's words")

    def os_guest_js_answers_the_device(ctx):
        for platform, family, kind in (("ios", "unix", "ios"), ("android", "unix", "android")):
            bridge, page, _ = page_with(ctx, ["os"], platform, "--locale", "fr-FR")
            got = run(page, """const os = window.__TAURI_PLUGIN_OS__;
              return {platform: os.platform(), family: os.family(), type: os.type(), arch: os.arch(), eol: os.eol(),
                      locale: await os.locale(), hostname: typeof await os.hostname(), version: typeof os.version()};""")
            equal(got, {"ok": {"platform": platform, "family": family, "type": kind, "arch": "aarch64", "eol": "\n",
                               "locale": "fr-FR", "hostname": "string", "version": "string"}}, f"os's guest-js on {platform}")

    def store_guest_js_saves_to_the_sandbox_and_hears_changes(ctx):
        bridge, page, sandbox = page_with(ctx, ["store"], "ios")
        got = run(page, """const s = await window.__TAURI_PLUGIN_STORE__.load('settings.json', {autoSave: false});
          const heard = []; await s.onKeyChange('theme', v => heard.push(v));
          await s.set('theme', 'dark'); await s.set('count', 2); await s.save();
          for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise(r => setTimeout(r, 20));
          return {theme: await s.get('theme'), keys: (await s.keys()).sort(), length: await s.length(), heard};""")
        equal(got, {"ok": {"theme": "dark", "keys": ["count", "theme"], "length": 2, "heard": ["dark"]}}, "store's guest-js")
        found = []
        for folder, _, files in os.walk(os.path.join(sandbox, "ios")):
            found += [os.path.join(folder, f) for f in files if f == "settings.json"]
        equal(len(found), 1, "one settings.json in the sandbox")
        check("Library/Application Support/id.frak.example" in found[0], f"in the app data directory: {found[0]}")
        with open(found[0]) as f:
            equal(json.load(f), {"theme": "dark", "count": 2}, "what save() wrote")

    def log_guest_js_records_reach_stderr(ctx):
        bridge, page, _ = page_with(ctx, ["log"], "android")
        got = run(page, """const log = window.__TAURI_PLUGIN_LOG__;
          await log.info('hello from the page'); await log.warn('careful'); return 'logged';""")
        equal(got, {"ok": "logged"}, "log's guest-js resolves")
        bridge.process.stdin.close()
        bridge.process.wait(timeout=20)
        err = bridge.process.stderr.read().decode()
        check("hello from the page" in err and "careful" in err, f"the records reach stderr: {err[-800:]}")

    def device_guest_js_answers_as_the_phone(ctx):
        plugins = ["clipboard-manager", "haptics", "biometric", "dialog", "geolocation", "barcode-scanner", "deep-link"]
        bridge, page, _ = page_with(ctx, plugins, "ios", "--scan", "https://frak.id/pay", "--open-url", "frakwallet://invite/7",
                                    "--location", "48.85,2.35,5")
        got = run(page, """const w = window;
          await w.__TAURI_PLUGIN_CLIPBOARD_MANAGER__.writeText('copied');
          const pasted = await w.__TAURI_PLUGIN_CLIPBOARD_MANAGER__.readText();
          await w.__TAURI_PLUGIN_HAPTICS__.vibrate(100); await w.__TAURI_PLUGIN_HAPTICS__.impactFeedback('medium');
          const status = await w.__TAURI_PLUGIN_BIOMETRIC__.checkStatus();
          await w.__TAURI_PLUGIN_BIOMETRIC__.authenticate('Pay');
          const asked = await w.__TAURI_PLUGIN_DIALOG__.ask('Continue?', {title: 'Frak'});
          const before = await w.__TAURI_PLUGIN_GEOLOCATION__.checkPermissions();
          const pos = await w.__TAURI_PLUGIN_GEOLOCATION__.getCurrentPosition();
          const scanned = await w.__TAURI_PLUGIN_BARCODE_SCANNER__.scan({formats: ['QR_CODE']});
          const link = await w.__TAURI_PLUGIN_DEEP_LINK__.getCurrent();
          return {pasted, biometryType: status.biometryType, available: status.isAvailable, asked, before: before.location,
                  lat: pos.coords.latitude, content: scanned.content, format: scanned.format, link};""")
        equal(got, {"ok": {"pasted": "copied", "biometryType": 2, "available": True, "asked": True, "before": "prompt",
                           "lat": 48.85, "content": "https://frak.id/pay", "format": "QR_CODE", "link": ["frakwallet://invite/7"]}},
              "the device plugins' guest-js on ios")

    def notification_guest_js_asks_notifies_and_hears_it(ctx):
        for platform in ("ios", "android"):
            bridge, page, _ = page_with(ctx, ["notification"], platform)
            page.wait_for("window.Notification.permission !== undefined")
            got = run(page, """const n = window.__TAURI_PLUGIN_NOTIFICATION__, heard = [];
              const before = await n.isPermissionGranted();
              await n.onNotificationReceived(e => heard.push(e));
              const asked = await n.requestPermission();
              n.sendNotification({id: 42, title: 'Paid', body: '12 €'});
              for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise(r => setTimeout(r, 20));
              const active = await n.active();
              let readonly = 'writable'; try { window.Notification.permission = 'granted' } catch (e) { readonly = e.message }
              return {before, asked, permission: window.Notification.permission, readonly,
                      heard: heard.map(e => [e.id, e.title]), active: active.map(a => [a.id, a.title, a.body])};""")
            equal(got, {"ok": {"before": None, "asked": "granted", "permission": "granted", "readonly": "Readonly property",
                               "heard": [[42, "Paid"]], "active": [[42, "Paid", "12 €"]]}}, f"notification's guest-js on {platform}")
        # An app whose capabilities do not name the plugin keeps the browser's own Notification.
        _, plain = b.ready_page(ctx, "--platform", "ios", "--app", app)
        check("[native code]" in plain.evaluate("String(window.Notification)"), "no notification grant: window.Notification is the browser's")

    def http_guest_js_fetch_answered_by_fixtures_and_scoped(ctx):
        fixtures = b.write_json([{"url": "https://api.frak.id/v1/pay", "method": "POST", "status": 402, "body": "no funds"},
                                 {"url": "https://api.frak.id/v1/*", "json": {"balance": 12}, "headers": {"X-Rate": "9"}}])
        bridge, page, _ = page_with(ctx, ["http"], "android", "--http-fixtures", fixtures)
        got = run(page, """const {fetch} = window.__TAURI_PLUGIN_HTTP__;
          const me = await fetch('https://api.frak.id/v1/me', {headers: {Accept: 'application/json'}});
          const paid = await fetch('https://api.frak.id/v1/pay', {method: 'POST', body: JSON.stringify({amount: 5})});
          let denied = null; try { await fetch('https://api.frak.id/admin/users') } catch (e) { denied = String(e) }
          let missing = null; try { await fetch('https://api.frak.id/v2/other') } catch (e) { missing = String(e) }
          return {status: me.status, rate: me.headers.get('x-rate'), json: await me.json(), url: me.url,
                  paid: [paid.status, paid.statusText, await paid.text()], denied, missing: missing && [missing.slice(0, 61), missing.includes('--http-fixtures')]};""")
        equal(got, {"ok": {"status": 200, "rate": "9", "json": {"balance": 12}, "url": "https://api.frak.id/v1/me",
                           "paid": [402, "Payment Required", "no funds"],
                           "denied": "url not allowed on the configured scope: https://api.frak.id/admin/users",
                           "missing": ["error sending request for url (https://api.frak.id/v2/other):", True]}},
              "http's guest-js fetch on android")

    return [http_guest_js_fetch_answered_by_fixtures_and_scoped, notification_guest_js_asks_notifies_and_hears_it, fs_guest_js_reads_and_writes_the_sandbox, os_guest_js_answers_the_device, store_guest_js_saves_to_the_sandbox_and_hears_changes,
            log_guest_js_records_reach_stderr, device_guest_js_answers_as_the_phone]
