#!/usr/bin/env python3
"""Where the indexed layout can beat gray+alpha: the figures behind `PNGEncoder.indexedCanWin`.

For morphs of built-in symbols and Adwaita icons at several sizes, blurs, softnesses and grays,
every frame the iconmorph binary writes is decoded (ffmpeg) and encoded again here both ways,
with Python's zlib and the encoder's settings (indexed: palette sorted by alpha, rows
unfiltered, zlib level 6 run-length; gray+alpha: unfiltered, level 3), counting the chunks
as the encoder writes them. For the frames where the encoder tries gray+alpha (one gray, more
than one palette byte per 1000 pixels), it prints how often each layout is the smaller, the
largest palette (PLTE and tRNS chunks) of a frame whose indexed file is the smaller, as a share
of the gray+alpha file, and how many frames a bound of one half skips.

Usage: python3 Benchmarks/Scripts/png-layout-bound.py [--bin PATH]
Needs ffmpeg and numpy.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import zlib

import numpy as np

from bench_common import decoded_rgba

ADWAITA = "/usr/share/icons/Adwaita/scalable/"
# (from, to, extra options); every morph at 61 frames, then again at 31 with other options.
MORPHS = [
    ("play", "pause", []), ("heart", "star", []), ("bell", "magnifyingglass", []), ("gear", "house", []),
    ("bolt", "cloud", []), ("magnifyingglass", "star", ["--color", "#808080"]), ("gear", "house", ["--blur", "2"]),
    ("play", "pause", ["--size", "16"]), ("play", "pause", ["--size", "24"]), ("heart", "star", ["--size", "32", "--softness", "0.3"]),
    ("play", "pause", ["--size", "64"]), ("bell", "magnifyingglass", ["--size", "64"]), ("house", "gear", ["--size", "40", "--blur", "8"]),
    ("bell", "heart", ["--color", "#ffffff"]),
    (ADWAITA + "status/weather-clear-symbolic.svg", "heart", []),
    (ADWAITA + "status/dialog-warning-symbolic.svg", ADWAITA + "status/dialog-information-symbolic.svg", []),
    (ADWAITA + "actions/edit-find-symbolic.svg", ADWAITA + "actions/mail-send-symbolic.svg", []),
    (ADWAITA + "actions/document-open-symbolic.svg", ADWAITA + "actions/document-save-symbolic.svg", []),
    (ADWAITA + "actions/edit-delete-symbolic.svg", ADWAITA + "actions/list-add-symbolic.svg", []),
    (ADWAITA + "places/user-home-symbolic.svg", ADWAITA + "places/folder-symbolic.svg", ["--size", "48"]),
    (ADWAITA + "actions/media-playback-start-symbolic.svg", ADWAITA + "actions/media-playback-pause-symbolic.svg",
     ["--blur", "4", "--softness", "0.1"]),
]


def deflated(rows, level, strategy):
    compressor = zlib.compressobj(level, zlib.DEFLATED, 15, 8, strategy)
    return len(compressor.compress(rows) + compressor.flush())


def sizes(alpha, gray):
    """The indexed and gray+alpha files' sizes, and the indexed file's palette bytes."""
    height, width = alpha.shape
    values = np.unique(alpha)
    indices = np.searchsorted(values, alpha).astype(np.uint8)
    zero = np.zeros((height, 1), np.uint8)
    idat = deflated(np.concatenate([zero, indices], 1).tobytes(), 6, zlib.Z_RLE)
    pairs = np.stack([np.full_like(alpha, gray), alpha], -1).reshape(height, 2 * width)
    gray_idat = deflated(np.concatenate([zero, pairs], 1).tobytes(), 3, zlib.Z_DEFAULT_STRATEGY)
    transparent = len(values) - 1 if values[-1] == 255 else len(values)
    palette = 12 + 3 * len(values) + (12 + transparent if transparent else 0)
    common = 8 + 25 + 13 + 12 + 12  # signature, IHDR, sRGB, IDAT's chunk, IEND
    return common + palette + idat, common + gray_idat, palette


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "../../.build/release/iconmorph"))
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for number, (source, target, extra) in enumerate(MORPHS):
            for frames in (61, 31):
                folder = os.path.join(scratch, f"{number}-{frames}")
                os.mkdir(folder)
                options = extra if frames == 61 else extra + ["--ease", "linear"]
                subprocess.run([args.bin, "render", "--from", source, "--to", target, "--frames", str(frames), *options,
                                "-o", folder, "-q"], check=True)
                for name in sorted(os.listdir(folder)):
                    pixels = decoded_rgba(os.path.join(folder, name))
                    alpha = pixels[..., 3]
                    opaque = pixels[alpha > 0]
                    gray = int(opaque[0, 0]) if len(opaque) else 0
                    indexed, gray_alpha, palette = sizes(alpha, gray)
                    if palette * 1000 > alpha.size:
                        rows.append((indexed, gray_alpha, palette, alpha.shape[1]))
    indexed_wins = [r for r in rows if r[0] <= r[1]]
    small = [r for r in rows if r[3] <= 144]
    print(f"{len(rows)} frames where gray+alpha is tried ({len(MORPHS) * 2} morphs); "
          f"indexed the smaller in {len(indexed_wins)}, gray+alpha in {len(rows) - len(indexed_wins)}")
    print(f"largest palette of a frame whose indexed file is the smaller: "
          f"{max(r[2] / r[1] for r in indexed_wins):.3f} of the gray+alpha file")
    skipped = [r for r in rows if 2 * r[2] >= r[1]]
    lost = [r for r in skipped if r[0] < r[1]]
    print(f"with the bound of one half: indexed skipped for {len(skipped)} frames "
          f"({100 * sum(1 for r in small if 2 * r[2] >= r[1]) / max(1, len(small)):.0f} % of those up to 144 px), "
          f"{len(lost)} of them smaller indexed")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
