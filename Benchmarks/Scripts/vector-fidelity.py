#!/usr/bin/env python3
"""How closely the vector frames draw the PNG frames: for each icon pair, a 61-frame morph
rendered as PNG files and as SVG files by the same iconmorph, every SVG drawn by rsvg-convert
at its own size, and each compared with its PNG frame by alpha: the soft IoU (sum of minima
over sum of maxima) and the mean absolute difference in levels of 255. Prints the worst
frames of each pair and the worst overall.

With --sizes, instead: each pair's morph as one Lottie file and one animated SVG, their
sizes in KB and gzipped (gzip -9), and the same with --ping-pong.

With --only TEXT (repeatable), just the pairs whose names contain one of the texts; with
--tolerance PX, the vector files traced at that --tolerance instead of the binary's default;
with --style NAME, every render in that --style (path: the frames are outlines, untraced, and
the animated files keyframe them).

With --lottie, each pair's morph is one Lottie file instead, each frame drawn by rlottie
(the `rlottie-python` package) at the PNG frames' size, against the PNG frame of the same index.

With --diagnose DIR, also where each pair's worst frame differs: DIR/<pair>-frame<k>.png
shows the PNG frame, the SVG frame as rsvg-convert draws it and their difference side by
side at 4× (red where the SVG covers more, blue where it covers less, three times as
strong), and a line splits Σ|Δ| (in levels) by the PNG pixel's alpha — empty (0–2),
partial under ½ (3–127), partial over ½ (128–252), full (253–255) — with the signed sum of
each (positive: the SVG covers more), and gives 1 − IoU, which is about Σ|Δ| / Σ max.

Usage: python3 Benchmarks/Scripts/vector-fidelity.py [--bin PATH] [--frames N] [--sizes] [--only TEXT]
                                                     [--tolerance PX] [--style NAME] [--lottie] [--diagnose DIR]
Needs rsvg-convert, ffmpeg (to read the PNGs) and numpy; rlottie-python for --lottie.
"""
import argparse
import gzip
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

from bench_common import decoded_rgba, write_rgb_png

ADWAITA = "/usr/share/icons/Adwaita/scalable/"
PAIRS = [
    ("play", "pause"), ("heart", "star"), ("bell", "magnifyingglass"),
    (ADWAITA + "actions/go-next-symbolic.svg", "play"),
    (ADWAITA + "status/weather-clear-symbolic.svg", "heart"),
    (ADWAITA + "status/dialog-warning-symbolic.svg", ADWAITA + "status/dialog-information-symbolic.svg"),
    ("magnifyingglass", "star"), ("bolt", "cloud"), ("gear", "house"),
    (ADWAITA + "actions/media-playback-start-symbolic.svg", ADWAITA + "actions/media-playback-pause-symbolic.svg"),
    (ADWAITA + "actions/edit-find-symbolic.svg", ADWAITA + "actions/mail-send-symbolic.svg"),
    # Two pairs the tracer was not tuned on (added after the rest): thin translucent rings.
    (ADWAITA + "actions/document-open-symbolic.svg", ADWAITA + "actions/document-save-symbolic.svg"),
    (ADWAITA + "actions/edit-delete-symbolic.svg", ADWAITA + "actions/list-add-symbolic.svg"),
]


def alpha(path, size):
    pixels = decoded_rgba(path)
    assert pixels.shape[:2] == (size, size), f"{path} is not {size} × {size}"
    return pixels[..., 3].astype(float)


def pair_name(a, b):
    return f"{os.path.basename(a).removesuffix('.svg')} → {os.path.basename(b).removesuffix('.svg')}"


# The PNG pixel's alpha classes the difference is split by, in levels of 255.
CLASSES = [("empty", 0, 3), ("partial < ½", 3, 128), ("partial > ½", 128, 253), ("full", 253, 256)]


def diagnose(png, drawn, path):
    """Writes the comparison image of one frame's alpha planes (`png`, `drawn` by rsvg) to
    `path` and returns the line that splits their difference by the PNG pixel's class."""
    scale = 4
    difference = drawn - png

    def enlarged(plane):
        return np.kron(plane, np.ones((scale, scale)))

    ink = [np.repeat((255 - enlarged(plane))[..., None], 3, axis=2) for plane in (png, drawn)]
    wide = enlarged(difference) * 3
    shown = np.full(ink[0].shape, 255.0)
    shown[..., 0] -= np.clip(-wide, 0, 255)      # covers less: blue
    shown[..., 1] -= np.clip(abs(wide), 0, 255)
    shown[..., 2] -= np.clip(wide, 0, 255)       # covers more: red
    write_rgb_png(path, np.clip(np.concatenate(ink + [shown], axis=1), 0, 255).astype(np.uint8))
    cells = []
    for name, low, high in CLASSES:
        chosen = (png >= low) & (png < high)
        cells.append(f"{name} {abs(difference[chosen]).sum():.0f} ({difference[chosen].sum():+.0f}, {chosen.sum()} px)")
    total = abs(difference).sum()
    return (f"Σ|Δ| {total:.0f} of Σ max {np.maximum(png, drawn).sum():.0f}: " + ", ".join(cells)
            + f"; 1 − IoU {1 - np.minimum(png, drawn).sum() / max(np.maximum(png, drawn).sum(), 1):.4f}")


def rlottie_frames(path, count, size=132):
    """Frames 0 … count − 1 of the Lottie file at `path` as rlottie draws them at `size` ×
    `size` pixels (the composition is in points), as alpha planes."""
    from rlottie_python import LottieAnimation
    animation = LottieAnimation.from_file(path)
    return [np.frombuffer(animation.lottie_animation_render(frame_num=k, width=size, height=size), dtype=np.uint8)
            .reshape(size, size, 4)[..., 3].astype(float) for k in range(count)]


def sizes(args, pairs):
    """Each pair's Lottie and animated SVG, once and with --ping-pong: KB and gzipped KB."""
    def kb(path):
        data = open(path, "rb").read()
        return f"{len(data) / 1000:.0f} KB ({len(gzip.compress(data, 9)) / 1000:.0f} KB gz)"
    print(f"| pair | Lottie | animated SVG | Lottie, --ping-pong | animated SVG, --ping-pong |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as scratch:
        for a, b in pairs:
            cells = []
            for extra in ([], ["--ping-pong"]):
                for suffix in ("json", "svg"):
                    out = os.path.join(scratch, f"m.{suffix}")
                    run = subprocess.run([args.bin, "render", "--from", a, "--to", b, "--frames", str(args.frames), "-q",
                                          *extra, *tolerance(args), *style(args), "-o", out], stderr=subprocess.PIPE, text=True)
                    if run.returncode != 0 and args.style:
                        # A pair the style cannot morph (a path morph needs opaque shapes): said, not sized.
                        cells.append("— (" + run.stderr.strip().removeprefix("iconmorph: error: ").replace("|", "/") + ")")
                        break
                    run.check_returncode()
                    cells.append(kb(out))
                else:
                    continue
                break
            print(f"| {pair_name(a, b)} | " + " | ".join(cells) + " |")
    return 0


def tolerance(args):
    """The vector renders' --tolerance option, if one was given."""
    return [] if args.tolerance is None else ["--tolerance", str(args.tolerance)]


def style(args):
    """Every render's --style option, if one was given."""
    return [] if args.style is None else ["--style", args.style]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "../../.build/release/iconmorph"))
    parser.add_argument("--frames", type=int, default=61)
    parser.add_argument("--tolerance", type=float, metavar="PX",
                        help="the vector files' --tolerance (default: the binary's own)")
    parser.add_argument("--sizes", action="store_true", help="the sizes of each pair's Lottie and animated SVG")
    parser.add_argument("--style", metavar="NAME", help="every render's --style (default: the binary's own)")
    parser.add_argument("--lottie", action="store_true", help="each pair as one Lottie file, its frames drawn by rlottie")
    parser.add_argument("--diagnose", metavar="DIR",
                        help="write where each pair's worst frame differs into DIR (see the docstring)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="just the pairs whose names (as printed) contain TEXT; repeatable")
    args = parser.parse_args()
    pairs = [(a, b) for a, b in PAIRS if not args.only or any(text in pair_name(a, b) for text in args.only)]
    if not pairs:
        parser.error(f"no pair's name contains {' or '.join(args.only)}")
    if args.sizes:
        return sizes(args, pairs)
    if args.diagnose:
        os.makedirs(args.diagnose, exist_ok=True)
    worst_overall = (2.0, "")
    with tempfile.TemporaryDirectory() as scratch:
        for index, (a, b) in enumerate(pairs):
            name = pair_name(a, b)
            folder = os.path.join(scratch, f"p{index}")
            os.mkdir(folder)
            common = [args.bin, "render", "--from", a, "--to", b, "--frames", str(args.frames), "-q", *style(args)]
            subprocess.run(common + ["-o", folder + "/png"], check=True)
            if args.lottie:
                subprocess.run(common + ["--format", "lottie", *tolerance(args), "-o", folder + "/m.json"], check=True)
                played = rlottie_frames(folder + "/m.json", args.frames)
            else:
                subprocess.run(common + ["--format", "svg", *tolerance(args), "-o", folder + "/svg"], check=True)
            rows = []
            for k in range(args.frames):
                p = alpha(f"{folder}/png/frame_{k:04d}.png", 132)
                if args.lottie:
                    s, layers = played[k], 0
                else:
                    svg = f"{folder}/svg/frame_{k:04d}.svg"
                    drawn = f"{folder}/svg/frame_{k:04d}.r.png"
                    subprocess.run(["rsvg-convert", svg, "-w", "132", "-h", "132", "-o", drawn], check=True)
                    s, layers = alpha(drawn, 132), open(svg).read().count("<path")
                iou = np.minimum(p, s).sum() / max(np.maximum(p, s).sum(), 1)
                rows.append((iou, k, abs(p - s).mean(), layers))
            rows.sort()
            print(f"{name}: worst " + ", ".join(
                f"frame {k} IoU {iou:.4f} mean {m:.2f}/255" + (f" ({n} layer{'s' if n > 1 else ''})" if n else "")
                for iou, k, m, n in rows[:3]))
            worst_overall = min(worst_overall, (rows[0][0], f"{name} frame {rows[0][1]}"))
            if args.diagnose:
                k = rows[0][1]
                path = os.path.join(args.diagnose, re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-") + f"-frame{k}.png")
                drawn = played[k] if args.lottie else alpha(f"{folder}/svg/frame_{k:04d}.r.png", 132)
                line = diagnose(alpha(f"{folder}/png/frame_{k:04d}.png", 132), drawn, path)
                print(f"  frame {k}: {line}; {path}")
    print(f"worst frame overall: IoU {worst_overall[0]:.4f}, {worst_overall[1]}")


if __name__ == "__main__":
    sys.exit(main())
