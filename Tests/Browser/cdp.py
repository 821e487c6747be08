"""A minimal Chrome DevTools Protocol client for the bridge's browser tests and gallery.

Starts headless Chromium on a free port, opens pages, evaluates expressions, captures and
decodes screenshots. Needs `websocket-client` (pip) and a Chromium (`chromium`, Debian's
package). Nothing here is the product: it is how the tests look at what the product drew.
"""
import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib

import websocket


def find_chromium():
    """The Chromium executable, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Chromium:
    """A headless Chromium process with its DevTools endpoint; use as a context manager."""

    def __init__(self, executable=None, timeout=60):
        self.executable = executable or find_chromium()
        if not self.executable:
            raise RuntimeError("no Chromium found (install Debian's `chromium` package)")
        self.profile = tempfile.mkdtemp(prefix="bridge-chromium-")
        self.process = subprocess.Popen(
            [self.executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + timeout
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.process.poll() is not None:
                raise RuntimeError(f"Chromium exited with status {self.process.returncode} before listening")
            if time.monotonic() > deadline:
                self.close()
                raise RuntimeError(f"Chromium did not start its DevTools endpoint within {timeout} s")
            time.sleep(0.05)
        with open(port_file) as f:
            self.port = int(f.readline().strip())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def new_page(self, width=1320, height=1260):
        """A fresh tab with a fixed viewport (device scale factor 1)."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT")
        with urllib.request.urlopen(request, timeout=30) as r:
            target = json.load(r)
        page = Page(target["webSocketDebuggerUrl"])
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        return page


class Page:
    """One tab over its DevTools WebSocket."""

    def __init__(self, url):
        self.ws = websocket.create_connection(url, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def close(self):
        self.ws.close()

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_event(self, method, timeout=60):
        """The first event `method` (already received or next), within `timeout` seconds."""
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = json.loads(self.ws.recv())
            if message.get("method") == method:
                return message
            self.events.append(message)
        raise TimeoutError(f"no {method} within {timeout} s")

    def open(self, url):
        """Navigates and waits for the load event."""
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        """The value of a JavaScript expression (JSON-serialisable)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, clip=None):
        """The viewport, or the CSS-pixel rectangle `clip` {x, y, w, h}, as PNG bytes."""
        import base64
        params = {"format": "png"}
        if clip:
            params["clip"] = {"x": clip["x"], "y": clip["y"], "width": clip["w"], "height": clip["h"], "scale": 1}
        return base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])


def decode_png(data):
    """(width, height, rows) of an 8-bit RGB or RGBA PNG; rows are lists of (r, g, b) tuples."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), f"unsupported PNG (depth {depth}, colour type {color})"
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def encode_png(width, height, pixel):
    """An RGB PNG whose colour at (x, y) is pixel(x, y)."""
    raw = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
