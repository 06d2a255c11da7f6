#!/usr/bin/env python3
"""Generate the golden pixels that Tests/PNGCodecTests compares PNGCodec's decoder against.

The pixels come from pypng (pure Python, no libpng), so they are independent of the decoder
under test. Each valid PngSuite image (every file not starting with "x") is decoded to raw
samples and turned into what PNGCodec promises: 8-bit, straight (non-premultiplied) RGBA with
colour encoded for display. That is libpng's documented colour handling for 8-bit output,
written out in float64:

  file gamma  g = 0.45455 if the file has an sRGB chunk, else gAMA / 100000, else 1/2.2
              (libpng's sRGB default; PNGCodec sets PNG_IMAGE_FLAG_16BIT_sRGB so that 16-bit
              files without gamma information get the same default as 8-bit ones);
  correction  only when g * 2.2 is outside [0.95, 1.05] (libpng's PNG_GAMMA_THRESHOLD of 5 %);
  colour      c8 = floor(255 * (s / max) ** (1 / (g * 2.2)) + 0.5) when corrected,
              c8 = floor(255 * s / max + 0.5) otherwise, where s is the sample (palette entry
              for indexed images) and max = 2**bitdepth - 1 (255 for palette entries);
              gray is copied to R, G and B;
  alpha       a8 = floor(255 * a / max + 0.5) from the alpha channel, the palette's tRNS
              entries, or 0 where a gray/RGB sample equals the tRNS key (255 elsewhere);
              alpha is never gamma-corrected.

libpng's 16-to-8-bit gamma tables keep only 11 significant bits, so decoded 16-bit files may
differ from this by a couple of levels in colour (the tests assert the measured bound); alpha
and every 8-bit or lower-depth file must match exactly.

Besides PngSuite, the script writes a few fixtures of its own (with pypng) that PngSuite lacks:
16-bit files without gamma information, an interlaced 16-bit file with tRNS, and interlaced
16-bit files smaller than 8 x 8 pixels (some Adam7 passes empty).

Output, in Tests/PNGCodecTests/Golden/ (regenerate, never hand-edit):
  manifest.tsv        one line per image: input, golden file, size, depth, colour type,
                      interlace, file gamma, whether gamma is corrected
  pixels/NAME.pam     expected RGBA, Netpbm PAM (P7, TUPLTYPE RGB_ALPHA, MAXVAL 255)
  fixtures/NAME.png   the generated input files
  PngSuite.LICENSE    the licence of PngSuite, which also covers the derived pixel data
  README.md           what this folder is and how to regenerate it

Usage: pip install pypng; python3 Scripts/make-pngsuite-golden.py [--suite DIR] [--out DIR]
"""

import argparse
import math
import os
import shutil
import sys

try:
    import png  # pypng
except ImportError:
    sys.exit("pypng is required: pip install pypng")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRGB_GAMMA = 0.45455
SCREEN_GAMMA = 2.2
THRESHOLD = 0.05


def chunk_types(path):
    return [kind.decode("latin-1") for kind, _ in png.Reader(filename=path).chunks()]


def file_gamma(path, info):
    """The gamma libpng works with: sRGB chunk, else gAMA, else libpng's sRGB default."""
    kinds = chunk_types(path)
    if "iCCP" in kinds and "sRGB" not in kinds:
        raise SystemExit(f"{path}: iCCP handling is not modelled by this script")
    if "sRGB" in kinds:
        return SRGB_GAMMA
    if "gamma" in info:
        return info["gamma"]
    return 1 / SCREEN_GAMMA


def expected_rgba(path):
    """(width, height, RGBA bytes, metadata) for one PNG, from pypng's raw samples."""
    width, height, rows, info = png.Reader(filename=path).read()
    rows = [list(row) for row in rows]
    depth = info["bitdepth"]
    top = (1 << depth) - 1
    gamma = file_gamma(path, info)
    corrected = not (1 - THRESHOLD <= gamma * SCREEN_GAMMA <= 1 + THRESHOLD)
    exponent = 1 / (gamma * SCREEN_GAMMA)

    def colour(sample, maximum):
        value = sample / maximum
        if corrected:
            value = value ** exponent
        return math.floor(255 * value + 0.5)

    def alpha(sample, maximum):
        return math.floor(255 * sample / maximum + 0.5)

    # pypng reports a suggested palette (sPLT/PLTE in truecolour files) too; only colour type 3
    # has one plane that indexes it.
    indexed = info["planes"] == 1 and not info["greyscale"]
    palette = info.get("palette") if indexed else None
    key = info.get("transparent")
    planes = info["planes"]
    out = bytearray()
    for row in rows:
        for x in range(width):
            if palette is not None:
                entry = palette[row[x]]
                rgb = [colour(c, 255) for c in entry[:3]]
                out += bytes(rgb + [entry[3] if len(entry) == 4 else 255])
                continue
            px = row[x * planes:(x + 1) * planes]
            if info["greyscale"]:
                samples, a = px[:1], (px[1] if info["alpha"] else None)
            else:
                samples, a = px[:3], (px[3] if info["alpha"] else None)
            if a is None:
                a = 0 if key is not None and tuple(samples) == tuple(key) else top
            rgb = [colour(s, top) for s in samples] * (3 if info["greyscale"] else 1)
            out += bytes(rgb + [alpha(a, top)])
    if info["greyscale"]:
        colour_type = 4 if info["alpha"] else 0
    else:
        colour_type = 3 if indexed else (6 if info["alpha"] else 2)
    meta = {
        "depth": depth,
        "colour_type": colour_type,
        "interlaced": int(bool(info["interlace"])),
        "gamma": gamma,
        "corrected": int(corrected),
    }
    return width, height, bytes(out), meta


def write_pam(path, width, height, rgba):
    header = (f"P7\nWIDTH {width}\nHEIGHT {height}\nDEPTH 4\nMAXVAL 255\n"
              "TUPLTYPE RGB_ALPHA\nENDHDR\n").encode("ascii")
    with open(path, "wb") as f:
        f.write(header + rgba)


class Lcg:
    """A fixed pseudo-random sequence (Numerical Recipes' 32-bit LCG), stable everywhere."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return (self.state >> 8) % bound


def sample16(rng):
    """Mostly uniform, with the extremes and very dark values that stress rounding."""
    pick = rng.next(8)
    if pick == 0:
        return 0
    if pick == 1:
        return 65535
    if pick == 2:
        return rng.next(400)
    return rng.next(65536)


def make_fixtures(directory):
    """Write the generated inputs; return their paths."""
    os.makedirs(directory, exist_ok=True)
    paths = []

    def save(name, width, height, rows, **options):
        path = os.path.join(directory, name)
        with open(path, "wb") as f:
            png.Writer(width, height, bitdepth=16, **options).write(f, rows)
        paths.append(path)

    rng = Lcg(20240601)
    width, height = 13, 11
    rgba = [[sample16(rng) for _ in range(width * 4)] for _ in range(height)]
    # No gAMA/sRGB: PNGCodec must treat these as sRGB (no correction), not linear.
    save("rgba16-nogamma.png", width, height, rgba, greyscale=False, alpha=True)
    save("rgba16-nogamma-interlaced.png", width, height, rgba, greyscale=False, alpha=True,
         interlace=True)
    gray = [[sample16(rng) for _ in range(width)] for _ in range(height)]
    save("gray16-nogamma-interlaced.png", width, height, gray, greyscale=True, interlace=True)
    # Images narrower or shorter than 8 pixels leave some Adam7 passes empty.
    for width, height in [(1, 1), (2, 5), (4, 3), (5, 2)]:
        rows = [[sample16(rng) for _ in range(width * 2)] for _ in range(height)]
        save(f"ga16-interlaced-{width}x{height}.png", width, height, rows, greyscale=True, alpha=True,
             interlace=True)

    rng = Lcg(7)
    width, height = 9, 10
    key = (1000, 2000, 3000)
    rgb = [[sample16(rng) for _ in range(width * 3)] for _ in range(height)]
    for y in range(0, height, 3):  # make some pixels match the tRNS key
        rgb[y][3 * (y % width):3 * (y % width) + 3] = list(key)
    # Interlaced 16-bit with tRNS and gAMA: the flattening workaround must keep both chunks.
    save("rgb16-trns-gamma-interlaced.png", width, height, rgb, greyscale=False, transparent=key,
         gamma=1.0, interlace=True)
    return paths


README = """# Golden data for PNGCodecTests

Generated by `Scripts/make-pngsuite-golden.py` (needs `pip install pypng`); regenerate it, never
edit it by hand. The script's header documents the colour transform the expected pixels follow.

- `manifest.tsv`: one line per image (input, golden file, size, bit depth, colour type,
  interlace, file gamma, whether libpng corrects that gamma).
- `pixels/*.pam`: expected 8-bit straight RGBA, decoded by pypng (not libpng), as Netpbm PAM.
- `fixtures/*.png`: inputs PngSuite lacks (16-bit without gamma information, interlaced 16-bit
  with tRNS or smaller than 8 x 8 pixels), written by the script with pypng.

The inputs are PngSuite's valid images (by Willem van Schaik; read from `Tests/Fixtures/PngSuite`
in the repository) and the fixtures. `PngSuite.LICENSE` is PngSuite's licence, which
covers the pixel data derived from it.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", default=os.path.join(REPO, "Tests", "Fixtures", "PngSuite"))
    parser.add_argument("--out", default=os.path.join(REPO, "Tests", "PNGCodecTests", "Golden"))
    args = parser.parse_args()

    suite = os.path.normpath(args.suite)
    out = os.path.normpath(args.out)
    names = sorted(n for n in os.listdir(suite) if n.endswith(".png") and not n.startswith("x"))
    if not names:
        sys.exit(f"no PngSuite images in {suite}")

    pixels = os.path.join(out, "pixels")
    shutil.rmtree(pixels, ignore_errors=True)
    os.makedirs(pixels)
    fixtures = os.path.join(out, "fixtures")
    shutil.rmtree(fixtures, ignore_errors=True)
    inputs = [("pngsuite", os.path.join(suite, n)) for n in names]
    inputs += [("fixture", p) for p in make_fixtures(fixtures)]

    lines = ["# generated by Scripts/make-pngsuite-golden.py; do not edit",
             "source\tinput\tgolden\twidth\theight\tdepth\tcolour_type\tinterlaced\tgamma\tcorrected"]
    for source, path in inputs:
        name = os.path.basename(path)
        width, height, rgba, meta = expected_rgba(path)
        golden = "pixels/" + name[:-4] + ".pam"
        write_pam(os.path.join(out, golden), width, height, rgba)
        lines.append("\t".join([source, name, golden, str(width), str(height), str(meta["depth"]),
                                str(meta["colour_type"]), str(meta["interlaced"]),
                                f"{meta['gamma']:.5f}", str(meta["corrected"])]))
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    shutil.copyfile(os.path.join(suite, "PngSuite.LICENSE"), os.path.join(out, "PngSuite.LICENSE"))
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(README)
    print(f"wrote {len(inputs)} golden images to {out}")


if __name__ == "__main__":
    main()
