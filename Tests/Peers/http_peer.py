#!/usr/bin/env python3
"""A misbehaving image host for the bridge's tests (127.0.0.1 only).

Prints "PORT <n>" once listening, then serves until stdin closes (so it dies with the test).
Routes: /image.png /image.jpg /octet.png (PNG bytes, no image type) /slow?ms=N /stall /404
/drip (1 byte a second) /html /redirect-same /redirect-https /redirect-http /redirect-loop /huge
/hits?path=P (how often P was served), /peak?path=P (the most requests of P open at once).

With --tls DIR it serves https instead: it makes a test certificate authority and a certificate
for 127.0.0.1 signed by it with `openssl`, writes DIR/ca.pem (the file a client must trust) and
prints "CA <path>" after the port line.
"""
import http.server
import os
import socketserver
import ssl
import struct
import subprocess
import sys
import threading
import time
import zlib
from urllib.parse import urlparse, parse_qs


def png_bytes():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


PNG = png_bytes()
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\x00" * 64 + b"\xff\xd9"
HITS = {}
ACTIVE = {}
PEAK = {}
LOCK = threading.Lock()


def client_left(connection, seconds):
    """Waits up to `seconds` for the client to close the connection; True when it did."""
    import select
    import socket
    end = time.time() + seconds
    while time.time() < end:
        readable, _, _ = select.select([connection], [], [], 0.1)
        if readable:
            try:
                if connection.recv(1, socket.MSG_PEEK) == b"":
                    return True
            except OSError:
                return True
    return False


def client_gone(connection, seconds):
    """Waits `seconds` unless the client closes the connection first (True then), in one
    poll(2) (select cannot watch descriptors past 1,023), so a thread whose client left wakes
    once."""
    import select
    import socket
    end = time.time() + seconds
    poller = select.poll()
    poller.register(connection, select.POLLIN)
    if not poller.poll(max(0, int(seconds * 1000))):
        return False
    try:
        if connection.recv(1, socket.MSG_PEEK) == b"":
            return True
    except OSError:
        return True
    time.sleep(max(0, end - time.time()))  # the client sent more: the delay still holds
    return False


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, content_type, body, extra=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for k, v in extra:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        with LOCK:
            HITS[url.path] = HITS.get(url.path, 0) + 1
        q = parse_qs(url.query)
        port = self.server.server_address[1]
        try:
            if url.path == "/image.png":
                self.send_body(200, "image/png", PNG)
            elif url.path == "/image.jpg":
                self.send_body(200, "image/jpeg; charset=binary", JPEG)
            elif url.path == "/octet.png":
                self.send_body(200, "application/octet-stream", PNG)
            elif url.path == "/slow":
                # One wake-up when the client gives up: thousands of threads sleeping out the
                # delay for clients long gone woke together and starved the bridge of CPU.
                if not client_gone(self.connection, int(q.get("ms", ["3000"])[0]) / 1000):
                    self.send_body(200, "image/png", PNG)
            elif url.path == "/stall":
                with LOCK:
                    ACTIVE["/stall"] = ACTIVE.get("/stall", 0) + 1
                    PEAK["/stall"] = max(PEAK.get("/stall", 0), ACTIVE["/stall"])
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Content-Length", "100000")
                    self.end_headers()
                    self.wfile.write(PNG[:16])
                    self.wfile.flush()
                    client_left(self.connection, 10)
                finally:
                    with LOCK:
                        ACTIVE["/stall"] -= 1
            elif url.path == "/drip":
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(PNG)))
                self.end_headers()
                for byte in PNG:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1.0)
            elif url.path == "/404":
                self.send_body(404, "text/plain", b"not found")
            elif url.path == "/html":
                self.send_body(200, "text/html", b"<!doctype html><title>not an image</title>")
            elif url.path == "/redirect-same":
                self.send_body(302, None, b"", [("Location", "/image.png")])
            elif url.path == "/redirect-https":
                self.send_body(302, None, b"", [("Location", "https://127.0.0.1:%d/image.png" % port)])
            elif url.path == "/redirect-http":
                self.send_body(302, None, b"", [("Location", "http://127.0.0.1:%d/image.png" % port)])
            elif url.path == "/redirect-loop":
                self.send_body(302, None, b"", [("Location", "/redirect-loop")])
            elif url.path == "/huge":
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                block = PNG + b"\x00" * (65536 - len(PNG))
                for _ in range(100000):
                    self.wfile.write(b"%x\r\n" % len(block) + block + b"\r\n")
            elif url.path == "/peak":
                path = q.get("path", [""])[0]
                with LOCK:
                    value = PEAK.get(path, 0)
                self.send_body(200, "text/plain", str(value).encode())
            elif url.path == "/hits":
                path = q.get("path", [""])[0]
                with LOCK:
                    n = HITS.get(path, 0)
                self.send_body(200, "text/plain", str(n).encode())
            else:
                self.send_body(404, "text/plain", b"unknown route")
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # A thousand clients may connect at once.
    request_queue_size = 4096
    tls = None

    def finish_request(self, request, client_address):
        # The TLS handshake runs on the request's own thread, never in the accept loop.
        if self.tls is not None:
            try:
                request = self.tls.wrap_socket(request, server_side=True)
            except (ssl.SSLError, OSError):
                return
        super().finish_request(request, client_address)


def make_certificates(directory):
    """A test CA and a certificate for 127.0.0.1 signed by it; returns (ca, cert, key) paths."""
    os.makedirs(directory, exist_ok=True)
    ca_key, ca, key, csr, cert, ext = (os.path.join(directory, name) for name in
                                       ("ca.key", "ca.pem", "server.key", "server.csr", "server.pem", "server.ext"))
    def openssl(*args):
        subprocess.run(["openssl", *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key, "-out", ca,
            "-days", "2", "-subj", "/CN=bridge test CA")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1")
    with open(ext, "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n")
    openssl("x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-out", cert,
            "-days", "2", "-extfile", ext)
    return ca, cert, key


def main():
    server = Server(("127.0.0.1", 0), Handler)
    ca = None
    if len(sys.argv) == 3 and sys.argv[1] == "--tls":
        ca, cert, key = make_certificates(sys.argv[2])
        server.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        server.tls.load_cert_chain(cert, key)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    if ca:
        print("CA %s" % ca, flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
