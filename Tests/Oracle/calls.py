"""The oracle's call table and the app's capability: what both sides are asked, and under what grant.

Each call is a dict: `id` (unique, stable: known.json names it), `area` (for the tally), `cmd`
(the IPC command as `invoke` takes it), `args` (the named arguments; default `{}`), and optionally
`headers` (invoke's `options.headers`), `raw` (a text sent as the raw body instead of `args`,
as fs's `writeTextFile` sends it) and `rid` (the answer is a resource id: Tauri 2.8.5 draws them
at random, so only "a number" is compared).

Placeholders inside `args`, filled by each side in its own way:
- `{"$callback": True}`: a callback id (the page's `transformCallback`, the bridge a number); what
  it receives is compared as the extra outcome `<id>.delivered`;
- `{"$channel": True}`: a `Channel` (the page's `Channel`, the bridge `__CHANNEL__:N`);
- `{"$ref": ID, "key": K}`: the result of the earlier call ID (its member K when given).

Calls run in table order, one at a time, on both sides: later calls depend on earlier ones
(a file written, then read; a listener added, then removed).
"""

from urllib.parse import quote

IDENTIFIER = "com.bridge.oracle"


def capabilities(port: int) -> dict[str, dict]:
    """The capability files of the app folder (name -> content), for the HTTP server on `port`."""
    origin = f"http://127.0.0.1:{port}"
    return {
        "oracle.json": {
            "identifier": "oracle",
            "description": "What the oracle page may call: everything the suite expects to be allowed.",
            "windows": ["main"],
            "permissions": [
                "core:default",
                "pytauri:default",
                # denied by a deny permission: allowed and denied at once, deny wins
                "core:window:allow-set-title",
                "core:window:deny-set-title",
                "os:default",
                "os:allow-hostname",
                "clipboard-manager:allow-write-text",
                "clipboard-manager:allow-read-text",
                "notification:allow-is-permission-granted",
                "notification:allow-request-permission",
                # commands only the mobile plugins implement, granted to see the desktop answer
                "notification:allow-get-active",
                "notification:allow-list-channels",
                "opener:default",
                "opener:deny-open-url",
                "deep-link:default",
                "dialog:allow-message",
                {
                    "identifier": "http:default",
                    "allow": [{"url": f"{origin}/ok/*"}],
                    "deny": [{"url": f"{origin}/ok/secret*"}],
                },
                "fs:allow-read-text-file",
                "fs:allow-read-file",
                "fs:allow-write-text-file",
                "fs:allow-write-file",
                "fs:allow-exists",
                "fs:allow-size",
                "fs:allow-mkdir",
                "fs:allow-remove",
                "fs:allow-stat",
                "fs:allow-read-dir",
                "fs:allow-copy-file",
                "fs:allow-rename",
                "fs:allow-truncate",
                "fs:allow-read-text-file-lines",
                "fs:allow-read-text-file-lines-next",
                {
                    "identifier": "fs:scope",
                    "allow": [{"path": "$APPDATA"}, {"path": "$APPDATA/**"}],
                    "deny": [{"path": "$APPDATA/secret"}, {"path": "$APPDATA/secret/**"}],
                },
            ],
        },
        # grants the page must not get: another window's, and a remote origin's
        "other-window.json": {
            "identifier": "other-window",
            "windows": ["other"],
            "permissions": ["core:window:allow-minimize"],
        },
        "remote.json": {
            "identifier": "remote",
            "windows": ["main"],
            "remote": {"urls": ["https://example.com"]},
            "permissions": ["core:window:allow-maximize"],
        },
    }


def _call(area: str, id: str, cmd: str, args: dict | None = None, **extra) -> dict:
    call = {"id": id, "area": area, "cmd": cmd, "args": {} if args is None else args}
    call.update(extra)
    return call


CALLBACK = {"$callback": True}
CHANNEL = {"$channel": True}


def ref(id: str, key: str | None = None) -> dict:
    return {"$ref": id} if key is None else {"$ref": id, "key": key}


def _app() -> list[dict]:
    a = "app"
    return [
        _call(a, "app.version", "plugin:app|version"),
        _call(a, "app.name", "plugin:app|name"),
        _call(a, "app.tauri_version", "plugin:app|tauri_version"),
        _call(a, "app.identifier", "plugin:app|identifier"),
        _call(a, "app.bundle_type", "plugin:app|bundle_type"),
        _call(a, "app.default_window_icon", "plugin:app|default_window_icon"),
        _call(a, "app.app_show.not_granted", "plugin:app|app_show"),
        _call(a, "app.app_hide.not_granted", "plugin:app|app_hide"),
        _call(a, "app.set_app_theme.not_granted", "plugin:app|set_app_theme", {"theme": "dark"}),
        _call(a, "app.fetch_data_store_identifiers", "plugin:app|fetch_data_store_identifiers"),
        _call(a, "app.nope", "plugin:app|nope"),
    ]


# BaseDirectory as tauri 2.8.5 numbers it (crates/tauri/src/path/mod.rs): 1 Audio … 24 Home? The
# table asks every number from 0 to 25 so both ends of the enum are seen.
def _path() -> list[dict]:
    a = "path"
    calls = [_call(a, f"path.resolve_directory.{n}", "plugin:path|resolve_directory", {"directory": n}) for n in range(0, 26)]
    calls += [
        _call(a, "path.resolve_directory.with_path", "plugin:path|resolve_directory", {"directory": 14, "path": "a/b.txt"}),
        _call(a, "path.resolve_directory.with_abs_path", "plugin:path|resolve_directory", {"directory": 14, "path": "/etc/x"}),
        _call(a, "path.resolve_directory.with_dotdot", "plugin:path|resolve_directory", {"directory": 14, "path": "../x"}),
        _call(a, "path.resolve.relative", "plugin:path|resolve", {"paths": ["a", "b"]}),
        _call(a, "path.resolve.absolute", "plugin:path|resolve", {"paths": ["/a", "../b", "./c"]}),
        _call(a, "path.resolve.empty", "plugin:path|resolve", {"paths": []}),
    ]
    for i, p in enumerate(["", ".", "/a/./b/../c", "a//b", "../a", "a/b/", "/..", "~/x"]):
        calls.append(_call(a, f"path.normalize.{i}", "plugin:path|normalize", {"path": p}))
    for i, ps in enumerate([["a", "b"], ["/a", "/b"], ["a", "", "b"], ["a/", "b"], [], ["a", "..", "b"], ["/", "x.txt"]]):
        calls.append(_call(a, f"path.join.{i}", "plugin:path|join", {"paths": ps}))
    for i, p in enumerate(["/a/b/c.txt", "a", "/", "", "a/b/"]):
        calls.append(_call(a, f"path.dirname.{i}", "plugin:path|dirname", {"path": p}))
    for i, p in enumerate(["a.txt", "a.tar.gz", ".bashrc", "a", "", "/a.b/c"]):
        calls.append(_call(a, f"path.extname.{i}", "plugin:path|extname", {"path": p}))
    for i, args in enumerate([
        {"path": "/a/b.txt"},
        {"path": "/a/b.txt", "ext": ".txt"},
        {"path": "/a/b.txt", "ext": "txt"},
        {"path": "/"},
        {"path": ""},
        {"path": "a/b/"},
    ]):
        calls.append(_call(a, f"path.basename.{i}", "plugin:path|basename", args))
    for i, p in enumerate(["/a", "a", "", "~/a", "./a"]):
        calls.append(_call(a, f"path.is_absolute.{i}", "plugin:path|is_absolute", {"path": p}))
    calls.append(_call(a, "path.isAbsolute.camel", "plugin:path|isAbsolute", {"path": "/a"}))
    return calls


def _event() -> list[dict]:
    """Listeners of every target kind, then emits to every target kind: each listener's
    deliveries are compared too (`<listen id>.delivered`, in the order they came)."""
    a = "event"

    def listen(name: str, target, event: str = "oracle") -> dict:
        return _call(a, f"event.listen.{name}", "plugin:event|listen", {"event": event, "target": target, "handler": CALLBACK})

    calls = [
        listen("any", {"kind": "Any"}),
        listen("any_label", {"kind": "AnyLabel", "label": "main"}),
        listen("app", {"kind": "App"}),
        listen("window", {"kind": "Window", "label": "main"}),
        listen("webview", {"kind": "Webview", "label": "main"}),
        listen("webview_window", {"kind": "WebviewWindow", "label": "main"}),
        listen("other_window", {"kind": "Window", "label": "other"}),
        listen("gone", {"kind": "Any"}),
        listen("chars", {"kind": "Any"}, "oracle/two:x_y-z"),
        listen("bad_name", {"kind": "Any"}, "bad name"),
        _call(a, "event.listen.no_handler", "plugin:event|listen", {"event": "oracle", "target": {"kind": "Any"}}),
        _call(a, "event.unlisten", "plugin:event|unlisten", {"event": "oracle", "eventId": ref("event.listen.gone")}),
        _call(a, "event.unlisten.again", "plugin:event|unlisten", {"event": "oracle", "eventId": ref("event.listen.gone")}),
        _call(a, "event.unlisten.unknown", "plugin:event|unlisten", {"event": "oracle", "eventId": 9999}),
        _call(a, "event.emit.payload", "plugin:event|emit", {"event": "oracle", "payload": "emit"}),
        _call(a, "event.emit.no_payload", "plugin:event|emit", {"event": "oracle"}),
        _call(a, "event.emit.chars", "plugin:event|emit", {"event": "oracle/two:x_y-z", "payload": {"nested": [1, 2]}}),
        _call(a, "event.emit.bad_name", "plugin:event|emit", {"event": "bad name!"}),
        _call(a, "event.emit.missing", "plugin:event|emit", {}),
    ]
    targets = {
        "any": {"kind": "Any"},
        "any_label": {"kind": "AnyLabel", "label": "main"},
        "any_label_other": {"kind": "AnyLabel", "label": "other"},
        "app": {"kind": "App"},
        "window": {"kind": "Window", "label": "main"},
        "webview": {"kind": "Webview", "label": "main"},
        "webview_window": {"kind": "WebviewWindow", "label": "main"},
        "window_unknown": {"kind": "Window", "label": "nosuch"},
        "bogus_kind": {"kind": "Bogus"},
        "no_label": {"kind": "Window"},
        "string": "main",
    }
    for name, target in targets.items():
        calls.append(_call(a, f"event.emit_to.{name}", "plugin:event|emit_to", {"target": target, "event": "oracle", "payload": f"to {name}"}))
    return calls


def _window() -> list[dict]:
    a = "window"
    getters = [
        "scale_factor", "inner_position", "outer_position", "inner_size", "outer_size",
        "is_fullscreen", "is_minimized", "is_maximized", "is_focused", "is_decorated",
        "is_resizable", "is_maximizable", "is_minimizable", "is_closable", "is_visible",
        "is_enabled", "title", "theme", "is_always_on_top",
        "current_monitor", "primary_monitor", "available_monitors",
    ]
    calls = [_call(a, f"window.{g}", f"plugin:window|{g}", {"label": "main"}) for g in getters]
    calls += [
        _call(a, "window.get_all_windows", "plugin:window|get_all_windows"),
        _call(a, "window.title.unknown_label", "plugin:window|title", {"label": "nosuch"}),
        _call(a, "window.title.no_label", "plugin:window|title"),
        _call("webview", "webview.get_all_webviews", "plugin:webview|get_all_webviews"),
        _call("webview", "webview.webview_position", "plugin:webview|webview_position", {"label": "main"}),
        _call("webview", "webview.webview_size", "plugin:webview|webview_size", {"label": "main"}),
    ]
    return calls


def _image_resources() -> list[dict]:
    a = "image"
    rgba = [255, 0, 0, 255] * 4
    return [
        _call(a, "image.new", "plugin:image|new", {"rgba": rgba, "width": 2, "height": 2}, rid=True),
        _call(a, "image.size", "plugin:image|size", {"rid": ref("image.new")}),
        _call(a, "image.rgba", "plugin:image|rgba", {"rid": ref("image.new")}),
        _call(a, "image.new.short", "plugin:image|new", {"rgba": [1, 2, 3], "width": 2, "height": 2}, rid=True),
        _call(a, "image.new.missing_width", "plugin:image|new", {"rgba": rgba, "height": 2}),
        _call(a, "image.from_bytes.garbage", "plugin:image|from_bytes", {"bytes": [1, 2, 3]}),
        _call(a, "image.from_path.missing", "plugin:image|from_path", {"path": "/nonexistent/oracle.png"}),
        _call(a, "image.size.unknown_rid", "plugin:image|size", {"rid": 4242}),
        _call("resources", "resources.close", "plugin:resources|close", {"rid": ref("image.new")}),
        _call("resources", "resources.size_after_close", "plugin:image|size", {"rid": ref("image.new")}),
        _call("resources", "resources.close_again", "plugin:resources|close", {"rid": ref("image.new")}),
        _call("resources", "resources.close.missing_rid", "plugin:resources|close", {}),
    ]


def _acl() -> list[dict]:
    a = "acl"
    return [
        _call(a, "acl.allowed", "plugin:app|version"),
        _call(a, "acl.denied_by_deny", "plugin:window|set_title", {"label": "main", "value": "x"}),
        _call(a, "acl.not_granted.core", "plugin:window|close", {"label": "main"}),
        _call(a, "acl.not_granted.plugin", "plugin:clipboard-manager|clear"),
        _call(a, "acl.unknown_command", "plugin:os|nope"),
        _call(a, "acl.unknown_plugin", "plugin:nope|x"),
        _call(a, "acl.unknown_core_command", "plugin:window|nope", {"label": "main"}),
        _call(a, "acl.app_command_not_found", "nope_cmd"),
        _call(a, "acl.granted_not_a_command", "plugin:os|platform"),
        _call(a, "acl.granted_not_a_command.arch", "plugin:os|arch"),
        _call(a, "acl.compiled_not_initialised", "plugin:shell|execute", {"program": "true", "args": []}),
        _call(a, "acl.opener.deny", "plugin:opener|open_url", {"url": "https://example.com"}),
        _call(a, "acl.opener.not_granted", "plugin:opener|open_path", {"path": "/tmp"}),
        _call(a, "acl.dialog.not_granted", "plugin:dialog|open", {"options": {}}),
        _call(a, "acl.deep_link.not_granted", "plugin:deep-link|register", {"protocol": "oracle"}),
        _call(a, "acl.fs.not_granted", "plugin:fs|lstat", {"path": "a", "options": {"baseDir": 14}}),
        _call(a, "acl.other_window_grant", "plugin:window|minimize", {"label": "main"}),
        _call(a, "acl.remote_grant", "plugin:window|maximize", {"label": "main"}),
        _call(a, "acl.empty_plugin", "plugin:|x"),
        _call(a, "acl.uppercase", "plugin:OS|hostname"),
    ]


def _binding() -> list[dict]:
    a = "binding"
    return [
        _call(a, "binding.missing_key", "plugin:path|resolve_directory", {}),
        _call(a, "binding.wrong_type.string", "plugin:path|resolve_directory", {"directory": "x"}),
        _call(a, "binding.wrong_type.negative", "plugin:path|resolve_directory", {"directory": -1}),
        _call(a, "binding.wrong_type.float", "plugin:path|resolve_directory", {"directory": 1.5}),
        _call(a, "binding.wrong_type.null", "plugin:path|resolve_directory", {"directory": None}),
        _call(a, "binding.extra_key", "plugin:path|resolve_directory", {"directory": 14, "extra": 1}),
        _call(a, "binding.snake_case_key", "plugin:path|resolve_directory", {"directory": 14, "base_dir": 1}),
        _call(a, "binding.join.wrong_type", "plugin:path|join", {"paths": "a"}),
        _call(a, "binding.join.item_type", "plugin:path|join", {"paths": ["a", 1]}),
        _call(a, "binding.basename.wrong_type", "plugin:path|basename", {"path": 1}),
        _call(a, "binding.basename.ext_null", "plugin:path|basename", {"path": "/a/b.txt", "ext": None}),
        _call(a, "binding.clipboard.missing", "plugin:clipboard-manager|write_text", {}),
        _call(a, "binding.fs.wrong_type", "plugin:fs|exists", {"path": 5}),
        _call(a, "binding.fs.options_type", "plugin:fs|exists", {"path": "x", "options": {"baseDir": "AppData"}}),
        _call(a, "binding.dialog.missing", "plugin:dialog|message", {}),
        _call(a, "binding.http.missing", "plugin:http|fetch", {}),
        _call(a, "binding.unlisten.missing", "plugin:event|unlisten", {"event": "oracle"}),
        _call(a, "binding.emit_to.missing_target", "plugin:event|emit_to", {"event": "oracle"}),
    ]


def _fs_headers(path: str, options: dict) -> dict:
    import json
    return {"path": quote(path, safe=""), "options": json.dumps(options)}


def _fs() -> list[dict]:
    a = "fs"
    app = {"baseDir": 14}
    return [
        _call(a, "fs.mkdir.recursive", "plugin:fs|mkdir", {"path": "work", "options": {"baseDir": 14, "recursive": True}}),
        _call(a, "fs.mkdir.exists", "plugin:fs|mkdir", {"path": "work", "options": app}),
        _call(a, "fs.write_text_file", "plugin:fs|write_text_file", raw="hello oracle", headers=_fs_headers("work/a.txt", app)),
        _call(a, "fs.read_text_file", "plugin:fs|read_text_file", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.read_file", "plugin:fs|read_file", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.exists.true", "plugin:fs|exists", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.exists.false", "plugin:fs|exists", {"path": "work/none.txt", "options": app}),
        _call(a, "fs.stat", "plugin:fs|stat", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.stat.dir", "plugin:fs|stat", {"path": "work", "options": app}),
        _call(a, "fs.stat.missing", "plugin:fs|stat", {"path": "work/none.txt", "options": app}),
        _call(a, "fs.read_dir", "plugin:fs|read_dir", {"path": "work", "options": app}),
        _call(a, "fs.write_file", "plugin:fs|write_file", raw="bytes", headers=_fs_headers("work/b.bin", app)),
        _call(a, "fs.read_text_file.b", "plugin:fs|read_text_file", {"path": "work/b.bin", "options": app}),
        _call(a, "fs.copy_file", "plugin:fs|copy_file", {"fromPath": "work/a.txt", "toPath": "work/c.txt", "options": {"fromPathBaseDir": 14, "toPathBaseDir": 14}}),
        _call(a, "fs.rename", "plugin:fs|rename", {"oldPath": "work/c.txt", "newPath": "work/d.txt", "options": {"oldPathBaseDir": 14, "newPathBaseDir": 14}}),
        _call(a, "fs.truncate", "plugin:fs|truncate", {"path": "work/d.txt", "len": 5, "options": app}),
        _call(a, "fs.read_text_file.truncated", "plugin:fs|read_text_file", {"path": "work/d.txt", "options": app}),
        _call(a, "fs.copy_file.denied", "plugin:fs|copy_file", {"fromPath": "work/a.txt", "toPath": "secret/a.txt", "options": {"fromPathBaseDir": 14, "toPathBaseDir": 14}}),
        _call(a, "fs.rename.outside", "plugin:fs|rename", {"oldPath": "work/d.txt", "newPath": "/tmp/oracle-escaped.txt", "options": {"oldPathBaseDir": 14}}),
        _call(a, "fs.read_text_file_lines", "plugin:fs|read_text_file_lines", {"path": "work/a.txt", "options": app}, rid=True),
        _call(a, "fs.read_text_file_lines_next", "plugin:fs|read_text_file_lines_next", {"rid": ref("fs.read_text_file_lines")}),
        _call(a, "fs.read_text_file_lines_next.end", "plugin:fs|read_text_file_lines_next", {"rid": ref("fs.read_text_file_lines")}),
        _call(a, "fs.read_text_file.missing", "plugin:fs|read_text_file", {"path": "work/none.txt", "options": app}),
        _call(a, "fs.mkdir.denied", "plugin:fs|mkdir", {"path": "secret", "options": app}),
        _call(a, "fs.write_text_file.denied", "plugin:fs|write_text_file", raw="no", headers=_fs_headers("secret/x.txt", app)),
        _call(a, "fs.exists.outside", "plugin:fs|exists", {"path": "/etc/passwd"}),
        _call(a, "fs.read_text_file.outside", "plugin:fs|read_text_file", {"path": "/etc/hostname"}),
        _call(a, "fs.read_text_file.home", "plugin:fs|read_text_file", {"path": ".profile", "options": {"baseDir": 21}}),
        _call(a, "fs.read_text_file.dotdot", "plugin:fs|read_text_file", {"path": "work/../work/a.txt", "options": app}),
        _call(a, "fs.exists.dotdot_abs", "plugin:fs|exists", {"path": "/tmp/../etc/passwd"}),
        _call(a, "fs.exists.dotfile", "plugin:fs|exists", {"path": ".hidden", "options": app}),
        _call(a, "fs.exists.no_base", "plugin:fs|exists", {"path": "work/a.txt"}),
        # fs ≥ 2.1's size: a file, a folder summed (a.txt 12 + b.bin 5 + d.txt 5), nothing there.
        _call(a, "fs.size.file", "plugin:fs|size", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.size.dir", "plugin:fs|size", {"path": "work", "options": app}),
        _call(a, "fs.size.missing", "plugin:fs|size", {"path": "work/none.txt", "options": app}),
        _call(a, "fs.remove.file", "plugin:fs|remove", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.exists.after_remove", "plugin:fs|exists", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.remove.missing", "plugin:fs|remove", {"path": "work/a.txt", "options": app}),
        _call(a, "fs.remove.non_empty", "plugin:fs|remove", {"path": "work", "options": app}),
        _call(a, "fs.remove.recursive", "plugin:fs|remove", {"path": "work", "options": {"baseDir": 14, "recursive": True}}),
        _call(a, "fs.read_dir.missing", "plugin:fs|read_dir", {"path": "work", "options": app}),
        _call(a, "fs.watch", "plugin:fs|watch", {"paths": ["x"], "options": {"baseDir": 14}, "onEvent": CHANNEL}),
    ]


def _os() -> list[dict]:
    a = "os"
    return [
        _call(a, "os.locale", "plugin:os|locale"),
        _call(a, "os.hostname", "plugin:os|hostname"),
        _call(a, "os.version", "plugin:os|version"),
        _call(a, "os.family", "plugin:os|family"),
    ]


def _clipboard() -> list[dict]:
    a = "clipboard"
    return [
        _call(a, "clipboard.write_text", "plugin:clipboard-manager|write_text", {"text": "oracle clip"}),
        _call(a, "clipboard.read_text", "plugin:clipboard-manager|read_text"),
        _call(a, "clipboard.write_text.label", "plugin:clipboard-manager|write_text", {"text": "second", "label": "x"}),
        _call(a, "clipboard.read_text.again", "plugin:clipboard-manager|read_text"),
        _call(a, "clipboard.read_image.not_granted", "plugin:clipboard-manager|read_image"),
    ]


def _misc_plugins() -> list[dict]:
    return [
        _call("notification", "notification.is_permission_granted", "plugin:notification|is_permission_granted"),
        _call("notification", "notification.request_permission", "plugin:notification|request_permission"),
        _call("notification", "notification.notify.not_granted", "plugin:notification|notify", {"options": {"title": "x"}}),
        _call("notification", "notification.get_active.mobile", "plugin:notification|get_active"),
        _call("notification", "notification.list_channels.mobile", "plugin:notification|list_channels"),
        _call("app", "app.register_listener.mobile", "plugin:app|register_listener", {"event": "back-button", "handler": CHANNEL}),
        _call("deep-link", "deep_link.get_current", "plugin:deep-link|get_current"),
        _call("deep-link", "deep_link.is_registered.not_granted", "plugin:deep-link|is_registered", {"protocol": "oracle"}),
        # a valid message() waits for a person: known.json skips it, only refusals are asked
        _call("dialog", "dialog.message.wrong_type", "plugin:dialog|message", {"message": 1}),
        _call("dialog", "dialog.message.ok", "plugin:dialog|message", {"message": "hello", "title": "oracle"}),
        _call("opener", "opener.reveal.missing", "plugin:opener|reveal_item_in_dir", {"paths": ["/nonexistent/oracle"]}),
    ]


def _http(port: int) -> list[dict]:
    a = "http"
    base = f"http://127.0.0.1:{port}"

    def fetch(id: str, path: str, method: str = "GET", data=None, headers=None) -> dict:
        return _call(a, id, "plugin:http|fetch", {"clientConfig": {
            "method": method, "url": base + path, "headers": headers or [], "data": data}}, rid=True)

    return [
        fetch("http.fetch.ok", "/ok/hello"),
        _call(a, "http.fetch_send.ok", "plugin:http|fetch_send", {"rid": ref("http.fetch.ok")}),
        _call(a, "http.fetch_read_body.ok", "plugin:http|fetch_read_body", {"rid": ref("http.fetch_send.ok", "rid"), "streamChannel": CHANNEL}),
        _call(a, "http.fetch_read_body.no_channel", "plugin:http|fetch_read_body", {"rid": ref("http.fetch_send.ok", "rid")}),
        fetch("http.fetch.post", "/ok/echo", "POST", data=list(b"ping"), headers=[["content-type", "text/plain"]]),
        _call(a, "http.fetch_send.post", "plugin:http|fetch_send", {"rid": ref("http.fetch.post")}),
        fetch("http.fetch.404", "/ok/missing"),
        _call(a, "http.fetch_send.404", "plugin:http|fetch_send", {"rid": ref("http.fetch.404")}),
        fetch("http.fetch.redirect_out", "/ok/redirect"),
        _call(a, "http.fetch_send.redirect_out", "plugin:http|fetch_send", {"rid": ref("http.fetch.redirect_out")}),
        fetch("http.fetch.denied", "/ok/secret"),
        fetch("http.fetch.out_of_scope", "/other"),
        _call(a, "http.fetch.bad_url", "plugin:http|fetch", {"clientConfig": {"method": "GET", "url": "not a url", "headers": []}}),
        _call(a, "http.fetch.data_url", "plugin:http|fetch", {"clientConfig": {"method": "GET", "url": "data:text/plain,hi", "headers": []}}, rid=True),
        _call(a, "http.fetch_send.unknown_rid", "plugin:http|fetch_send", {"rid": 4242}),
        _call(a, "http.fetch_cancel.unknown_rid", "plugin:http|fetch_cancel", {"rid": 4242}),
        # a resource the bridge does hold: the data: URL's request
        _call("resources", "resources.close.http", "plugin:resources|close", {"rid": ref("http.fetch.data_url")}),
        _call("resources", "resources.send_after_close.http", "plugin:http|fetch_send", {"rid": ref("http.fetch.data_url")}),
        _call("resources", "resources.close_again.http", "plugin:resources|close", {"rid": ref("http.fetch.data_url")}),
    ]


def _ipc(a: str, id: str, cmd: str, method: str = "POST", body: str | None = "{}", drop: tuple = (),
         key: str = "$key", content_type: str = "application/json") -> dict:
    """A raw request to the IPC custom protocol, sent by the page's own `fetch` (Tauri: to
    `ipc://localhost/<cmd>`) and by http.client (the bridge: `POST /<cmd>`). `key` `$key` is each
    side's invoke key; `drop` names headers left out. The outcome is the HTTP status, the
    `Tauri-Response` and `Content-Type` headers and the body text, or a timeout."""
    headers = {"Content-Type": content_type, "Tauri-Callback": "4242", "Tauri-Error": "4343", "Tauri-Invoke-Key": key}
    headers = {k: v for k, v in headers.items() if k not in drop}
    if method != "POST":
        headers = {}
    return {"id": id, "area": a, "cmd": cmd, "args": {}, "ipc": {"method": method, "headers": headers, "body": body}}


def _ipc_protocol() -> list[dict]:
    """The IPC custom protocol itself, below `invoke`: what a request gets, good and bad."""
    a = "ipc-protocol"
    app = {"baseDir": 14}
    read = '{"path": "ipc.txt", "options": {"baseDir": 14}}'
    return [
        _call(a, "ipc.setup.write", "plugin:fs|write_text_file", raw="raw ipc", headers=_fs_headers("ipc.txt", app)),
        _ipc(a, "ipc.ok.json", "plugin:path|resolve_directory", body='{"directory": 14}'),
        _ipc(a, "ipc.ok.hostname", "plugin:os|hostname"),
        _ipc(a, "ipc.error.unknown_command", "plugin:os|no_such_command"),
        _ipc(a, "ipc.error.not_granted", "plugin:clipboard-manager|read_image"),
        _ipc(a, "ipc.raw.read_file", "plugin:fs|read_file", body=read),
        _ipc(a, "ipc.missing_key", "plugin:os|hostname", drop=("Tauri-Invoke-Key",)),
        _ipc(a, "ipc.wrong_key", "plugin:os|hostname", key="0123456789abcdef"),
        _ipc(a, "ipc.missing_callback", "plugin:os|hostname", drop=("Tauri-Callback",)),
        _ipc(a, "ipc.missing_error", "plugin:os|hostname", drop=("Tauri-Error",)),
        _ipc(a, "ipc.bad_json", "plugin:os|hostname", body="{not json"),
        # serde_json's words and positions for each way a body is not JSON (Tauri answers them).
        *[_ipc(a, f"ipc.bad_json.{name}", "plugin:os|hostname", body=body) for name, body in [
            ("trailing_comma_object", '{"a": 1, }'), ("trailing_comma_list", '[1, 2,]'), ("eof_object", '{"a": 1'),
            ("eof_list", '[1, 2'), ("eof_string", '{"a": "x'), ("eof_value", '{"a": '), ("colon", '{"a" 1}'),
            ("list_comma", '[1 2]'), ("object_comma", '{"a": 1 "b": 2}'), ("ident", '{"a": nul}'), ("ident_eof", '[tru'),
            ("value", '{"a": @}'), ("trailing", '{} x'), ("escape", '{"a": "\\x"}'), ("hex", '{"a": "\\u12G4"}'),
            ("control", '{"a": "x\ty"}'), ("leading_zero", '[01]'), ("minus", '[-]'), ("fraction", '[1.]'),
            ("fraction_eof", '[1.'), ("exponent", '[1e+]'), ("out_of_range", '[1e400]'), ("lines", '{\n  "a": 1,\n  "b": ?\n}'),
            ("surrogate", '["\\ud800x"]'), ("lone_trail", '["\\udc00"]'), ("deep", '[' * 130 + ']' * 130),
        ]],
        _ipc(a, "ipc.options", "plugin:os|hostname", method="OPTIONS", body=None),
        _ipc(a, "ipc.get", "plugin:os|hostname", method="GET", body=None),
    ]


def calls(port: int) -> list[dict]:
    """Every call, in the order both sides run them."""
    table = (_app() + _path() + _event() + _window() + _image_resources() + _acl() + _binding()
             + _fs() + _os() + _clipboard() + _misc_plugins() + _http(port) + _ipc_protocol())
    ids = [c["id"] for c in table]
    assert len(ids) == len(set(ids)), "call ids must be unique"
    return table
