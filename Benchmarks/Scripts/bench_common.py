"""What the benchmark scripts share: the heading of a results file (the commit measured, the
machine, the Swift version; morph-bench's BenchSupport/Commit.swift applies the same commit
rule), the splicing of generated text into a README (compare-opencv.py, update-results.py),
a PNG's pixels as ffmpeg decodes them (vector-fidelity.py, png-layout-bound.py), and the
instructions valgrind counts for a run of a benchmark (trace-instructions.py,
frame-instructions.py)."""

from __future__ import annotations

import functools
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# What the figures depend on: the library's and the benchmarks' sources and manifests. The
# results files a run writes are not among them, so writing them does not make a run dirty.
MEASURED_PATHS = ["Package.swift", "Sources", "Benchmarks/Package.swift", "Benchmarks/Sources",
                  "Benchmarks/Scripts", "Benchmarks/Tools"]


def git_commit() -> str:
    """`git rev-parse --short HEAD`, with +dirty when a measured path differs from it."""
    def git(*arguments: str) -> str | None:
        result = subprocess.run(["git", "-C", str(REPO), *arguments], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        return result.stdout.strip() if result.returncode == 0 else None

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", *MEASURED_PATHS)
    return commit + ("+dirty" if dirty else "")


def machine() -> dict:
    model, flags = platform.machine(), set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = (part.strip() for part in line.partition(":"))
            if key == "model name" and model == platform.machine():
                model = value
            elif key == "flags" and not flags:
                flags = set(value.split())
    except OSError:
        pass
    features = [name for name, flag in (("AVX2", "avx2"), ("FMA", "fma"), ("AVX-512", "avx512f")) if flag in flags]
    return {"cpu": model, "cores": os.cpu_count() or 1, "features": features}


def swift_version() -> str:
    try:
        first = subprocess.run(["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "unknown"
    return first.split("(")[0].replace("Swift version", "Swift").strip()


def splice(path: Path, marker: str, content: str) -> bool:
    """Replaces the text between <!-- marker:begin --> and <!-- marker:end --> in `path`;
    False when the file or a marker is missing."""
    begin, end = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
    if not path.is_file():
        return False
    text = path.read_text()
    start, stop = text.find(begin), text.find(end)
    if start < 0 or stop < start:
        return False
    path.write_text(text[: start + len(begin)] + "\n" + content + text[stop:])
    return True


def decoded_rgba(path: str):
    """The PNG file's pixels as ffmpeg decodes them: a height × width × 4 numpy array of bytes
    (numpy is imported here, so that the scripts without it can import this module)."""
    import numpy as np
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                         capture_output=True, check=True).stdout
    header = Path(path).read_bytes()[16:24]
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    return np.frombuffer(raw, np.uint8).reshape(height, width, 4)


def disc_and_square(size: int):
    """Workloads a-d's two shapes on a `size` px canvas as exact signed distances (positive
    inside), sampled at the pixel centres: a disc and a rounded square, as numpy arrays."""
    import numpy as np
    c = size / 2
    y, x = np.mgrid[0:size, 0:size] + 0.5
    disc = 0.36 * size - np.hypot(x - c, y - c)
    half, corner = 0.3 * size, 0.08 * size
    qx, qy = np.abs(x - c) - (half - corner), np.abs(y - c) - (half - corner)
    square = corner - (np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0))
    return disc, square


def write_rgb_png(path: str, pixels) -> None:
    """Writes `pixels` (a height × width × 3 numpy array of bytes) as an RGB PNG file with
    ffmpeg, the tool `decoded_rgba` reads PNG files with."""
    height, width, _ = pixels.shape
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}",
                    "-i", "-", "-frames:v", "1", path], input=pixels.tobytes(), check=True)


def callgrind_instructions(binary: Path, arguments: list[str], script: str,
                           inside: str | None = None) -> tuple[int, int]:
    """Instructions callgrind counts for one run of `binary` with `arguments` (Swift's hashing
    seeded alike) — with `inside` (a symbol, `function_symbol`), only those executed within
    that function and what it calls — and the count in the third column of the one table row
    the run prints (the frames it worked on). `script` names the caller in the message of a
    failed run."""
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    collect = ["--collect-atstart=no", f"--toggle-collect={inside}"] if inside else []
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *collect, str(binary),
                             *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    found = re.search(r"Collected : (\d+)", result.stderr)
    rows = [line.split("|") for line in result.stdout.splitlines() if line.startswith("| ")]
    if result.returncode != 0 or not found:
        sys.exit(f"{script}: {binary.name} {' '.join(arguments)} failed under valgrind:\n{result.stderr[-2000:]}")
    if len(rows) != 1:
        sys.exit(f"{script}: {' '.join(arguments)} worked on {len(rows)} pairs; name one")
    return int(found.group(1)), int(rows[0][3])


@functools.cache
def function_symbol(binary: Path, pattern: str, script: str) -> str:
    """The one symbol of `binary` (not stripped of its symbol table) that the regular
    expression `pattern` finds; exits with a message when there is none or more than one.
    Looked up once a binary and pattern (every job of a script asks)."""
    names = subprocess.run(["nm", str(binary)], check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    found = sorted({name for name in names if re.search(pattern, name)})
    if len(found) != 1:
        sys.exit(f"{script}: {len(found)} symbols of {binary.name} match {pattern}: {found[:4]}")
    return found[0]


def callgrind_counts(script: str, product: str, binary: str | None, jobs: list[tuple], count) -> dict:
    """`count(binary, *job)` for every job, two at a time, on a copy without debug information
    (valgrind cannot read the Swift toolchain's) of `binary`, or of the Benchmarks package's
    `product` built for release when `binary` is None. Exits with a message when valgrind or
    strip is missing; `script` names the caller in it."""
    for tool, package in (("valgrind", "valgrind"), ("strip", "binutils")):
        if not shutil.which(tool):
            sys.exit(f"{script}: needs {tool} (apt-get install {package})")
    if binary:
        built = Path(binary)
    else:
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=REPO / "Benchmarks", check=True,
                       stdout=subprocess.DEVNULL)
        output = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO / "Benchmarks",
                                check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
        built = Path(output) / product
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / built.name
        shutil.copy(built, copy)
        subprocess.run(["strip", "--strip-debug", str(copy)], check=True)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            return dict(zip(jobs, pool.map(lambda job: count(copy, *job), jobs)))
