"""A minimal Chrome DevTools Protocol client: launches headless Chromium and drives pages.

Only what the browser tests and the gallery need: open a page, evaluate JavaScript (awaiting
promises), wait for events, capture screenshots (whole or clipped) and decode them, read console
messages. Uses `websocket-client` and Debian's `chromium`.
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


class Browser:
    """One headless Chromium process with its own profile and DevTools endpoint; a context manager."""

    def __init__(self, extra_args=(), timeout=60):
        exe = find_chromium()
        if exe is None:
            raise RuntimeError("no chromium found: install Debian's chromium package (.ci/run does)")
        self.profile = tempfile.mkdtemp(prefix="bridge-chromium-")
        args = [exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-dev-shm-usage", "--mute-audio",
                "--remote-debugging-port=0", "--user-data-dir=" + self.profile,
                "--window-size=800,600", *extra_args, "about:blank"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + timeout
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("chromium did not start (no DevToolsActivePort)")
            time.sleep(0.05)
        time.sleep(0.1)
        with open(port_file) as f:
            self.port = int(f.readline().strip())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def new_page(self, width=None, height=None):
        """A fresh tab; with `width` and `height`, a fixed viewport at device scale factor 1."""
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT")
        with urllib.request.urlopen(req, timeout=30) as r:
            info = json.loads(r.read())
        page = Page(info["webSocketDebuggerUrl"], info["id"], self.port)
        if width and height:
            page.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        return page

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class JavaScriptError(Exception):
    pass


class Page:
    """One tab, driven over its DevTools WebSocket. Events that arrive while waiting for an answer
    are kept in `events` (console messages also in `console`)."""

    def __init__(self, ws_url, target_id, port):
        self.ws = websocket.create_connection(ws_url, timeout=60, suppress_origin=True)
        self.target_id = target_id
        self.port = port
        self.next_id = 0
        self.console = []
        self.events = []
        self.call("Runtime.enable")
        self.call("Page.enable")

    def _receive(self, deadline):
        self.ws.settimeout(max(0.1, deadline - time.time()))
        message = json.loads(self.ws.recv())
        if message.get("method") == "Runtime.consoleAPICalled":
            args = message["params"].get("args", [])
            self.console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in args))
        return message

    def call(self, method, params=None, timeout=60):
        self.next_id += 1
        mid = self.next_id
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params or {}}))
        deadline = time.time() + timeout
        while True:
            message = self._receive(deadline)
            if message.get("id") == mid:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)
            if time.time() > deadline:
                raise TimeoutError(method)

    def wait_event(self, method, timeout=60):
        """The first event `method` (already received, or the next one), within `timeout` seconds."""
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        deadline = time.time() + timeout
        while time.time() < deadline:
            message = self._receive(deadline)
            if message.get("method") == method:
                return message
            if "method" in message:
                self.events.append(message)
        raise TimeoutError(f"no {method} within {timeout} s")

    def goto(self, url, ready="document.readyState === 'complete'"):
        self.call("Page.navigate", {"url": url})
        self.wait_for(ready)

    def open(self, url):
        """Navigates to `url` with a fresh event log and waits for its load event."""
        self.events.clear()
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression, timeout=60, gesture=False):
        """The value of `expression` (a promise is awaited); raises JavaScriptError if it throws.
        `gesture`: run it as if the user had just clicked (transient activation), as DevTools'
        `userGesture` does."""
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "userGesture": gesture,
                                                "returnByValue": True, "timeout": int(timeout * 1000)}, timeout=timeout + 5)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise JavaScriptError(text)
        return result["result"].get("value")

    def wait_for(self, condition, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if self.evaluate(f"!!({condition})"):
                    return
            except JavaScriptError:
                pass
            time.sleep(0.05)
        raise TimeoutError(f"waited {timeout} s for {condition}")

    def capture(self, clip=None):
        """PNG bytes of the viewport, or of the CSS-pixel rectangle `clip` {x, y, w, h}."""
        import base64
        params = {"format": "png"}
        if clip:
            params["clip"] = {"x": clip["x"], "y": clip["y"], "width": clip["w"], "height": clip["h"], "scale": 1}
        return base64.b64decode(self.call("Page.captureScreenshot", params)["data"])

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(self.capture())

    def close(self):
        try:
            self.ws.close()
            urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/close/{self.target_id}", timeout=10).read()
        except Exception:
            pass


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
