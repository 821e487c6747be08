#!/usr/bin/env python3
"""A slow image host for the slow-downloads benchmark (127.0.0.1 only), on one thread.

Prints "PORT <n>" once listening, then serves until stdin closes. Every request gets the PNG of
Tests/Peers/http_peer.py after `ms` milliseconds (`GET /anything?ms=N`, default 3000), unless the
client closes its connection first.

Why not http_peer.py: that peer starts a Python thread per connection, and 10,000 at once cost
it 1.5-3.6 s of CPU per wave on the two cores the bridge runs on - more than the bridge itself
(0.8 s) - so the figure measured the peer. A slow host elsewhere costs the bridge's machine
nothing; one epoll loop here costs a few tens of microseconds a connection.
"""
import heapq
import os
import selectors
import socket
import sys
import time
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Peers"))
from http_peer import PNG  # noqa: E402  (the same image bytes the tests serve)

RESPONSE = (b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n" % len(PNG)) + PNG


def delay_of(head):
    """The `ms` of a request head's query, in seconds."""
    try:
        target = head.split(b" ", 2)[1].decode("latin-1")
        return int(parse_qs(urlsplit(target).query).get("ms", ["3000"])[0]) / 1000
    except (IndexError, ValueError):
        return 3.0


def main():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(4096)
    listener.setblocking(False)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ, "stdin")
    heads = {}    # connection -> bytes read so far, until its head is complete
    due = []      # (instant, sequence, connection) of requests waiting out their delay
    waiting = set()
    sequence = 0
    print("PORT %d" % listener.getsockname()[1], flush=True)

    def close(connection):
        selector.unregister(connection)
        heads.pop(connection, None)
        waiting.discard(connection)
        connection.close()

    while True:
        timeout = max(0.0, due[0][0] - time.monotonic()) if due else None
        for key, _ in selector.select(timeout):
            if key.data == "stdin":
                if not os.read(sys.stdin.fileno(), 4096):
                    return
            elif key.data == "accept":
                while True:
                    try:
                        connection, _ = listener.accept()
                    except BlockingIOError:
                        break
                    connection.setblocking(False)
                    heads[connection] = b""
                    selector.register(connection, selectors.EVENT_READ, "client")
            else:
                connection = key.fileobj
                try:
                    data = connection.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    close(connection)   # the client gave up: nothing to send
                elif connection in heads:
                    heads[connection] += data
                    if b"\r\n\r\n" in heads[connection]:
                        sequence += 1
                        heapq.heappush(due, (time.monotonic() + delay_of(heads.pop(connection)), sequence, connection))
                        waiting.add(connection)
        now = time.monotonic()
        while due and due[0][0] <= now:
            _, _, connection = heapq.heappop(due)
            if connection in waiting:
                try:
                    connection.send(RESPONSE)
                except OSError:
                    pass
                close(connection)


if __name__ == "__main__":
    main()
