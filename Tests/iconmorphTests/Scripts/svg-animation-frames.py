#!/usr/bin/env python3
"""Plays an animated SVG (SMIL) in headless Chromium and screenshots it at given times.

    svg-animation-frames.py ANIMATION.svg OUT_FOLDER TIME…

The SVG is put inline in a page at its viewBox size in CSS pixels (one device pixel each);
for each TIME, in seconds, the document's animations are paused and set to that time
(SVGSVGElement.pauseAnimations / setCurrentTime, the SMIL timeline), and OUT_FOLDER/at_K.png
is a screenshot of the SVG with a transparent background. Chromium is Debian's
(/usr/bin/chromium), driven by Playwright (PyPI).
"""

import re
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    box = re.search(r'viewBox="0 0 (\d+) (\d+)"', text)
    if not box:
        sys.exit(f"{sys.argv[1]}: no viewBox")
    width, height = int(box.group(1)), int(box.group(2))
    # At one CSS pixel per viewBox unit.
    text = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', rf'<svg id="icon"\1 width="{width}" height="{height}"', text, count=1)
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    page_html = ("<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}"
                 "svg{display:block}</style></head><body>" + text + "</body></html>")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": width + 16, "height": height + 16}, device_scale_factor=1)
        page.set_content(page_html)
        for k, time in enumerate(sys.argv[3:]):
            page.evaluate(f"(() => {{ const s = document.getElementById('icon'); s.pauseAnimations(); s.setCurrentTime({float(time)}); }})()")
            page.wait_for_timeout(30)
            page.locator("#icon").screenshot(path=str(out / f"at_{k}.png"), omit_background=True)
        browser.close()


if __name__ == "__main__":
    main()
