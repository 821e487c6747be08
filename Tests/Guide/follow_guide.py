#!/usr/bin/env python3
"""Follows docs/adding-a-plugin.md literally, in a copy of the package.

The page marks each step with a `<!-- guide: … -->` comment before a fenced block:
  create PATH                 the block is a new file
  replace PATH: TEXT          the block replaces the one line holding TEXT
  insert-after PATH: TEXT     the block goes after the one line holding TEXT
  run                         each line of the ```sh block runs (sh -c, in the copy); the `# `
                              lines after a command are its expected stdout, exactly (then
                              its exit status is not checked; without them it must be 0)
Then it checks what the page promises: at most four hand-written files, one generator run, and
the new command answering over HTTP as well (bridge serve --http 0). Exit 0 when all holds.
Run by .ci/run; takes a few minutes (the copy builds from scratch).
"""
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "adding-a-plugin.md")


def fail(message):
    print(f"follow_guide: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def steps(text):
    """The page's (action, argument, block) steps, in order."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        marker = re.match(r"^<!-- guide: (.*?) -->$", lines[i])
        i += 1
        if not marker:
            continue
        if i >= len(lines) or not lines[i].startswith("```"):
            fail(f"line {i}: a guide comment must be followed by a fenced block")
        j = i + 1
        while j < len(lines) and lines[j] != "```":
            j += 1
        block = "\n".join(lines[i + 1:j])
        action, _, argument = marker.group(1).partition(" ")
        out.append((action, argument, block, i))
        i = j + 1
    return out


def copy_package(dst):
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for path in filter(None, listed):
        source = os.path.join(ROOT, path)
        if not os.path.isfile(source):
            continue  # deleted in the working tree
        target = os.path.join(dst, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)


def edit(dst, action, argument, block, line):
    path, _, anchor = argument.partition(": ")
    target = os.path.join(dst, path)
    if action == "create":
        if os.path.exists(target):
            fail(f"guide line {line}: {path} already exists")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as f:
            f.write(block + "\n")
        return path
    with open(target) as f:
        text = f.read().split("\n")
    holding = [n for n, l in enumerate(text) if anchor in l]
    if len(holding) != 1:
        fail(f"guide line {line}: {len(holding)} lines of {path} hold {anchor!r} (need exactly one)")
    n = holding[0]
    if action == "replace":
        text[n:n + 1] = block.split("\n")
    elif action == "insert-after":
        text[n + 1:n + 1] = block.split("\n")
    else:
        fail(f"guide line {line}: unknown action {action!r}")
    with open(target, "w") as f:
        f.write("\n".join(text))
    return path


def run(dst, block, line):
    """Runs each command of a ```sh block; returns the commands."""
    commands = []
    for raw in block.split("\n"):
        if raw.startswith("# ") and commands:
            commands[-1][1].append(raw[2:])
        elif raw and not raw.startswith("#"):
            commands.append((raw, []))
    for command, expected in commands:
        print(f"follow_guide: $ {command}", flush=True)
        done = subprocess.run(["sh", "-c", command], cwd=dst, capture_output=True, text=True, timeout=1800)
        # As DocsTests reads the manual: a command without expected output must exit 0; one with
        # it must print exactly that (a refusal shown on stdout exits 1).
        if not expected and done.returncode != 0:
            fail(f"guide line {line}: `{command}` exited {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
        if expected and done.stdout.rstrip("\n").split("\n") != expected:
            fail(f"guide line {line}: `{command}` printed\n{done.stdout}\nthe page says\n" + "\n".join(expected))
    return [c for c, _ in commands]


def over_http(dst):
    """`bridge serve --http 0`: its first stdout message says where it listens and the invoke key."""
    bridge = subprocess.Popen([os.path.join(dst, ".build", "debug", "bridge"), "serve", "--http", "0"], cwd=dst,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ready, _, _ = select.select([bridge.stdout], [], [], 120)
        if not ready:
            fail("bridge serve --http 0 said nothing in 120 s")
        listening = json.loads(bridge.stdout.readline())
        url, key = listening["params"]["url"], listening["params"]["key"]
        request = urllib.request.Request(url + "plugin%3Agreeting%7Cgreet", data=b'{"name":"Ada"}', method="POST",
                                         headers={"Content-Type": "application/json", "Tauri-Invoke-Key": key,
                                                  "Tauri-Callback": "0", "Tauri-Error": "1"})
        with urllib.request.urlopen(request, timeout=60) as response:
            answer = (response.status, json.loads(response.read()))
        if answer != (200, {"greeting": "Hello, Ada, from iOS"}):
            fail(f"over HTTP, greet answered {answer}")
    finally:
        bridge.stdin.close()
        try:
            bridge.wait(timeout=30)
        except subprocess.TimeoutExpired:
            bridge.kill()


def main():
    with open(GUIDE) as f:
        page = f.read()
    dst = tempfile.mkdtemp(prefix="bridge-guide-")
    try:
        copy_package(dst)
        written, generator_runs = set(), 0
        for action, argument, block, line in steps(page):
            if action == "run":
                commands = run(dst, block, line)
                generator_runs += sum(1 for c in commands if "bridge-generate" in c and "--check" not in c)
            else:
                written.add(edit(dst, action, argument, block, line))
        if len(written) > 4:
            fail(f"the page has {len(written)} hand-written files, more than 4: {sorted(written)}")
        if generator_runs != 1:
            fail(f"the page runs the generator {generator_runs} times, not once")
        over_http(dst)
        print(f"follow_guide: the plugin was added as the page says: {len(written)} hand-written files "
              f"({', '.join(sorted(written))}), {generator_runs} generator run; it answers over stdio and HTTP")
    finally:
        shutil.rmtree(dst, ignore_errors=True)


if __name__ == "__main__":
    main()
