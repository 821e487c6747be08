"""A stand-in for a front end's dev server (`npm run dev`), as `bridge dev` runs it.

Like the frak wallet's build, the page it serves keeps its share path only when the Tauri CLI's
variables say it runs in the mobile app (TAURI_ENV_PLATFORM ios or android); in a plain browser
it is compiled out. Usage: server.py PORT. Serves / (the page) and /main.js (its code).
"""
import http.server
import json
import os
import sys

PORT = int(sys.argv[1])
ENV = {k: v for k, v in os.environ.items() if k.startswith("TAURI_ENV_")}
MOBILE = ENV.get("TAURI_ENV_PLATFORM") in ("ios", "android")

PAGE = ("<!doctype html><html><head><title>dev server</title></head><body><p id=\"out\"></p>"
        "<script src=\"/main.js\"></script></body></html>")
SHARE = ("window.__SHARED__ = window.__TAURI_INTERNALS__.invoke('plugin:frak-share|share_text', "
         "{url: 'https://frak.id/invite', text: 'Join me'}).then(r => r, e => ({error: e}));")
MAIN = "window.__ENV__ = " + json.dumps(ENV) + ";\n" + (SHARE if MOBILE else "window.__SHARED__ = Promise.resolve('compiled out');")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        routes = {"/": (PAGE, "text/html; charset=utf-8"), "/main.js": (MAIN, "text/javascript")}
        if self.path not in routes:
            self.send_response(404)
            self.end_headers()
            return
        text, kind = routes[self.path]
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


http.server.HTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
