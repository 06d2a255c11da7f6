#!/usr/bin/env python3
"""Renders every frame of a Lottie file with rlottie (the rlottie-python package from PyPI), an
independent Lottie player, into 8-bit alpha planes.

    rlottie-frames.py ANIMATION.json OUT_FOLDER [WIDTHxHEIGHT]

Writes OUT_FOLDER/frame_K.alpha (width × height bytes, row-major) for K = 0 … frames − 1 at
WIDTH × HEIGHT pixels (the composition scaled to them: iconmorph's compositions are in
points), or at the animation's own size, and prints one JSON line: {"frames", "fps",
"duration", "width", "height"}, the size as rlottie reads it from the file. rlottie renders
premultiplied BGRA; the alpha is byte 3.
"""

import json
import sys
from pathlib import Path

import rlottie_python


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    animation = rlottie_python.LottieAnimation.from_file(sys.argv[1])
    width, height = animation.lottie_animation_get_size()
    drawn = tuple(int(side) for side in sys.argv[3].split("x")) if len(sys.argv) == 4 else (width, height)
    frames = animation.lottie_animation_get_totalframe()
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for k in range(frames):
        pixels = animation.lottie_animation_render(frame_num=k, width=drawn[0], height=drawn[1])
        (out / f"frame_{k}.alpha").write_bytes(pixels[3::4])
    print(json.dumps({"frames": frames, "fps": animation.lottie_animation_get_framerate(),
                      "duration": animation.lottie_animation_get_duration(), "width": width, "height": height}))


if __name__ == "__main__":
    main()
