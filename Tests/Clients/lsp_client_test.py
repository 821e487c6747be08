#!/usr/bin/env python3
"""A whole `bridge serve` session driven, unmodified, by python-lsp-jsonrpc (PyPI).

python-lsp-jsonrpc is the JSON-RPC layer of python-lsp-server: its stream reader and writer
speak LSP's Content-Length framing and its Endpoint matches responses to futures. The session:
initialize (an LSP client's params; the result must carry `capabilities`), initialized, a
plugin command, an error, a cancelled call ($/cancelRequest as the library sends it), shutdown,
and exit with `"params": null` as pygls sends it; the process must exit 0.

Usage: python3 Tests/Clients/lsp_client_test.py [--host PATH]   (default: the debug build's
bridge-test-host). Needs `pip install python-lsp-jsonrpc`. Exits non-zero when a check fails.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import unittest

from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import JsonRpcException
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, ".build", "debug", "bridge-test-host")
TIMEOUT = 60


class LSPClientSession(unittest.TestCase):
    def setUp(self):
        self.proc = subprocess.Popen([HOST, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.writer = JsonRpcStreamWriter(self.proc.stdin)
        self.reader = JsonRpcStreamReader(self.proc.stdout)
        self.endpoint = Endpoint({}, self.writer.write)
        self.listener = threading.Thread(target=self.reader.listen, args=(self.endpoint.consume,), daemon=True)
        self.listener.start()

    def tearDown(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.proc.stderr.close()

    def test_whole_session(self):
        result = self.endpoint.request("initialize", {
            "processId": os.getpid(), "rootUri": None, "capabilities": {}, "clientInfo": {"name": "pylsp-jsonrpc"},
            "platform": "android",
        }).result(timeout=TIMEOUT)
        self.assertEqual(result["capabilities"], {})
        self.assertEqual(result["serverInfo"]["name"], "bridge")
        self.assertEqual(result["platform"], "android")
        self.assertIn("plugin:frak-share|share_text", result["commands"])
        self.endpoint.notify("initialized", {})

        shared = self.endpoint.request("plugin:frak-share|share_text",
                                       {"url": "https://frak.id/x", "text": "Join me"}).result(timeout=TIMEOUT)
        self.assertEqual(shared, {"shared": True})

        with self.assertRaises(JsonRpcException) as caught:
            self.endpoint.request("plugin:frak-share|share_txt", {}).result(timeout=TIMEOUT)
        self.assertEqual(caught.exception.code, -32601)
        self.assertIn("share_txt", caught.exception.message)

        with self.assertRaises(JsonRpcException) as caught:
            self.endpoint.request("initialize", {"platfrom": "ios"}).result(timeout=TIMEOUT)
        self.assertEqual(caught.exception.code, -32602)
        self.assertIn("did you mean `platform`", caught.exception.message)

        # $/cancelRequest for a running call: answered -32800, and the command stops. (The
        # library's own `Future.cancel()` is not used: in 1.1.2 it marks the future cancelled, so
        # the -32800 answer LSP requires makes its reader thread raise InvalidStateError.)
        with tempfile.TemporaryDirectory() as folder:
            marker = os.path.join(folder, "marker")
            slow = self.endpoint.request("plugin:bridge-test|sleep", {"ms": 60000, "marker": marker})
            self.wait_for(lambda: read(marker) == "started")
            msg_id = next(k for k, v in self.endpoint._server_request_futures.items() if v is slow)
            self.endpoint.notify("$/cancelRequest", {"id": msg_id})
            with self.assertRaises(JsonRpcException) as caught:
                slow.result(timeout=TIMEOUT)
            self.assertEqual(caught.exception.code, -32800)
            self.wait_for(lambda: read(marker) == "cancelled")

        self.assertIsNone(self.endpoint.request("shutdown").result(timeout=TIMEOUT))
        # pygls sends `"params": null` with exit; it is the same as no params.
        self.writer.write({"jsonrpc": "2.0", "method": "exit", "params": None})
        self.assertEqual(self.proc.wait(timeout=TIMEOUT), 0, self.proc.stderr.read().decode())

    def wait_for(self, condition):
        deadline = time.monotonic() + TIMEOUT
        while not condition():
            self.assertLess(time.monotonic(), deadline, "timed out")
            time.sleep(0.01)


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=HOST, help="the bridge-test-host executable [%(default)s]")
    args, rest = parser.parse_known_args()
    HOST = args.host
    if not os.access(HOST, os.X_OK):
        sys.exit(f"lsp_client_test: {HOST} is not built; run `swift build --build-tests` first")
    unittest.main(argv=[sys.argv[0]] + rest)
