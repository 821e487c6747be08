"""The real Tauri side: runs the app folder with pytauri-wheel (Tauri 2.8.5, release build).

Usage: tauri_app.py APP_DIR CALLS_JSON OUT_JSON

The page (web/runner.js) fetches the call table through the `calls` Python command, runs
each call through `__TAURI_INTERNALS__.invoke`, and hands the outcomes to `report`, which
writes OUT_JSON and exits the app. Run by run.py under xvfb-run with a timeout.
"""

import json
import sys
from pathlib import Path

from anyio.from_thread import start_blocking_portal
from pytauri import AppHandle, Commands
from pytauri_plugins import (
    clipboard_manager,
    deep_link,
    dialog,
    fs,
    http,
    notification,
    opener,
)
from pytauri_plugins import os as os_plugin
from pytauri_wheel.lib import builder_factory, context_factory

app_dir = Path(sys.argv[1]).absolute()
calls = json.loads(Path(sys.argv[2]).read_text())
out_file = Path(sys.argv[3])

commands = Commands()


@commands.command("calls")
async def calls_table(body: bytes) -> bytes:
    return json.dumps(calls).encode()


@commands.command()
async def log(body: bytes) -> bytes:
    print("page:", body.decode(errors="replace"), file=sys.stderr)
    return b"null"


@commands.command()
async def report(body: bytes, app_handle: AppHandle) -> bytes:
    out_file.write_bytes(body)
    app_handle.exit(0)
    return b"null"


def main() -> None:
    with start_blocking_portal("asyncio") as portal:
        app = builder_factory().build(
            context_factory(app_dir),
            invoke_handler=commands.generate_handler(portal),
            plugins=[
                clipboard_manager.init(),
                deep_link.init(),
                dialog.init(),
                fs.init(),
                http.init(),
                notification.init(),
                opener.init(),
                os_plugin.init(),
            ],
        )
        app.run()


if __name__ == "__main__":
    main()
