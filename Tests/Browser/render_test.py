#!/usr/bin/env python3
"""Browser tests of `bridge render`: each scene is rendered by the real bridge, opened in headless
Chromium over the DevTools protocol, and checked for what a person must see — the title's text in
the DOM and visible (not covered), the icon's pixels where the header is, the popover at its
anchor, the chooser's header with and without a thumbnail or a chooser title — and that nothing
loads over the network, no script runs, and the buttons have their accessible names.

Run: python3 Tests/Browser/render_test.py (needs `swift build`, Chromium and websocket-client).
"""
import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
import scenes  # noqa: E402

GEOMETRY = """(sel => { const e = document.querySelector(sel); if (!e) return null;
  const b = e.getBoundingClientRect(), s = getComputedStyle(e);
  const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  return {x: b.x, y: b.y, w: b.width, h: b.height, text: e.textContent, visibility: s.visibility,
          opacity: s.opacity, display: s.display, uncovered: !!hit && (hit === e || e.contains(hit))}; })(%s)"""


class RenderInBrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = tempfile.mkdtemp(prefix="bridge-render-test-")
        cls.cache = scenes.temporary_cache()
        cls.host = scenes.ImageHost()
        bridge = scenes.bridge_executable()
        cls.records = {name: scenes.render(bridge, name, cls.out, cls.host.url, cls.cache) for name in scenes.SCENES}
        cls.browser = cdp.Browser()
        cls.page = cls.browser.new_page(width=1320, height=1260)
        cls.page.call("Network.enable")

    @classmethod
    def tearDownClass(cls):
        cls.page.close()
        cls.browser.close()
        cls.host.__exit__()
        shutil.rmtree(cls.out, ignore_errors=True)
        shutil.rmtree(cls.cache, ignore_errors=True)

    def open(self, name):
        self.page.open("file://" + os.path.join(self.out, f"{name}.html"))

    def geometry(self, selector):
        return self.page.evaluate(GEOMETRY % json.dumps(selector))

    def pixels(self, g):
        """The screenshot of the rectangle g, as rows of (r, g, b)."""
        return cdp.decode_png(self.page.capture(clip=g))[2]

    @staticmethod
    def is_logo(pixel):
        return all(abs(a - b) <= 16 for a, b in zip(pixel, scenes.LOGO_RGB))

    def assertVisibleText(self, selector, text, within=".screen"):
        g = self.geometry(selector)
        self.assertIsNotNone(g, f"{selector} is not in the DOM")
        self.assertEqual(g["text"], text)
        self.assertGreater(g["w"], 10)
        self.assertGreater(g["h"], 8)
        self.assertEqual((g["visibility"], g["opacity"]), ("visible", "1"))
        self.assertTrue(g["uncovered"], f"{selector} is covered by another element")
        screen = self.geometry(within)
        self.assertTrue(screen["x"] <= g["x"] and g["x"] + g["w"] <= screen["x"] + screen["w"] + 0.5
                        and screen["y"] <= g["y"] and g["y"] + g["h"] <= screen["y"] + screen["h"] + 0.5,
                        f"{selector} is outside {within}: {g} not in {screen}")
        return g

    def assertLogoAt(self, selector):
        g = self.geometry(selector)
        self.assertIsNotNone(g, f"{selector} is not in the DOM")
        self.assertGreaterEqual(g["w"], 40)
        rows = self.pixels(g)
        pixel = rows[len(rows) // 2][len(rows[0]) // 2]
        self.assertTrue(self.is_logo(pixel),
                        f"the centre of {selector} is {pixel}, not the logo's {scenes.LOGO_RGB}")
        return g

    def logo_pixels_in(self, g):
        return sum(1 for row in self.pixels(g) for pixel in row if self.is_logo(pixel))

    def test_iphone_bottom_sheet_title_and_icon(self):
        self.open("ios-iphone-messages")
        self.assertVisibleText("[data-role=title]", "Frak Wallet")
        self.assertVisibleText("[data-role=subtitle]", "frak.id")
        header = self.geometry(".sheet-header")
        icon = self.assertLogoAt(".sheet-header [data-role=icon]")
        self.assertTrue(header["y"] <= icon["y"] and icon["y"] + icon["h"] <= header["y"] + header["h"])
        sheet, screen = self.geometry(".bottom-sheet"), self.geometry(".screen")
        self.assertAlmostEqual(sheet["y"] + sheet["h"], screen["y"] + screen["h"], delta=1)
        self.assertGreater(sheet["y"], screen["y"] + screen["h"] / 3, "the sheet should sit in the lower part of the screen")
        self.assertVisibleText("[data-role=link-card] .card-title", "Frak Wallet", within=".outcome")

    def test_iphone_without_icon_shows_the_placeholder(self):
        self.open("ios-iphone-no-icon")
        g = self.geometry(".sheet-header [data-role=icon]")
        self.assertEqual(self.page.evaluate("document.querySelector('.sheet-header [data-role=icon]').dataset.icon"), "placeholder")
        self.assertEqual(self.logo_pixels_in(g), 0)
        self.assertVisibleText("[data-role=title]", "Frak Wallet")

    def test_ipad_popover_is_centred_on_its_anchor(self):
        self.open("ios-ipad-mail")
        record = self.records["ios-ipad-mail"]
        anchor = record["popover"]["sourceRect"]
        self.assertEqual(record["popover"]["permittedArrowDirections"], [])
        screen, popover = self.geometry(".screen"), self.geometry(".popover")
        self.assertAlmostEqual(popover["x"] + popover["w"] / 2, screen["x"] + anchor["x"], delta=1)
        self.assertAlmostEqual(popover["y"] + popover["h"] / 2, screen["y"] + anchor["y"], delta=1)
        self.assertTrue(screen["x"] < popover["x"] and popover["x"] + popover["w"] < screen["x"] + screen["w"])
        self.assertEqual(self.page.evaluate("document.querySelector('.popover').dataset.arrow"), "none")
        self.assertIsNone(self.geometry(".bottom-sheet"))
        self.assertVisibleText("[data-role=title]", "Frak Wallet")
        self.assertLogoAt(".popover .sheet-header [data-role=icon]")
        self.assertVisibleText("[data-role=mail-subject]", "Frak Wallet", within=".outcome")

    def test_android_header_with_thumbnail(self):
        self.open("android-thumbnail")
        self.assertEqual(self.records["android-thumbnail"]["thumbnail"]["outcome"], "downloaded")
        self.assertVisibleText(".preview-title [data-role=title]", "Frak Wallet")
        self.assertLogoAt(".preview-title [data-role=icon]")
        self.assertVisibleText("[data-role=text]", "Join me on Frak\nhttps://frak.id/invite?ref=alice")

    def test_android_header_without_thumbnail(self):
        self.open("android-no-thumbnail")
        self.assertVisibleText(".preview-title [data-role=title]", "Frak Wallet")
        self.assertIsNone(self.geometry("[data-role=icon]"))
        self.assertEqual(self.logo_pixels_in(self.geometry(".chooser")), 0)

    def test_android_chooser_title_replaces_the_preview(self):
        self.open("android-chooser-title")
        self.assertVisibleText("[data-role=chooser-title]", "Share via")
        self.assertIsNone(self.geometry("[data-role=content-preview]"))
        self.assertEqual(self.logo_pixels_in(self.geometry(".chooser")), 0, "the thumbnail must be gone with the preview")

    def test_share_header_is_the_records_with_the_images_pixels(self):
        # seed 002: LPLinkMetadata's title, the subtitle trick, the first image as the icon.
        self.open("ios-share-files-airdrop")
        header = self.records["ios-share-files-airdrop"]["header"]
        self.assertEqual((header["title"], header["subtitle"]), ("Zelda", "Game screenshot"))
        self.assertVisibleText("[data-role=title]", "Zelda")
        self.assertVisibleText("[data-role=subtitle]", "Game screenshot")
        self.assertLogoAt(".sheet-header [data-role=icon]")
        self.assertVisibleText("[data-role=result] code:nth-of-type(2)", '{"activityType":"com.apple.UIKit.activity.AirDrop"}', within=".outcome")
        # AirDrop gets the PNG as PNG data and the PDF as a file; the image shows its pixels.
        kinds = self.page.evaluate("[...document.querySelectorAll('[data-role=airdrop-file]')].map(e => e.dataset.fileKind)")
        self.assertEqual(kinds, ["image", "file"])
        self.assertLogoAt("[data-file-kind=image] [data-role=icon]")
        notes = self.page.evaluate("[...document.querySelectorAll('[data-role=file-card] .note')].map(e => e.textContent)")
        self.assertEqual(notes, ["public.png, as Data (pngData())", "com.adobe.pdf, as URL"])
        offered = self.page.evaluate("[...document.querySelectorAll('[data-activity-type]')].map(e => e.getAttribute('aria-label'))")
        self.assertIn("Save Image", offered)
        self.assertIn("Print", offered)
        self.assertNotIn("Add to Reading List", offered)

    def test_android_share_image_preview(self):
        self.open("android-share-images")
        self.assertEqual(self.records["android-share-images"]["contentPreview"]["kind"], "image")
        self.assertVisibleText(".preview-title [data-role=title]", "Zelda")
        cells = self.page.evaluate("[...document.querySelectorAll('[data-role=preview-image]')].map(e => e.dataset.icon)")
        self.assertEqual(cells, ["image", "image"])
        self.assertLogoAt("[data-role=preview-image]")
        self.assertVisibleText("[data-role=result] code:nth-of-type(2)", '{"activityType":"com.google.android.gm"}', within=".outcome")

    def test_android_share_file_preview(self):
        self.open("android-share-pdf")
        self.assertEqual(self.records["android-share-pdf"]["contentPreview"]["kind"], "file")
        self.assertVisibleText("[data-role=file-name]", "report.pdf + 1 more")
        self.assertIsNone(self.geometry("[data-role=preview-image]"))

    def test_hostile_title_is_text_and_nothing_runs(self):
        self.open("ios-hostile-title")
        self.assertVisibleText("[data-role=title]", scenes.HOSTILE_TITLE)
        self.assertEqual(self.page.evaluate("document.scripts.length"), 0)
        self.assertEqual(self.page.evaluate("[...document.images].filter(i => !i.src.startsWith('data:')).length"), 0)
        self.assertFalse(any(e.get("method") == "Page.javascriptDialogOpening" for e in self.page.events))

    def test_nothing_is_fetched(self):
        for name in scenes.SCENES:
            self.open(name)
            urls = [e["params"]["request"]["url"] for e in self.page.events if e.get("method") == "Network.requestWillBeSent"]
            self.assertTrue(urls, "the page load itself should be seen")
            self.assertEqual([u for u in urls if not u.startswith(("file:", "data:"))], [], name)

    def test_buttons_have_accessible_names(self):
        self.open("ios-iphone-messages")
        self.page.call("Accessibility.enable")
        root = self.page.call("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        for name in ["AirDrop", "Messages", "Mail", "Notes", "Reminders", "Copy", "Add to Reading List", "Cancel"]:
            nodes = self.page.call("Accessibility.queryAXTree", {"nodeId": root, "accessibleName": name, "role": "button"})["nodes"]
            self.assertEqual(len(nodes), 1, f"one button named {name!r}")
        pressed = self.page.evaluate("[...document.querySelectorAll('[aria-pressed=true]')].map(e => e.getAttribute('aria-label'))")
        self.assertEqual(pressed, ["Messages"])
        self.open("android-thumbnail")
        root = self.page.call("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        for name in ["Messages", "Gmail", "Nearby Share", "Copy", "Cancel"]:
            nodes = self.page.call("Accessibility.queryAXTree", {"nodeId": root, "accessibleName": name, "role": "button"})["nodes"]
            self.assertEqual(len(nodes), 1, f"one button named {name!r}")


if __name__ == "__main__":
    if not cdp.find_chromium():
        print("render_test: no Chromium found; install Debian's `chromium` (.ci/run does)", file=sys.stderr)
        sys.exit(1)
    unittest.main(verbosity=2)
