#!/usr/bin/env python3
"""Renders every frame of a Lottie file with lottie-web (the reference web player, run in
headless Chromium) into 8-bit alpha planes.

    lottie-web-frames.py PLAYER.js ANIMATION.json OUT_FOLDER [WIDTHxHEIGHT]

PLAYER.js is lottie-web's player build (Scripts/setup puts 5.8.1 in .build/test-players/).
The animation plays in a canvas of WIDTH × HEIGHT CSS pixels (the composition scaled to fit:
iconmorph's compositions are in points), or of its own size, one device pixel per CSS pixel,
with lottie-web's canvas renderer; for K = 0 … frames − 1 it is stopped at frame K (goToAndStop(K, true)) and
OUT_FOLDER/frame_K.alpha gets the canvas's alpha (width × height bytes, row-major). Prints one
JSON line: {"frames", "fps", "width", "height"}: the frames and rate as lottie-web reads them,
and the canvas's size. Chromium is Debian's
(/usr/bin/chromium), driven by Playwright (PyPI).
"""

import base64
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

PAGE = """<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}
#box{width:%dpx;height:%dpx}</style></head><body><div id="box"></div></body></html>"""

SETUP = """(data) => new Promise((resolve, reject) => {
    const animation = lottie.loadAnimation({container: document.getElementById('box'), renderer: 'canvas',
        loop: false, autoplay: false, animationData: data, rendererSettings: {clearCanvas: true}});
    window.animation = animation;
    animation.addEventListener('DOMLoaded', () => resolve({frames: animation.totalFrames, fps: animation.frameRate}));
    animation.addEventListener('data_failed', () => reject('data_failed'));
    setTimeout(() => reject('lottie-web did not load the animation in 20 s'), 20000);
})"""

# The alpha of every pixel, base64-encoded (one byte a pixel).
FRAME = """(k) => {
    window.animation.goToAndStop(k, true);
    const canvas = document.querySelector('#box canvas');
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const alpha = new Uint8Array(pixels.length / 4);
    for (let i = 0; i < alpha.length; i++) alpha[i] = pixels[4 * i + 3];
    let text = '';
    for (let i = 0; i < alpha.length; i += 8192) text += String.fromCharCode.apply(null, alpha.subarray(i, i + 8192));
    return btoa(text);
}"""


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    player = Path(sys.argv[1]).read_text(encoding="utf-8")
    data = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    width, height = int(data["w"]), int(data["h"])
    if len(sys.argv) == 5:
        width, height = (int(side) for side in sys.argv[4].split("x"))
    out = Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1)
        page.set_content(PAGE % (width, height))
        page.add_script_tag(content=player)
        info = page.evaluate(SETUP, data)
        if info["frames"] != int(info["frames"]):
            sys.exit(f"lottie-web counts {info['frames']} frames, not a whole number")
        frames = int(info["frames"])
        for k in range(frames):
            alpha = base64.b64decode(page.evaluate(FRAME, k))
            if len(alpha) != width * height:
                sys.exit(f"frame {k}: the canvas holds {len(alpha)} pixels, not {width} × {height}")
            (out / f"frame_{k}.alpha").write_bytes(alpha)
        browser.close()
    print(json.dumps({"frames": frames, "fps": info["fps"], "width": width, "height": height}))


if __name__ == "__main__":
    main()
