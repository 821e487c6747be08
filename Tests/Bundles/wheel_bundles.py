#!/usr/bin/env python3
"""The real Tauri 2.8 front-end code, cut out of the installed pytauri-wheel at test time.

pytauri-wheel 0.8.0 is a release build of Tauri 2.8.5 and its plugins (Tests/Oracle). Its
`pytauri_wheel/ext_mod.*.so` keeps, as plain text, what a `withGlobalTauri` app is given:
- the `@tauri-apps/api` global bundle, `var __TAURI_IIFE__=function(e){…}({});window.__TAURI__=__TAURI_IIFE__;`
- each plugin's `api-iife.js`, as Tauri injects it:
  `if("__TAURI__"in window){var __TAURI_PLUGIN_FS__=…;Object.defineProperty(window.__TAURI__,"fs",{value:__TAURI_PLUGIN_FS__})}`
- plugin-os's init script (`Object.defineProperty(window, '__TAURI_OS_PLUGIN_INTERNALS__', …)`
  with `__TEMPLATE_<name>__` placeholders).
Each is found by what it assigns, not by an offset, and the crate versions are read from the
source paths the build left in the binary (`…/tauri-plugin-fs-2.4.2/src/…`), so a different wheel
is reported instead of silently tested. Nothing of it is committed: `extract()` writes the files
into a temporary folder.

Where the `.so` is: `PYTAURI_WHEEL` (the `.so`, a `.whl`, a venv or a site-packages folder), else
`.build/oracle-venv` (what Tests/Oracle/run.py installs), else the `.build/oracle-venv` of the main
checkout beside a worktree, else a `pip install pytauri-wheel==0.8.0` into `.build/oracle-venv`.
Not found: `Missing` — callers fail under CI=true and print a skip otherwise.

Usage: wheel_bundles.py [OUT_DIR] — extracts and prints the manifest (JSON).
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, ".build", "oracle-venv")
WHEEL = "pytauri-wheel==0.8.0"
TAURI = "2.8.5"
# The plugins the suites load, by the global name their bundle assigns, with the version the wheel
# compiles in (ORACLE.md) and the namespace the bundle defines on window.__TAURI__.
PLUGINS = {
    "fs": ("FS", "2.4.2", "fs"),
    "dialog": ("DIALOG", "2.3.3", "dialog"),
    "http": ("HTTP", "2.5.2", "http"),
    "notification": ("NOTIFICATION", "2.3.1", "notification"),
    "os": ("OS", "2.3.1", "os"),
    "clipboard-manager": ("CLIPBOARD_MANAGER", "2.3.0", "clipboardManager"),
    "deep-link": ("DEEP_LINK", "2.4.1", "deepLink"),
    "opener": ("OPENER", "2.5.0", "opener"),
}


class Missing(Exception):
    """The wheel or a bundle is not here (or not what was expected)."""


def ci():
    return os.environ.get("CI") == "true"


def _site_so(folder):
    hits = sorted(glob.glob(os.path.join(folder, "**", "pytauri_wheel", "ext_mod*.so"), recursive=True))
    return hits[0] if hits else None


def _from_wheel_file(path):
    with zipfile.ZipFile(path) as z:
        names = [n for n in z.namelist() if re.match(r"pytauri_wheel/ext_mod.*\.so$", n)]
        if not names:
            raise Missing(f"{path} has no pytauri_wheel/ext_mod*.so")
        return z.read(names[0]), f"{path}!{names[0]}"


def _main_checkout_venv():
    """The main checkout's venv, for a git worktree (its .git is a file naming the main one)."""
    dot_git = os.path.join(ROOT, ".git")
    if not os.path.isfile(dot_git):
        return None
    common = subprocess.run(["git", "-C", ROOT, "rev-parse", "--git-common-dir"], capture_output=True, text=True).stdout.strip()
    if not common:
        return None
    main = os.path.dirname(os.path.abspath(os.path.join(ROOT, common)))
    return os.path.join(main, ".build", "oracle-venv")


def _install():
    """pip-installs the wheel alone into .build/oracle-venv (Tests/Oracle/run.py adds the rest)."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        if subprocess.run([sys.executable, "-m", "venv", VENV], capture_output=True).returncode != 0:
            return None
    print(f"bundles: installing {WHEEL} into {VENV}", file=sys.stderr, flush=True)
    try:
        run = subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", WHEEL],
                             capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"bundles: pip install failed: {e}", file=sys.stderr)
        return None
    if run.returncode != 0:
        print(f"bundles: pip install failed: {run.stderr.strip()[-600:]}", file=sys.stderr)
        return None
    return _site_so(VENV)


def load_binary():
    """(bytes of ext_mod.so, where it came from). Raises Missing."""
    given = os.environ.get("PYTAURI_WHEEL")
    if given:
        if given.endswith(".whl"):
            return _from_wheel_file(given)
        so = given if os.path.isfile(given) else _site_so(given)
        if not so:
            raise Missing(f"PYTAURI_WHEEL={given} holds no pytauri_wheel/ext_mod*.so")
        with open(so, "rb") as f:
            return f.read(), so
    for venv in (VENV, _main_checkout_venv()):
        so = venv and os.path.isdir(venv) and _site_so(venv)
        if so:
            with open(so, "rb") as f:
                return f.read(), so
    so = _install()
    if so:
        with open(so, "rb") as f:
            return f.read(), so
    raise Missing(f"pytauri-wheel 0.8.0 is not installed (looked in PYTAURI_WHEEL, {VENV}; pip install failed): "
                  "run Tests/Oracle/run.py once, or set PYTAURI_WHEEL to its ext_mod*.so or .whl")


def crate_versions(data):
    """{crate: version} from the source paths the build left in the binary (`…/tauri-2.8.5/src/…`)."""
    found = {}
    for m in re.finditer(rb"/(tauri(?:-plugin-[a-z-]+?)?)-(\d+\.\d+\.\d+)/src/", data):
        found.setdefault(m.group(1).decode(), m.group(2).decode())
    return found


def _one(data, pattern, what):
    hits = list(re.finditer(pattern, data, re.S))
    if len(hits) != 1:
        raise Missing(f"{what}: expected exactly one match in the binary, found {len(hits)}")
    return hits[0].group(0).decode("utf-8")


def global_bundle(data):
    """`@tauri-apps/api`'s global bundle as withGlobalTauri injects it (assigns window.__TAURI__)."""
    text = _one(data, rb"var __TAURI_IIFE__=function\(.*?\}\(\{\}\);window\.__TAURI__=__TAURI_IIFE__;", "the global bundle")
    # 2.8-only names: app.getBundleType (api 2.8) beside 2.0's getTauriVersion.
    for name in ("getBundleType", "getTauriVersion", "runCallback"):
        if name not in text:
            raise Missing(f"the global bundle found has no {name}: not @tauri-apps/api 2.8")
    return text


def plugin_bundle(data, global_name, namespace):
    """A plugin's api-iife.js as Tauri injects it, from `if("__TAURI__"in window){var __TAURI_PLUGIN_<X>__=`
    to its `Object.defineProperty(window.__TAURI__,"<ns>",{value:__TAURI_PLUGIN_<X>__})}`."""
    g = re.escape(f"__TAURI_PLUGIN_{global_name}__".encode())
    ns = re.escape(json.dumps(namespace).encode())
    pattern = (rb'if\("__TAURI__"in window\)\{var ' + g + rb"=function\(.*?"
               rb"Object\.defineProperty\(window\.__TAURI__," + ns + rb",\{value:" + g + rb"\}\)\}")
    return _one(data, pattern, f"__TAURI_PLUGIN_{global_name}__")


def os_init_script(data):
    """plugin-os's init script, its `__TEMPLATE_<name>__` placeholders left as they are."""
    return _one(data, rb"// Copyright[^\n]*\n(?://[^\n]*\n|\n)*?Object\.defineProperty\(window, '__TAURI_OS_PLUGIN_INTERNALS__', \{.*?\n\}\)\n",
                "plugin-os's init script")


def extract(out_dir=None):
    """Writes the bundles into out_dir (a new temporary folder by default); returns the manifest
    {dir, source, tauri, global, plugins: {name: {file, version, namespace}}, os_init}. Raises Missing."""
    data, source = load_binary()
    versions = crate_versions(data)
    if versions.get("tauri") != TAURI:
        raise Missing(f"{source} is Tauri {versions.get('tauri')}, not {TAURI}")
    out_dir = out_dir or tempfile.mkdtemp(prefix="tauri-2.8-bundles-")
    os.makedirs(out_dir, exist_ok=True)

    def write(name, text):
        path = os.path.join(out_dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    manifest = {"dir": out_dir, "source": source, "tauri": versions["tauri"],
                "global": write("tauri-api-2.8.global.js", global_bundle(data)), "plugins": {}}
    for plugin, (global_name, expected, namespace) in PLUGINS.items():
        version = versions.get(f"tauri-plugin-{plugin}")
        if version != expected:
            raise Missing(f"{source} compiles in tauri-plugin-{plugin} {version}, not {expected}")
        manifest["plugins"][plugin] = {"file": write(f"{plugin}-{version}.api-iife.js", plugin_bundle(data, global_name, namespace)),
                                       "version": version, "namespace": namespace, "global": f"__TAURI_PLUGIN_{global_name}__"}
    manifest["os_init"] = write("os-init.js", os_init_script(data))
    return manifest


def extract_or_skip(skip_exception):
    """extract(), or: under CI=true an AssertionError (the wheel must be there), else skip_exception."""
    try:
        return extract()
    except Missing as e:
        if ci():
            raise AssertionError(f"the Tauri 2.8 bundles: {e}") from None
        raise skip_exception(f"the Tauri 2.8 bundles: {e}") from None


if __name__ == "__main__":
    try:
        print(json.dumps(extract(sys.argv[1] if len(sys.argv) > 1 else None), indent=2))
    except Missing as e:
        print(f"bundles: {'FAIL' if ci() else 'SKIP'}: {e}", file=sys.stderr)
        sys.exit(1 if ci() else 0)
