#!/usr/bin/env python3
"""MorphRenderer against OpenCV on real icon frames (issue 19) and workloads a-d (issue 4),
side by side.

What it does, from Benchmarks/ or anywhere:

1. installs its own dependencies (pinned OpenCV and NumPy) into a venv under
   Benchmarks/.build/opencv-venv, or with `pip install --target` when venv is unavailable,
   and runs itself again there;
2. builds morph-bench (release) and runs `morph-bench --export DIR`, which writes each
   workload's two masks, its frame parameters, our RGBA frame and our median times (one
   thread and all threads): first the four real icon pairs at 132 and 512 px (Adwaita
   media-playback-start -> pause, symbols heart -> star and bell -> magnifyingglass, Adwaita
   edit-find -> mail-send; softness 0.1), the headline rows, then workloads a-d (the disc ->
   rounded square morph, softness 0.05); every parameter, softness included, is read per
   workload from the manifest;
3. redoes every frame from the parameters alone in float32 (mix, cv2.sepFilter2D with the
   same Gaussian, zero padding, smoothstep, RGBA8) and in float64, and checks that our bytes
   are within 1 of both; times that float32 frame and OpenCV's 8-bit GaussianBlur frame with
   the same number of samples as morph-bench (medians of time.perf_counter_ns around the
   compute only, buffers allocated beforehand);
4. prints the table and writes it as Markdown to Benchmarks/results/opencv-comparison.md
   (and .json), headed with the commit, the machine, the date and this command (--quick
   writes to Benchmarks/.build/opencv-results instead, so rough figures never replace the
   saved ones; --results DIR chooses).

Options: --quick (a tenth of the samples, for CI), --avx2 (also builds morph-bench with
AVX2 code generation and compares it on every workload: results/avx2-comparison.md), --scaling
(runs `morph-bench --scaling`: results/scaling.md), --rounds N (measures N times, ours and
OpenCV's in turn, and keeps each fastest median: less sensitive to a changing load),
--update-readme (splices the results between the marker comments
<!-- opencv-table:begin --> / <!-- opencv-table:end --> in README.md, and
<!-- avx2-table:... --> / <!-- scaling-table:... --> in Benchmarks/README.md, where present),
--readme-only (only that splice, from the saved results), --skip-build, --scratch-path DIR.

Exit status: 0 when every frame agreed within 1/255, 1 when one did not, 2 on a usage or
setup error.
"""

from __future__ import annotations

from bench_common import git_commit, machine, splice, swift_version
import argparse
import datetime
import json
import math
import os
import platform
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

# The versions this script was tested with (Python 3.11, Debian 12, x86-64).
PINNED = ["opencv-python-headless==5.0.0.93", "numpy==2.4.6"]

BENCH = Path(__file__).resolve().parent.parent
REPO = BENCH.parent
RESULTS = BENCH / "results"
QUICK_RESULTS = BENCH / ".build" / "opencv-results"
VENV = BENCH / ".build" / "opencv-venv"
TARGET_DEPS = BENCH / ".build" / "opencv-pydeps"
STAMP_NAME = "iconmorph-pins.txt"
BOOTSTRAPPED = "ICONMORPH_OPENCV_BOOTSTRAPPED"

# What changes Swift's code generation for SIMD types on this toolchain: -target-cpu haswell
# gives AVX2 + FMA ymm code (x86-64-v3 is not accepted as a CPU name; see the README).
AVX2_FLAGS = ["-Xswiftc", "-target-cpu", "-Xswiftc", "haswell"]

# Each results file and the README section it may replace (between <!-- marker:begin -->
# and <!-- marker:end -->).
SECTIONS = [
    ("opencv-comparison.md", REPO / "README.md", "opencv-table"),
    ("avx2-comparison.md", BENCH / "README.md", "avx2-table"),
    ("scaling.md", BENCH / "README.md", "scaling-table"),
]


def fail(message: str, status: int = 2) -> None:
    print(f"compare-opencv: {message}", file=sys.stderr)
    sys.exit(status)


# ---------------------------------------------------------------------------------------
# Dependencies


def run_quietly(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def pins_match(stamp: Path) -> bool:
    return stamp.is_file() and stamp.read_text().split() == PINNED


def install_into_venv() -> Path | None:
    """The venv's python with the pins installed, or None when venv cannot be used here."""
    python = VENV / "bin" / "python"
    stamp = VENV / STAMP_NAME
    if python.exists() and pins_match(stamp):
        return python
    if not python.exists():
        print(f"compare-opencv: creating {VENV.relative_to(REPO)}", flush=True)
        result = run_quietly([sys.executable, "-m", "venv", str(VENV)])
        if result.returncode != 0 or not (VENV / "bin" / "pip").exists():
            # Debian's python3 without python3-venv leaves a venv without pip.
            print(result.stdout.strip(), file=sys.stderr)
            print("compare-opencv: `python3 -m venv` is unavailable (on Debian/Ubuntu: "
                  "apt-get install -y python3-venv); falling back to pip install --target",
                  file=sys.stderr)
            shutil.rmtree(VENV, ignore_errors=True)
            return None
    print(f"compare-opencv: pip install {' '.join(PINNED)}", flush=True)
    result = run_quietly([str(python), "-m", "pip", "install", "--disable-pip-version-check", *PINNED])
    if result.returncode != 0:
        print(result.stdout, file=sys.stderr)
        fail("pip could not install the pinned packages into the venv (is PyPI reachable?)")
    stamp.write_text("\n".join(PINNED) + "\n")
    return python


def install_into_target() -> Path:
    """The folder holding the pins installed with `pip install --target`."""
    stamp = TARGET_DEPS / STAMP_NAME
    if pins_match(stamp):
        return TARGET_DEPS
    if run_quietly([sys.executable, "-m", "pip", "--version"]).returncode != 0:
        fail("neither `python3 -m venv` nor pip works with this python; on Debian/Ubuntu run "
             "apt-get install -y python3-venv (or python3-pip) and try again")
    shutil.rmtree(TARGET_DEPS, ignore_errors=True)
    print(f"compare-opencv: pip install --target {TARGET_DEPS.relative_to(REPO)} {' '.join(PINNED)}",
          flush=True)
    # --target skips the PEP 668 "externally managed" refusal: nothing goes into the system.
    result = run_quietly([sys.executable, "-m", "pip", "install", "--disable-pip-version-check",
                          "--target", str(TARGET_DEPS), *PINNED])
    if result.returncode != 0:
        print(result.stdout, file=sys.stderr)
        fail("pip install --target failed (is PyPI reachable?)")
    stamp.write_text("\n".join(PINNED) + "\n")
    return TARGET_DEPS


def bootstrap(deps: str) -> None:
    """Runs this script again with the pinned OpenCV and NumPy importable; returns only in
    that second run."""
    if os.environ.get(BOOTSTRAPPED):
        return
    environment = dict(os.environ, **{BOOTSTRAPPED: "1"})
    arguments = [str(Path(__file__).resolve()), *sys.argv[1:]]
    python = install_into_venv() if deps == "venv" else None
    if python is None:
        folder = install_into_target()
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(folder)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))
        python = Path(sys.executable)
    os.execve(str(python), [str(python), *arguments], environment)


# ---------------------------------------------------------------------------------------
# Our side: build and run morph-bench


def swift_build(scratch: Path | None, flags: list[str], skip: bool) -> Path:
    """Builds morph-bench in release mode and returns its path."""
    base = ["swift", "build", "-c", "release", *(["--scratch-path", str(scratch)] if scratch else []), *flags]
    if not skip:
        print(f"compare-opencv: {' '.join(base)} --product morph-bench", flush=True)
        result = subprocess.run([*base, "--product", "morph-bench"], cwd=BENCH)
        if result.returncode != 0:
            fail("the morph-bench build failed")
    result = subprocess.run([*base, "--show-bin-path"], cwd=BENCH, stdout=subprocess.PIPE, text=True)
    binary = Path(result.stdout.strip()) / "morph-bench"
    if result.returncode != 0 or not binary.exists():
        fail(f"no morph-bench binary at {binary}; build it or drop --skip-build")
    return binary


def export_frames(binary: Path, folder: Path, quick: bool) -> dict:
    shutil.rmtree(folder, ignore_errors=True)
    command = [str(binary), "--export", str(folder), *(["--quick"] if quick else [])]
    result = subprocess.run(command, cwd=BENCH)
    manifest = folder / "manifest.json"
    # Status 1 is a failed self-check (`.automatic` gave other bytes): the frames and the
    # manifest are written, and the checks below report it with the rest.
    if result.returncode not in (0, 1) or not manifest.is_file():
        fail(f"{' '.join(command)} exited with status {result.returncode}")
    return json.loads(manifest.read_text())


# ---------------------------------------------------------------------------------------
# The frame math, redone from the exported parameters


def eased(p: float, easing: str) -> float:
    if easing == "smooth":
        return p * p * (3 - 2 * p)
    if easing == "linear":
        return p
    fail(f"unknown easing {easing!r} in the manifest")
    return 0.0


class FrameParameters:
    """Everything one frame needs, derived from the style fields and the progress only
    (MorphFrameMath.swift, GaussianKernel.swift)."""

    def __init__(self, entry: dict, np) -> None:
        self.width, self.height = entry["width"], entry["height"]
        p, levels, rmax = entry["progress"], entry["blurLevels"], entry["maxBlurRadius"]
        # The library folds p > 1/2 onto 1 - p (exact reversal); equal to easing(p) otherwise.
        past_half = p > 0.5
        near_end = eased(1 - p if past_half else p, entry["easing"])
        self.e = 1 - near_end if past_half else near_end
        b = math.sin(math.pi * near_end)
        # k = round(b (L - 1)), halves away from zero (Swift's rounded()).
        self.level = int(math.floor(b * (levels - 1) + 0.5))
        self.radius = rmax * self.level / (levels - 1)
        self.n = math.ceil(self.radius)
        self.sigma = self.radius / 2
        i = np.arange(-self.n, self.n + 1, dtype=np.float64)
        exact = np.exp(-(i * i) / (2 * self.sigma * self.sigma)) if self.n > 0 else np.ones(1)
        self.weights64 = exact / exact.sum()
        self.weights32 = self.weights64.astype(np.float32)
        far = np.float32(near_end)
        near = np.float32(1) - far
        source, target = (far, near) if past_half else (near, far)
        self.source_weight = source / np.float32(255)
        self.target_weight = target / np.float32(255)
        t, s = entry["threshold"], entry["softness"]
        self.threshold, self.softness = t, s
        self.lower32 = np.float32(t - s)
        self.inverse_width32 = np.float32(1 / s)
        self.tint = entry["tint"]
        self.alpha_scale32 = np.float32(self.tint[3])


def alpha_bytes_float32(field, f: FrameParameters, np):
    """round(smoothstep(t - s, t, V) * tintAlpha) with the library's float32 operation order."""
    u = (field - f.lower32) * f.inverse_width32
    np.clip(u, np.float32(0), np.float32(1), out=u)
    alpha = u * u * (np.float32(3) - np.float32(2) * u) * f.alpha_scale32
    return np.rint(alpha).astype(np.uint8)


def reference_float64(source, target, f: FrameParameters, np, cv2):
    """The frame's alpha in double precision, rounded: the accuracy oracle."""
    mix = (1 - f.e) * (source / 255.0) + f.e * (target / 255.0)
    field = mix if f.n == 0 else cv2.sepFilter2D(
        mix, cv2.CV_64F, f.weights64, f.weights64, borderType=cv2.BORDER_CONSTANT)
    u = np.clip((field - (f.threshold - f.softness)) / f.softness, 0, 1)
    return np.rint(u * u * (3 - 2 * u) * f.tint[3]).astype(np.int32)


class Float32Frame:
    """The frame with OpenCV's float32 separable filter, into buffers allocated once."""

    def __init__(self, source, target, f: FrameParameters, np, cv2) -> None:
        self.np, self.cv2, self.f = np, cv2, f
        self.source, self.target = source, target
        shape = (f.height, f.width)
        self.mix = np.empty(shape, np.float32)
        self.field = np.empty(shape, np.float32)
        self.u = np.empty(shape, np.float32)
        self.scratch = np.empty(shape, np.float32)
        self.kernel = f.weights32.reshape(-1, 1)
        self.rgba = np.empty((f.height, f.width, 4), np.uint8)
        self.rgba[..., :3] = f.tint[:3]
        self.alpha = self.rgba[..., 3]

    def blur(self) -> None:
        np, cv2, f = self.np, self.cv2, self.f
        np.multiply(self.source, f.source_weight, out=self.mix)
        np.multiply(self.target, f.target_weight, out=self.scratch)
        np.add(self.mix, self.scratch, out=self.mix)
        cv2.sepFilter2D(self.mix, cv2.CV_32F, self.kernel, self.kernel, dst=self.field,
                        borderType=cv2.BORDER_CONSTANT)

    def blur_only(self) -> None:
        self.cv2.sepFilter2D(self.mix, self.cv2.CV_32F, self.kernel, self.kernel, dst=self.field,
                             borderType=self.cv2.BORDER_CONSTANT)

    def render(self) -> None:
        np, f, u, w = self.np, self.f, self.u, self.scratch
        self.blur()
        # The library's order: u = (V - lower) * (1/s), clamp, ((u * u) * (3 - 2u)) * alpha.
        np.subtract(self.field, f.lower32, out=u)
        np.multiply(u, f.inverse_width32, out=u)
        np.clip(u, np.float32(0), np.float32(1), out=u)
        np.multiply(u, np.float32(2), out=w)
        np.subtract(np.float32(3), w, out=w)
        np.multiply(u, u, out=u)
        np.multiply(u, w, out=u)
        np.multiply(u, f.alpha_scale32, out=u)
        np.rint(u, out=u)
        np.copyto(self.alpha, u, casting="unsafe")


class EightBitFrame:
    """The frame the way an 8-bit OpenCV pipeline would do it: cv2.addWeighted to a uint8 mix,
    cv2.GaussianBlur (ksize 2n + 1, the same sigma, zero padding), a 256-entry smoothstep
    table. The field is quantised to 1/255, so it is not expected to agree within 1/255."""

    def __init__(self, source, target, f: FrameParameters, np, cv2) -> None:
        self.np, self.cv2, self.f = np, cv2, f
        self.source, self.target = source, target
        shape = (f.height, f.width)
        self.mix = np.empty(shape, np.uint8)
        self.field = np.empty(shape, np.uint8)
        self.alpha8 = np.empty(shape, np.uint8)
        self.table = alpha_bytes_float32(np.arange(256, dtype=np.float32) / np.float32(255), f, np)
        self.rgba = np.empty((f.height, f.width, 4), np.uint8)
        self.rgba[..., :3] = f.tint[:3]
        self.alpha = self.rgba[..., 3]
        self.size = (2 * f.n + 1, 2 * f.n + 1)

    def render(self) -> None:
        cv2, f = self.cv2, self.f
        cv2.addWeighted(self.source, 1 - f.e, self.target, f.e, 0, dst=self.mix)
        if f.n == 0:
            self.field[...] = self.mix
        else:
            cv2.GaussianBlur(self.mix, self.size, f.sigma, dst=self.field, sigmaY=f.sigma,
                             borderType=cv2.BORDER_CONSTANT)
        cv2.LUT(self.field, self.table, dst=self.alpha8)
        self.np.copyto(self.alpha, self.alpha8)


def median_ns(body, runs: int) -> float:
    """The median of `runs` timed calls after a tenth as many untimed ones (at least 3)."""
    for _ in range(max(3, runs // 10)):
        body()
    samples = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        body()
        samples.append(time.perf_counter_ns() - start)
    samples.sort()
    mid = runs // 2
    return float(samples[mid]) if runs % 2 else (samples[mid - 1] + samples[mid]) / 2


def max_difference(a, b, np) -> int:
    return int(np.abs(a.astype(np.int32) - b.astype(np.int32)).max())


def label(entry: dict) -> str:
    """What a table row calls the manifest's workload: its label, or its name in a manifest
    from before the real icon workloads (a build older than the label, with --skip-build)."""
    return entry.get("label", entry["name"])


def measure_workload(entry: dict, folder: Path, np, cv2) -> dict:
    f = FrameParameters(entry, np)
    shape = (f.height, f.width)
    source = np.fromfile(folder / entry["sourceFile"], np.uint8).reshape(shape)
    target = np.fromfile(folder / entry["targetFile"], np.uint8).reshape(shape)
    ours = np.fromfile(folder / entry["frameFile"], np.uint8).reshape(f.height, f.width, 4)

    # Our derivation must land on the library's radius and kernel; if not, the comparison
    # would be of two different frames.
    exported = np.array(entry["weightBits"], np.uint32).view(np.float32)
    if (f.level, f.radius, f.n) != (entry["level"], entry["radius"], entry["halfWidth"]):
        fail(f"workload {entry['name']}: derived level {f.level}, R {f.radius}, n {f.n}; "
             f"the library says {entry['level']}, {entry['radius']}, {entry['halfWidth']}", 1)
    weight_ulps = int(np.abs(exported.view(np.int32).astype(np.int64)
                             - f.weights32.view(np.int32).astype(np.int64)).max())

    float32 = Float32Frame(source, target, f, np, cv2)
    float32.render()
    eight_bit = EightBitFrame(source, target, f, np, cv2)
    eight_bit.render()
    reference = reference_float64(source, target, f, np, cv2)
    tint_ok = bool((ours[..., :3] == np.array(f.tint[:3], np.uint8)).all())

    runs = entry["samples"]
    cv2.setNumThreads(1)
    float32_time = median_ns(float32.render, runs)
    blur_time = median_ns(float32.blur_only, runs)
    eight_bit_time = median_ns(eight_bit.render, runs)
    cores = os.cpu_count() or 1
    cv2.setNumThreads(cores)
    float32_all = median_ns(float32.render, runs)
    eight_bit_all = median_ns(eight_bit.render, runs)
    cv2.setNumThreads(1)
    return {
        "name": entry["name"], "label": label(entry), "size": f"{f.width}²", "radius": f.radius, "n": f.n,
        "samples": runs,
        "softness": f.softness,
        "oursSerialNs": entry["serialMedianNanoseconds"],
        "oursAutomaticNs": entry["automaticMedianNanoseconds"],
        "oursAutomaticIdentical": entry["automaticIdentical"],
        "opencvFloat32Ns": float32_time, "opencvFloat32BlurOnlyNs": blur_time,
        "opencv8BitNs": eight_bit_time,
        "opencvFloat32AllThreadsNs": float32_all, "opencv8BitAllThreadsNs": eight_bit_all,
        "maxDiffVsOpenCVFloat32": max_difference(ours, float32.rgba, np),
        "maxDiffVsFloat64": max_difference(ours[..., 3], reference, np),
        "maxDiff8BitVsOurs": max_difference(ours, eight_bit.rgba, np),
        "maxDiffOpenCVFloat32VsFloat64": max_difference(float32.alpha, reference, np),
        "tintBytesExact": tint_ok,
        "weightUlps": weight_ulps,
    }


# ---------------------------------------------------------------------------------------
# Reporting


def ms(ns: float) -> str:
    value = ns / 1e6
    return f"{value:.3f} ms" if value < 10 else f"{value:.1f} ms"


def ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.1f}×"


def markdown_table(header: list[str], rows: list[list[str]]) -> list[str]:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    return [line(header), "| " + " | ".join("---" for _ in header) + " |", *(line(row) for row in rows)]


def plain_table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
            for row in [header, *rows]]


def main_tables(results: list[dict], cores: int) -> tuple[list[str], list[list[str]], list[str], list[list[str]]]:
    header = ["workload", "ours, 1 thread", f"ours, {cores} threads", "OpenCV float32 sepFilter2D, 1 thread",
              "OpenCV 8-bit GaussianBlur, 1 thread", "OpenCV float32 / ours", "OpenCV 8-bit / ours",
              "max |Δ| vs OpenCV float32", "max |Δ| vs float64"]
    rows = [[r["label"], ms(r["oursSerialNs"]), ms(r["oursAutomaticNs"]),
             ms(r["opencvFloat32Ns"]), ms(r["opencv8BitNs"]), ratio(r["opencvFloat32Ns"], r["oursSerialNs"]),
             ratio(r["opencv8BitNs"], r["oursSerialNs"]), str(r["maxDiffVsOpenCVFloat32"]),
             str(r["maxDiffVsFloat64"])] for r in results]
    detail_header = ["workload", "OpenCV sepFilter2D alone, 1 thread", f"OpenCV float32, {cores} threads",
                     f"OpenCV 8-bit, {cores} threads", f"best OpenCV / ours, {cores} threads",
                     f"ours: {cores} threads speed-up", "max |Δ| 8-bit path vs ours", "s", "samples"]
    detail_rows = [[r["label"], ms(r["opencvFloat32BlurOnlyNs"]), ms(r["opencvFloat32AllThreadsNs"]),
                    ms(r["opencv8BitAllThreadsNs"]),
                    ratio(min(r["opencvFloat32AllThreadsNs"], r["opencv8BitAllThreadsNs"]), r["oursAutomaticNs"]),
                    ratio(r["oursSerialNs"], r["oursAutomaticNs"]), str(r["maxDiff8BitVsOurs"]),
                    f"{r['softness']:g}", str(r["samples"])]
                   for r in results]
    return header, rows, detail_header, detail_rows


def heading(info: dict) -> list[str]:
    m = info["machine"]
    features = ", ".join(m["features"]) or "no AVX2"
    return [
        f"Commit `{info['commit']}`, {m['cpu']} ({m['cores']} cores; {features}), {info['date']}; "
        f"{info['swift']}, OpenCV {info['opencv']}, NumPy {info['numpy']}, Python {info['python']}; "
        f"load average {info['loadBefore']:.2f} before, {info['loadAfter']:.2f} after.",
        "",
        f"Reproduce: `{info['command']}`",
    ]


def opencv_markdown(info: dict, results: list[dict]) -> str:
    header, rows, detail_header, detail_rows = main_tables(results, info["machine"]["cores"])
    lines = [
        "<!-- generated by Benchmarks/Scripts/compare-opencv.py: rerun it rather than editing -->",
        "#### MorphRenderer against OpenCV at p = 0.5 (RGBA8 out): real icon pairs, then workloads a–d",
        "",
        *heading(info),
        "",
        *markdown_table(header, rows),
        "",
        *markdown_table(detail_header, detail_rows),
        "",
        "The real icon pairs (`RealIconWorkload`, issue 19) come first: Adwaita's "
        "media-playback-start → media-playback-pause from the 96 px PNGs, the built-in symbols heart → star "
        "and bell → magnifyingglass, and Adwaita's edit-find → mail-send from the SVGs, each icon scaled to "
        "75 % of the side and centred, at 132 and 512 px; then workloads a–d, the disc → rounded square "
        "morph of issue 4. Medians of as many samples as morph-bench takes, compute only (inputs in memory, "
        "output buffers allocated beforehand). Ours: `MorphRenderer.render(…, format: .rgba8)` with "
        "`.serial` and `.automatic` concurrency (which keeps frames below "
        "`MorphRenderer.concurrentWorkThreshold`, such as the 132 px ones, on one thread), release build, "
        "default flags, fixed softness s as each workload sets it (column s; every side draws the frame "
        "with it). OpenCV float32: the mix and the "
        "smoothstep in NumPy float32, the blur by `cv2.sepFilter2D` (`BORDER_CONSTANT`), the "
        "library's Gaussian derived independently from Rmax, L and p; OpenCV 8-bit: "
        "`cv2.addWeighted` to uint8, `cv2.GaussianBlur` (ksize 2n + 1, same σ, `BORDER_CONSTANT`) and "
        "a 256-entry smoothstep table (its field is quantised to 1/255, so it differs from the exact "
        "frame by design). OpenCV picks AVX2/AVX-512 code at run time; ours runs the default "
        "(SSE) build. Δ is in output bytes; the float64 reference is the same math in double "
        "precision, rounded. The Gaussian weights derived in Python differ from the library's by at "
        f"most {max(r['weightUlps'] for r in results)} float32 ulp.",
    ]
    return "\n".join(lines) + "\n"


def avx2_markdown(info: dict, rows_in: list[dict]) -> str:
    cores = info["machine"]["cores"]
    header = ["workload", "default build, 1 thread", "AVX2 build, 1 thread", "gain",
              f"default, {cores} threads", f"AVX2, {cores} threads", "same bytes"]
    rows = [[r["label"], ms(r["defaultSerialNs"]), ms(r["avx2SerialNs"]),
             ratio(r["defaultSerialNs"], r["avx2SerialNs"]), ms(r["defaultAutomaticNs"]), ms(r["avx2AutomaticNs"]), "yes" if r["identical"] else "NO"]
            for r in rows_in]
    lines = [
        "<!-- generated by Benchmarks/Scripts/compare-opencv.py --avx2: rerun it rather than editing -->",
        "#### Default build against an AVX2 build (app builder's flags): real icon pairs, then workloads a–d",
        "",
        *heading(info),
        "",
        f"AVX2 build: `swift build -c release {' '.join(AVX2_FLAGS)}` (the library carries no flags; an "
        "app passes these when it ships only to CPUs with AVX2 and FMA).",
        "",
        *markdown_table(header, rows),
        "",
        "Medians from `morph-bench --export`, the two builds run one after the other; \"same bytes\" "
        "compares their frames.",
    ]
    return "\n".join(lines) + "\n"


def scaling_markdown(info: dict, report: dict) -> str:
    lines = [
        "<!-- generated by Benchmarks/Scripts/compare-opencv.py --scaling: rerun it rather than editing -->",
        "#### Cost against frame size and blur radius (one thread)",
        "",
        *heading(info),
        "",
        "`morph-bench --scaling`: RGBA frames at p = 0.5 with Rmax = R. Least-squares slopes of "
        f"log(time) against log(pixels) at R = {report['fixedRadius']:g} px and against log(2R + 1) at "
        f"{report['fixedSize']}² px; each point the fastest median of {report.get('rounds', 1)} "
        "run(s) of morph-bench.",
        "",
    ]
    header = ["masks", *[f"{p['size']}²" for p in report["series"][0]["bySize"]], "exponent (pixels)",
              *[f"R = {p['radius']:g}" for p in report["series"][0]["byRadius"]], "exponent (2R + 1)",
              "line: fixed + per tap · (2R + 1)"]
    rows = []
    for series in report["series"]:
        rows.append([series["shapes"], *[ms(p["medianNanoseconds"]) for p in series["bySize"]],
                     f"{series['pixelExponent']:.2f} (R² {series['pixelRSquared']:.3f})",
                     *[ms(p["medianNanoseconds"]) for p in series["byRadius"]],
                     f"{series['kernelWidthExponent']:.2f} (R² {series['kernelWidthRSquared']:.3f})",
                     f"{ms(series['fixedNanoseconds'])} + {series['perTapNanoseconds'] / 1e3:.1f} µs · (2R + 1) "
                     f"(R² {series['affineRSquared']:.3f})"])
    lines += markdown_table(header, rows)
    lines += [
        "",
        "The disc → rounded-square masks scale with the frame, as an icon would. The renderer fills "
        "16 × 16 tiles whose output is flat (beyond the kernel's reach from any edge, or deep inside "
        "both shapes) instead of computing them, so there the computed area grows like the shapes' "
        "outline times R, not like the frame: that morph's exponents describe what an app pays, not "
        "the passes; and across, a block of such rows costs a few terms per edge within reach "
        "rather than a tap pair per pixel of reach (`MixSteps`), so only the vertical pass grows "
        "with R. The checkerboard (4 px cells against 6 px) leaves no tile to skip and changes "
        "every few pixels (about 0.4 changes a pixel: across it takes the taps at small R and the "
        "changes at large R, whose number grows with R too), so its exponents are the cost of "
        "the two passes themselves. The work that does not depend on "
        "the kernel (mix, threshold, tile statistics) is a fixed cost per pixel, so against the "
        "kernel width the line fixed + per tap · (2R + 1) is the better description: an exponent "
        "below 1 with a line of R² near 1 means linear in the taps plus that fixed part.",
    ]
    return "\n".join(lines) + "\n"


def display(path: Path) -> str:
    """`path` relative to the repository when inside it."""
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def update_readmes(results: Path) -> None:
    for name, path, marker in SECTIONS:
        source = results / name
        if not source.is_file():
            continue
        where = path.relative_to(REPO)
        if splice(path, marker, source.read_text()):
            print(f"compare-opencv: {where}: replaced the {marker} section with {display(source)}")
        else:
            print(f"compare-opencv: {where} has no <!-- {marker}:begin --> / <!-- {marker}:end --> markers; "
                  "left unchanged")


# ---------------------------------------------------------------------------------------


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="compare-opencv.py",
        description="MorphRenderer against OpenCV on real icon pairs (issue 19) and workloads a-d (issue 4).")
    parser.add_argument("--quick", action="store_true", help="a tenth of the samples (CI)")
    parser.add_argument("--avx2", action="store_true", help="also time a build with AVX2 code generation")
    parser.add_argument("--scaling", action="store_true", help="also run morph-bench --scaling")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure this many times, alternating ours and OpenCV; keep each fastest median")
    parser.add_argument("--update-readme", action="store_true",
                        help="splice the results between the marker comments in the READMEs")
    parser.add_argument("--readme-only", action="store_true",
                        help="only splice the saved results into the READMEs; measure nothing")
    parser.add_argument("--results", type=Path,
                        help="where to write the results (default: Benchmarks/results, or "
                             "Benchmarks/.build/opencv-results with --quick)")
    parser.add_argument("--skip-build", action="store_true", help="use the morph-bench already built")
    parser.add_argument("--scratch-path", type=Path, help="SwiftPM scratch path (default: Benchmarks/.build)")
    parser.add_argument("--deps", choices=["venv", "target"], default="venv",
                        help="how to install OpenCV: a venv (default; falls back to target) or pip --target")
    arguments = parser.parse_args()
    if arguments.rounds < 1:
        parser.error("--rounds must be at least 1")
    return arguments


def reproducible(arguments: list[str]) -> list[str]:
    """The arguments that change the figures: without the local paths, the way the
    dependencies are installed and the README and build switches."""
    with_value = ("--scratch-path", "--results", "--deps")
    kept, skip_next = [], False
    for argument in arguments:
        if skip_next:
            skip_next = False
        elif argument in with_value:
            skip_next = True
        elif not argument.startswith(tuple(option + "=" for option in with_value)) and argument not in (
                "--update-readme", "--skip-build", "--readme-only"):
            kept.append(argument)
    return kept


def fastest_results(rounds: list[list[dict]]) -> list[dict]:
    """The first round's results with every time (keys ending in Ns) replaced by the fastest
    of all rounds, ours and OpenCV's alike; the byte checks hold in every round or fail."""
    merged = json.loads(json.dumps(rounds[0]))
    for index, result in enumerate(merged):
        for key in result:
            values = [r[index][key] for r in rounds]
            if key.endswith("Ns"):
                result[key] = min(values)
            elif key.startswith("maxDiff") or key == "weightUlps":
                result[key] = max(values)
            elif isinstance(result[key], bool):
                result[key] = all(values)
    return merged


def least_squares_line(x: list[float], y: list[float]) -> tuple[float, float, float]:
    """Slope, intercept and R² of the least-squares line y ≈ intercept + slope · x."""
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / sxx, my - sxy / sxx * mx, (sxy * sxy / (sxx * syy) if syy > 0 else 1.0)


def log_log_fit(x: list[float], y: list[float]) -> tuple[float, float]:
    """The least-squares slope of log y against log x, and its R²."""
    slope, _, r_squared = least_squares_line([math.log(v) for v in x], [math.log(v) for v in y])
    return slope, r_squared


def fastest_scaling(reports: list[dict]) -> dict:
    """The first `morph-bench --scaling` report with every point's median replaced by the
    fastest of all rounds and the exponents fitted again to those."""
    merged = json.loads(json.dumps(reports[0]))
    merged["rounds"] = len(reports)
    for index, series in enumerate(merged["series"]):
        for grid in ("bySize", "byRadius"):
            for point_index, point in enumerate(series[grid]):
                point["medianNanoseconds"] = min(
                    r["series"][index][grid][point_index]["medianNanoseconds"] for r in reports)
        times = [p["medianNanoseconds"] for p in series["bySize"]]
        series["pixelExponent"], series["pixelRSquared"] = log_log_fit(
            [p["size"] ** 2 for p in series["bySize"]], times)
        times = [p["medianNanoseconds"] for p in series["byRadius"]]
        widths = [2 * p["radius"] + 1 for p in series["byRadius"]]
        series["kernelWidthExponent"], series["kernelWidthRSquared"] = log_log_fit(widths, times)
        series["perTapNanoseconds"], series["fixedNanoseconds"], series["affineRSquared"] = (
            least_squares_line(widths, times))
    return merged


def fastest(manifests: list[dict]) -> dict:
    """The first manifest with each workload's medians replaced by the fastest of all rounds."""
    merged = json.loads(json.dumps(manifests[0]))
    for index, entry in enumerate(merged["workloads"]):
        for key in ("serialMedianNanoseconds", "automaticMedianNanoseconds"):
            entry[key] = min(m["workloads"][index][key] for m in manifests)
        entry["automaticIdentical"] = all(m["workloads"][index]["automaticIdentical"] for m in manifests)
    return merged


def main() -> None:
    arguments = parse_arguments()
    if arguments.readme_only:
        update_readmes(arguments.results or RESULTS)
        return
    bootstrap(arguments.deps)
    import cv2  # noqa: E402  (importable only after bootstrap)
    import numpy as np

    command = "cd Benchmarks && python3 Scripts/compare-opencv.py" + "".join(
        " " + shlex.quote(a) for a in reproducible(sys.argv[1:]))
    load_before = os.getloadavg()[0]
    scratch = arguments.scratch_path
    default_binary = swift_build(scratch, [], arguments.skip_build)
    avx2_binary = None
    if arguments.avx2:
        avx2_scratch = (scratch.parent / (scratch.name + "-avx2")) if scratch else BENCH / ".build" / "avx2"
        avx2_binary = swift_build(avx2_scratch, AVX2_FLAGS, arguments.skip_build)

    exports = BENCH / ".build" / "opencv-export"
    default_manifests, avx2_manifests, rounds = [], [], []
    for round_index in range(arguments.rounds):
        if arguments.rounds > 1:
            print(f"compare-opencv: round {round_index + 1} of {arguments.rounds}", flush=True)
        default_manifests.append(export_frames(default_binary, exports / "default", arguments.quick))
        if avx2_binary:
            avx2_manifests.append(export_frames(avx2_binary, exports / "avx2", arguments.quick))
        print(f"compare-opencv: OpenCV {cv2.__version__}, NumPy {np.__version__}: redoing and timing the frames",
              flush=True)
        rounds.append([measure_workload(entry, exports / "default", np, cv2)
                       for entry in default_manifests[-1]["workloads"]])
    manifest = fastest(default_manifests)
    results = fastest_results(rounds)

    scaling_report = None
    if arguments.scaling:
        reports = []
        for round_index in range(arguments.rounds):
            scaling_json = exports / f"scaling-{round_index + 1}.json"
            command_line = [str(default_binary), "--scaling", "--json", str(scaling_json),
                            *(["--quick"] if arguments.quick else [])]
            if subprocess.run(command_line, cwd=BENCH).returncode != 0:
                fail("morph-bench --scaling failed")
            reports.append(json.loads(scaling_json.read_text()))
        scaling_report = fastest_scaling(reports)

    info = {
        "commit": manifest["commit"] if manifest["commit"] != "unknown" else git_commit(),
        "machine": machine(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "swift": swift_version(), "opencv": cv2.__version__, "numpy": np.__version__,
        "python": platform.python_version(), "command": command,
        "loadBefore": load_before, "loadAfter": os.getloadavg()[0],
    }

    header, rows, detail_header, detail_rows = main_tables(results, info["machine"]["cores"])
    print()
    print("\n".join(heading(info)))
    print()
    print("\n".join(plain_table(header, rows)))
    print()
    print("\n".join(plain_table(detail_header, detail_rows)))

    results_dir = arguments.results or (QUICK_RESULTS if arguments.quick else RESULTS)
    results_dir.mkdir(parents=True, exist_ok=True)
    written = [results_dir / "opencv-comparison.md"]
    written[0].write_text(opencv_markdown(info, results))
    everything = {"info": info, "workloads": results}

    avx2_rows = []
    if avx2_binary:
        avx2_manifest = fastest(avx2_manifests)
        for ours, theirs in zip(manifest["workloads"], avx2_manifest["workloads"]):
            identical = ((exports / "default" / ours["frameFile"]).read_bytes()
                         == (exports / "avx2" / theirs["frameFile"]).read_bytes())
            avx2_rows.append({
                "name": ours["name"], "label": label(ours), "defaultSerialNs": ours["serialMedianNanoseconds"],
                "avx2SerialNs": theirs["serialMedianNanoseconds"],
                "defaultAutomaticNs": ours["automaticMedianNanoseconds"],
                "avx2AutomaticNs": theirs["automaticMedianNanoseconds"], "identical": identical})
        text = avx2_markdown(info, avx2_rows)
        (results_dir / "avx2-comparison.md").write_text(text)
        written.append(results_dir / "avx2-comparison.md")
        everything["avx2"] = avx2_rows
        print()
        print("\n".join(line for line in text.splitlines() if line.startswith("|")))
    if scaling_report:
        text = scaling_markdown(info, scaling_report)
        (results_dir / "scaling.md").write_text(text)
        written.append(results_dir / "scaling.md")
        everything["scaling"] = scaling_report
        print()
        print("\n".join(line for line in text.splitlines() if line.startswith("|")))
    (results_dir / "opencv-comparison.json").write_text(json.dumps(everything, indent=2, ensure_ascii=False) + "\n")
    written.append(results_dir / "opencv-comparison.json")
    print()
    print("compare-opencv: wrote " + ", ".join(display(p) for p in written))
    if arguments.update_readme:
        update_readmes(results_dir)

    problems = []
    for r in results:
        if r["maxDiffVsOpenCVFloat32"] > 1:
            problems.append(f"{r['name']}: ours and OpenCV float32 differ by {r['maxDiffVsOpenCVFloat32']}")
        if r["maxDiffVsFloat64"] > 1:
            problems.append(f"{r['name']}: ours and the float64 math differ by {r['maxDiffVsFloat64']}")
        if not r["oursAutomaticIdentical"]:
            problems.append(f"{r['name']}: .automatic gave other bytes than .serial")
        if not r["tintBytesExact"]:
            problems.append(f"{r['name']}: our RGB bytes are not the tint")
    problems += [f"{r['name']}: the AVX2 build gave other bytes" for r in avx2_rows if not r["identical"]]
    if problems:
        print("compare-opencv: FAILED\n  " + "\n  ".join(problems), file=sys.stderr)
        sys.exit(1)
    print("compare-opencv: every frame within 1/255 of OpenCV float32 and of float64")


if __name__ == "__main__":
    main()
