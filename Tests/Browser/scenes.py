"""The renderings the browser tests check and the gallery shows, produced by the real `bridge`:
each scene is a `share_text` call (`bridge invoke … --inspect`), optionally an edit of its record,
then `bridge render -`. The icon and thumbnail come over HTTP from a local server, as on a device.
"""
import http.server
import json
import os
import subprocess
import tempfile
import threading

from cdp import encode_png

#: The logo's colour: a solid red square with a white ring, so its centre is this colour.
LOGO_RGB = (255, 59, 48)
HOSTILE_TITLE = "<script>alert('pwned')</script><img src=x onerror=alert(1)>"


def logo_png(size=96):
    centre = (size - 1) / 2

    def pixel(x, y):
        d = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5
        return (255, 255, 255) if size * 0.33 <= d <= size * 0.40 else LOGO_RGB
    return encode_png(size, size, pixel)


class ImageHost:
    """A loopback HTTP server for /logo.png; use as a context manager."""

    def __init__(self):
        png = logo_png()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path != "/logo.png":
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(png)))
                self.end_headers()
                self.wfile.write(png)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/logo.png"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.server.shutdown()


def chooser_titled(record):
    """The record of a plugin that passed a title to Intent.createChooser (the seed's warning)."""
    record["chooser"]["title"] = "Share via"
    return record


SHARE = {"url": "https://frak.id/invite?ref=alice", "text": "Join me on Frak", "title": "Frak Wallet"}

#: A one-page PDF, as `plugin:share` recognises it from its bytes.
PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

#: name → (caption, arguments, bridge options, record edit or None[, command]); the command is
#: share_text unless named. In arguments, {logo} is the logo's URL and {files} the folder that
#: holds logo.png and report.pdf (the --files-root of the call).
SCENES = {
    "ios-iphone-messages": ("iPhone: the sheet with the icon; Messages gets the link card and the text",
                            dict(SHARE, imageUrl="{logo}"), [], None),
    "ios-iphone-mail": ("iPhone: Mail gets the title as subject, the text and the link",
                        dict(SHARE, imageUrl="{logo}"), ["--activity", "com.apple.UIKit.activity.Mail"], None),
    "ios-iphone-no-icon": ("iPhone: no imageUrl, UIKit's placeholder icon; AirDrop gets the link only",
                           SHARE, ["--activity", "com.apple.UIKit.activity.AirDrop"], None),
    "ios-iphone-text-airdrop": ("iPhone: text only (no Reading List); AirDrop turns it into a .txt file",
                                {"text": "Join me on Frak"}, ["--activity", "com.apple.UIKit.activity.AirDrop"], None),
    "ios-iphone-cancel": ("iPhone: the user dismisses the sheet; {\"shared\": false}",
                          dict(SHARE, imageUrl="{logo}"), ["--cancel"], None),
    "ios-ipad-mail": ("iPad: a popover centred on its anchor (the root view's centre), no arrow",
                      dict(SHARE, imageUrl="{logo}"), ["--device", "ipad", "--activity", "com.apple.UIKit.activity.Mail"], None),
    "android-thumbnail": ("Android: the preview header, EXTRA_TITLE with the ClipData thumbnail",
                          dict(SHARE, imageUrl="{logo}"), ["--platform", "android"], None),
    "android-no-thumbnail": ("Android: no imageUrl, the title and text without a thumbnail",
                             SHARE, ["--platform", "android"], None),
    "android-chooser-title": ("Android: createChooser(intent, \"Share via\") replaces the preview with a title bar",
                              dict(SHARE, imageUrl="{logo}"), ["--platform", "android"], chooser_titled),
    "ios-hostile-title": ("A title with markup is text: <script> shows, never runs",
                          dict(SHARE, title=HOSTILE_TITLE), [], None),
    "ios-share-files-airdrop": ("plugin:share, iPhone: an image and a PDF, seed 002's subtitle trick; AirDrop gets PNG data and the file",
                                {"title": "Zelda", "files": ["{files}/logo.png", "{files}/report.pdf"],
                                 "preview": {"subtitle": "Game screenshot"}},
                                ["--activity", "com.apple.UIKit.activity.AirDrop"], None, "share"),
    "android-share-images": ("plugin:share, Android: two images, the chooser's image preview; the chosen package resolves",
                             {"title": "Zelda", "files": ["{files}/logo.png", "{files}/logo.png"]},
                             ["--platform", "android", "--activity", "com.google.android.gm"], None, "share"),
    "android-share-pdf": ("plugin:share, Android: a PDF and an image, the chooser's file preview",
                          {"files": ["{files}/report.pdf", "{files}/logo.png"]}, ["--platform", "android"], None, "share"),
}


def _filled(value, **names):
    """`value` with {logo} and {files} filled in every string it holds."""
    if isinstance(value, str):
        return value.format(**names)
    if isinstance(value, list):
        return [_filled(v, **names) for v in value]
    if isinstance(value, dict):
        return {k: _filled(v, **names) for k, v in value.items()}
    return value


def render(bridge, name, out_dir, logo_url, cache_dir):
    """Runs scene `name` and writes `<out_dir>/<name>.html` and `<name>.json` (its record); returns the record."""
    _, arguments, options, edit, *command = SCENES[name]
    files = os.path.join(cache_dir, "files")
    os.makedirs(files, exist_ok=True)
    with open(os.path.join(files, "logo.png"), "wb") as f:
        f.write(logo_png())
    with open(os.path.join(files, "report.pdf"), "wb") as f:
        f.write(PDF)
    arguments = _filled(arguments, logo=logo_url, files=files)
    command = command[0] if command else "share_text"
    if command == "share":
        options = options + ["--files-root", files]
    call = subprocess.run([bridge, "invoke", command, json.dumps(arguments), "--inspect", "--cache-dir", cache_dir] + options,
                          capture_output=True, text=True, timeout=60)

    if call.returncode != 0:
        raise RuntimeError(f"{name}: bridge invoke exited {call.returncode}: {call.stderr}")
    record = json.loads(call.stdout)["presentation"]
    if edit:
        record = edit(record)
    html = os.path.join(out_dir, f"{name}.html")
    drawn = subprocess.run([bridge, "render", "-", "-o", html], input=json.dumps(record), capture_output=True, text=True,
                           timeout=60)
    if drawn.returncode != 0:
        raise RuntimeError(f"{name}: bridge render exited {drawn.returncode}: {drawn.stderr}")
    with open(os.path.join(out_dir, f"{name}.json"), "w") as f:
        json.dump(record, f, indent=2, sort_keys=True)
        f.write("\n")
    return record


def bridge_executable():
    """The built `bridge` ($BRIDGE or .build/debug/bridge)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.environ.get("BRIDGE") or os.path.join(root, ".build", "debug", "bridge")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"no bridge at {path}: run `swift build` first (it builds libBridgeHTTP.so too)")
    return path


def temporary_cache():
    return tempfile.mkdtemp(prefix="bridge-render-cache-")
