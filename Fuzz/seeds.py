#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora: Fuzz/seeds.py ROOT SHARED OUT.

Seeds come from the conformance suites in SHARED (when present) and from the project's own
files, in each target's input format (see Fuzz/Targets/*.swift).
"""
import glob
import hashlib
import json
import os
import sys

root, shared, out = sys.argv[1], sys.argv[2], sys.argv[3]
counts = {}


def seed(target, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) > 65536:
        return
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
    counts[target] = counts.get(target, 0) + 1


def files(pattern):
    return sorted(glob.glob(pattern, recursive=True))


def read(path):
    with open(path, "rb") as f:
        return f.read()


# json: nst/JSONTestSuite's parsing cases and every JSON file of the project's contract.
for path in files(f"{shared}/json-test-suite/test_parsing/*.json") + files(f"{root}/Schemas/**/*.json"):
    seed("json", read(path))

# toml: toml-test's valid and invalid documents, the plugins' permission files.
for path in files(f"{shared}/toml-test/**/*.toml") + files(f"{root}/permissions/**/*.toml"):
    seed("toml", read(path))

# schema: each JSON-Schema-Test-Suite group's schema with each of its instances.
for path in files(f"{shared}/json-schema-test-suite/draft7/*.json"):
    for group in json.loads(read(path)):
        for test in group["tests"][:3]:
            seed("schema", json.dumps(group["schema"]).encode() + b"\0" + json.dumps(test["data"]).encode())
for path in files(f"{root}/Schemas/**/*.schema.json"):
    for example in files(f"{root}/Schemas/examples/**/*.json")[:20]:
        seed("schema", read(path) + b"\0" + read(example))

# acl: capability files (TOML ones start with '#', as the target reads them) and permission files.
for path in (files(f"{shared}/tauri-acl/capabilities/**/cap*") + files(f"{shared}/tauri-apps/**/capabilities/*.json")
             + files(f"{root}/Schemas/examples/acl/**/*.json")):
    data = read(path)
    seed("acl", b"# " + os.path.basename(path).encode() + b"\n" + data if path.endswith(".toml") else data)
for path in files(f"{shared}/tauri-acl/plugins/**/*.toml") + files(f"{root}/permissions/**/*.toml"):
    seed("acl", b"#\n" + read(path))

# framing: NDJSON and Content-Length streams, whole messages and broken ones.
streams = [
    b'{"jsonrpc":"2.0","id":1,"method":"x"}\n{"a":2}\r\n\n  \n{"b":3}',
    b'Content-Length: 7\r\n\r\n{"a":1}Content-Length: 2\r\n\r\n{}',
    b'Content-Length: 99999999\r\n\r\n{"a":1}',
    b'Content-Type: x\r\nContent-Length: 3\n\n[1]Content-Length: x\r\n\r\nContent-Length: 2\r\n\r\n{}',
    b"\n\n" + b"x" * 300 + b"\n{}\n",
    b"Content-Length: 5\r\n\r\n{}",
]
for k, stream in enumerate(streams):
    for head in (b"\x10\x01\x02\x03", b"\xff\x07", b"\x00\x40"):
        seed("framing", head + b"\0" + stream)

# matching: patterns of many stars and named segments against long values, and the examples of
# the pattern tests.
for pattern, value in [
    ("********x", "a" * 40), ("************x", "a" * 40), (":sub.example.com/*", "a.example.com"),
    ("main-*", "main-2"), ("[a-c]1", "b1"), ("[!ab]*", "a-x"), ("w?", "w1"), ("*-*", "a-b-c"),
    ("app/*", "app/x/y?z"), (":p/:q/*", "a/b/c"), ("*a*a*a*a*b", "a" * 200), ("[", "x"),
]:
    seed("matching", pattern.encode() + b"\0" + value.encode())

# url: the spellings the WHATWG URL tests read (dot segments, encoded dots, IPv4 and IPv6
# forms, controls), some with a redirect's Location after a 0x00.
for url, location in [
    ("http://127.0.0.1:8080/api/../admin", ""), ("http://h.test/api/%2e%2e/admin", "../x"), ("HTTP://0x7f.1:80/a\\..\\b", "//0177.1/c"),
    ("http://2130706433/", "?q"), ("http://127.0.0.01./x y", "#f"), ("http://[::FFFF:127.0.0.1]:08080/", "/a/./b"),
    ("http://a@b@h.test/%00\t\n", "https://B\u00fccher.example/"), ("\x00 http:\\\\h.test/.%2E/x \x1f", ""),
    ("http://256.0.0.1/", ""), ("http://1.2.3.4.5/", ""), ("http://0x100000000/", ""), ("ws://h.test:80/%2e", ""),
]:
    seed("url", url.encode() + (b"\0" + location.encode() if location else b""))

# arguments: the integers and paths of fs and http's attacks (issue #39): modes past u32, lengths
# past i64::MAX, floats, and paths with `..`, `.`, drives, UNC and separators of both kinds.
for number, path in [
    ("-1", "a/../../etc/passwd"), ("4294967296", "C:\\x\\..\\..\\y"), ("9223372036854775808", "./a/./b/"),
    ("18446744073709551616", "\\\\server\\share\\.."), ("1e3", "//a//b//"), ("-0", ".."), ("0.5", "a\\b/../c"),
    ("493", "/"), ("-9223372036854775809", "..\\..\\x"), ("340282366920938463463374607431768211456", "C:foo/../bar"),
]:
    seed("arguments", number.encode() + b"\0" + path.encode())

# predicate: the activation rules of the doctor fixtures' Info.plists, Apple's documented
# forms, and nesting at and past the parser's bound.
import re
for path in files(f"{root}/Tests/Fixtures/**/Info.plist"):
    for m in re.finditer(r"<key>NSExtensionActivationRule</key>\s*<string>(.*?)</string>", read(path).decode("utf-8", "replace"), re.S):
        seed("predicate", m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
for rule in [
    "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, "
    "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count == 1).@count == 1",
    "TRUEPREDICATE", "NOT (FALSEPREDICATE OR TRUEPREDICATE) && !TRUEPREDICATE", "$a.b.c.@count >= 2 AND ALL $x.y != 'z'",
    "(" * 100 + "TRUEPREDICATE" + ")" * 100, "(" * 101 + "TRUEPREDICATE" + ")" * 101, "NOT " * 120 + "TRUEPREDICATE",
    "$e" + ".a" * 101 + " == 1",
]:
    seed("predicate", rule)

# http: requests the bridge serves (calls, the script, the event stream, preflights), chunked
# bodies, Expect: 100-continue, pipelining, and heads at the limits.
requests = [
    b"GET /__bridge/tauri.js HTTP/1.1\r\nHost: 127.0.0.1:4000\r\n\r\n",
    b"POST /plugin%3Afrak-share%7Cshare_text HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{\"text\":\"hi\"}",
    b"POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n0\r\n\r\n",
    b"POST /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc",
    b"GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n",
    b"OPTIONS / HTTP/1.1\r\nHost: h\r\nOrigin: http://localhost:5173\r\n\r\n",
    b"GET http://127.0.0.1:4000/x HTTP/1.1\r\nHost: evil\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: h\r\nX: " + b"a" * 300 + b"\r\n\r\n",
]
for r in requests:
    for head in (b"\x10\x01\x02", b"\xff\x07", b"\x00\x40"):
        seed("http", head + b"\0" + r)

for target in sorted(counts):
    print(f"fuzz: {counts[target]} seeds for {target}")
