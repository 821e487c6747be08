#!/usr/bin/env python3
"""Removes a plugin as the architecture promises, in a copy of the package: its folder and its
one catalog line, nothing else; then the package builds and the plugin is gone.

A plugin is one folder (`Sources/Plugins/Official/Haptics/`) and one line of its catalog
(`OfficialPlugins.folders`): a file elsewhere that still names it is a failure, so is a build
that breaks. The built bridge then answers `plugin:haptics|vibrate` as Tauri answers a plugin that
is not installed, and still answers another plugin. Run by .ci/run; a few minutes (the copy
builds from scratch). Exit 0 when all holds.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Guide"))
from follow_guide import copy_package  # noqa: E402  (the guide's copy: tracked and new files, no .build)

FOLDER = "Sources/Plugins/Official/Haptics"
CATALOG = "Sources/Plugins/Official/OfficialPlugins.swift"
TYPE = "HapticsPlugin"


def fail(message):
    print(f"remove_plugin: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    dst = tempfile.mkdtemp(prefix="bridge-remove-")
    try:
        copy_package(dst)
        if not os.path.isdir(os.path.join(dst, FOLDER)):
            fail(f"{FOLDER} is not a folder: the plugin is not where the catalog says")
        shutil.rmtree(os.path.join(dst, FOLDER))
        catalog = os.path.join(dst, CATALOG)
        with open(catalog) as f:
            lines = f.read().split("\n")
        naming = [line for line in lines if f"{TYPE}." in line]
        if len(naming) != 1:
            fail(f"{CATALOG} names {TYPE} on {len(naming)} lines, not one: {naming}")
        with open(catalog, "w") as f:
            f.write("\n".join(line for line in lines if line not in naming))
        # Nothing else in the sources may name it (comments and help text aside: they name
        # the plugin as an example, not its code).
        for folder, _, files in os.walk(os.path.join(dst, "Sources")):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(folder, name)) as f:
                        if f"{TYPE}." in f.read():
                            fail(f"{os.path.relpath(os.path.join(folder, name), dst)} still names {TYPE}")
        built = subprocess.run(["swift", "build", "--product", "bridge"], cwd=dst, capture_output=True, text=True, timeout=1800)
        if built.returncode != 0:
            fail(f"the package does not build without the plugin:\n{built.stdout[-3000:]}{built.stderr[-2000:]}")
        bridge = os.path.join(dst, ".build", "debug", "bridge")
        gone = subprocess.run([bridge, "invoke", "plugin:haptics|vibrate", '{"duration":100}', "--platform", "android"],
                              capture_output=True, text=True, timeout=60)
        if gone.returncode != 1 or "Plugin not found" not in gone.stdout:
            fail(f"plugin:haptics|vibrate still answers without the plugin: {gone.stdout} {gone.stderr}")
        other = subprocess.run([bridge, "invoke", "plugin:os|locale", "--platform", "android"], capture_output=True, text=True, timeout=60)
        if other.returncode != 0 or other.stdout.strip() != '"en-US"':
            fail(f"another plugin no longer answers: {other.stdout} {other.stderr}")
        print(f"remove_plugin: deleting {FOLDER} and its catalog line removed the plugin; the package builds and the rest answers")
    finally:
        shutil.rmtree(dst, ignore_errors=True)


if __name__ == "__main__":
    main()
