#!/usr/bin/env python3
"""Regenerates the gallery: every scene of Tests/Browser/scenes.py rendered by the real bridge
(<name>.html) and photographed by headless Chromium (<name>.png), and README.md listing them.

Run from the repository root after `swift build`:  python3 docs/gallery/generate.py
(needs Chromium and websocket-client; .ci/run's venv has it: .build/ci-venv/bin/python).
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "Browser"))
import cdp  # noqa: E402
import scenes  # noqa: E402


def main():
    bridge = scenes.bridge_executable()
    cache = scenes.temporary_cache()
    rows = []
    try:
        with scenes.ImageHost() as host, cdp.Browser() as browser:
            page = browser.new_page(width=1320, height=1300)
            for name, (caption, *_rest) in scenes.SCENES.items():
                scenes.render(bridge, name, HERE, host.url, cache)
                os.remove(os.path.join(HERE, f"{name}.json"))  # its paths and timings are this run's
                page.open("file://" + os.path.join(HERE, f"{name}.html"))
                stage = page.evaluate("(() => { const b = document.querySelector('.stage').getBoundingClientRect();"
                                      " return {x: 0, y: 0, w: Math.ceil(b.right), h: Math.ceil(b.bottom)}; })()")
                with open(os.path.join(HERE, f"{name}.png"), "wb") as f:
                    f.write(page.capture(clip=stage))
                rows.append(f"| [{name}]({name}.html) | {caption} | ![{name}]({name}.png) |")
                print(f"gallery: {name}")
            page.close()
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    with open(os.path.join(HERE, "README.md"), "w") as f:
        f.write("# Gallery: what the sheet looks like\n\n"
                "Each rendering is `bridge render` of the record a real `bridge invoke share_text … --inspect` produced\n"
                "(the icon and thumbnail downloaded from a local server); the picture is headless Chromium's.\n"
                "Regenerate with `python3 docs/gallery/generate.py` after `swift build`.\n\n"
                "| rendering | what it shows | picture |\n|---|---|---|\n" + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
