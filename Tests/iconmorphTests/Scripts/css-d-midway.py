#!/usr/bin/env python3
"""Draws the half-way frame of a CSS `d` transition between two SVG files in headless Chromium.

    css-d-midway.py FROM.svg TO.svg OUT.png

Both files come from `iconmorph paths --format svg`: one <svg width=W height=H> with one
<path d="..."> each, whose commands match. The page holds one inline SVG of that size whose
path animates its `d` property from FROM's data to TO's with linear timing, paused half-way
(a 2 s animation started 1 s before now), and OUT.png is a screenshot of that SVG with a
transparent background, at one device pixel per CSS pixel: Chromium's own interpolation and
its own rasterizer, independent of iconmorph's.

Chromium is Debian's (/usr/bin/chromium), driven by Playwright (PyPI), whose own browser
downloads are not used. Exit status 0 on success; 1 with a message otherwise.
"""

import re
import sys

from playwright.sync_api import sync_playwright


def read(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    size = re.search(r'<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"', text)
    data = re.search(r'<path[^>]*\sd="([^"]*)"', text)
    fill = re.search(r'<path[^>]*\sfill="([^"]*)"', text)
    if not (size and data and fill):
        sys.exit(f"{path}: not an SVG of iconmorph paths")
    return int(size.group(1)), int(size.group(2)), data.group(1), fill.group(1)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    width, height, start, fill = read(sys.argv[1])
    _, _, end, _ = read(sys.argv[2])
    page_html = f"""<!doctype html>
<html><head><style>
html, body {{ margin: 0; padding: 0; background: transparent; }}
svg {{ display: block; }}
@keyframes morph {{ from {{ d: path("{start}"); }} to {{ d: path("{end}"); }} }}
path {{ animation: morph 2s linear -1s 1 both paused; }}
</style></head><body>
<svg id="icon" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">
<path fill="{fill}" fill-rule="nonzero" d="{start}"/>
</svg></body></html>"""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": width + 16, "height": height + 16}, device_scale_factor=1)
        page.set_content(page_html)
        # The computed d must be neither end: the animation really is half-way.
        computed = page.evaluate("getComputedStyle(document.querySelector('path')).d")
        if not computed or computed.replace(" ", "") in (f'path("{start}")'.replace(" ", ""), f'path("{end}")'.replace(" ", "")):
            sys.exit(f"the transition did not apply: computed d is {computed[:80]!r}")
        page.locator("#icon").screenshot(path=sys.argv[3], omit_background=True)
        browser.close()


if __name__ == "__main__":
    main()
