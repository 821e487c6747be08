#!/usr/bin/env python3
"""Writes Install/startup-order.txt: the functions that start-up, `bridge invoke` and a served
call run, in the order callgrind first lists them, as the input sections gold places first
(`--section-ordering-file`, used by Install/build).

Usage: python3 Install/startup-order.py [BRIDGE]   (default: the binary Install/build prints)

Needs valgrind and objcopy. Run it after a change that renames or adds functions on those paths,
then Install/build again; Benchmarks/run.sh shows the resident memory it buys. A stale list is
harmless: gold ignores names that no longer exist, and what is not listed keeps its place.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "startup-order.txt")
ARGS = '{"url":"https://frak.id/x","text":"Join me","title":"Frak"}'
REQUEST = ('{"jsonrpc":"2.0","id":%d,"method":"plugin:frak-share|share_text",'
           '"params":{"url":"https://frak.id/x","text":"Join me","title":"Frak"}}\n')


def runs(bridge, cache):
    """The paths whose pages count: a cold call on each mobile platform, the version, and a
    session serving a few hundred calls on each."""
    served = "".join(REQUEST % i for i in range(1, 300))
    return [
        ([bridge, "invoke", "share_text", ARGS], None),
        ([bridge, "invoke", "--platform", "android", "--cache-dir", cache, "share_text", ARGS], None),
        ([bridge, "--version"], None),
        ([bridge, "serve"], served),
        ([bridge, "serve", "--platform", "android", "--cache-dir", cache], served),
    ]


def executed(profile, binary_name):
    """The functions of the binary that a callgrind profile saw run, in its order."""
    names, current = [], None
    with open(profile, errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current = line[3:].strip()
            elif line.startswith("fn=") and current and os.path.basename(current) == binary_name:
                names.append(re.sub(r"'\d+$", "", line[3:].strip()))  # callgrind's cycle suffix
    return names


def main():
    for tool in ("valgrind", "objcopy"):
        if not shutil.which(tool):
            sys.exit(f"startup-order: {tool} is needed (apt-get install valgrind binutils)")
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):
        sys.exit(__doc__.strip())
    bridge = sys.argv[1] if len(sys.argv) == 2 else subprocess.run(
        [os.path.join(HERE, "build")], check=True, capture_output=True, text=True).stdout.split()[-1]
    work = tempfile.mkdtemp(prefix="bridge-startup-order-")
    try:
        # valgrind 3.19 cannot read the DWARF 5 the toolchain writes: it runs a copy without it.
        copy = os.path.join(work, "bridge")
        subprocess.run(["objcopy", "--strip-debug", bridge, copy], check=True)
        order, seen = [], set()
        for index, (argv, stdin) in enumerate(runs(copy, os.path.join(work, "cache"))):
            out = os.path.join(work, f"callgrind.{index}")
            run = subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                                  "--compress-pos=no", f"--callgrind-out-file={out}.%p"] + argv,
                                 input=stdin, text=True, capture_output=True)
            if run.returncode != 0:
                sys.exit(f"startup-order: {' '.join(argv[1:])} failed under valgrind:\n{run.stderr[-2000:]}")
            for profile in sorted(glob.glob(out + ".*")):
                for name in executed(profile, "bridge"):
                    if name not in seen:
                        seen.add(name)
                        order.append(name)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(OUT, "w") as out:
        # Static constructors (every `.text.startup` section) first: they all run at start-up.
        out.write(".text.startup\n")
        out.writelines(f".text.{name}\n" for name in order)
        # Private functions (outlined copies, object destructors) have no symbol for callgrind
        # to name, and their section names repeat across objects: all of them, after the list.
        out.write(".text..L*\n")
    print(f"startup-order: {len(order)} functions written to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
