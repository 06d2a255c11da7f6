#!/usr/bin/env python3
"""What tracing a frame into outline layers costs beside rendering it, counted in instructions
rather than timed: path-bench's pairs at 132 px, each frame of a 61-frame morph and the frame
at p = ½, rendered (MorphRenderer, one thread) and traced (MaskTracer, 0.1 px). An instruction
count does not move with the machine's load, which on a shared 2-core VM moves the same
frame's time by 30 % or more between runs, so it tells a change of a few per cent apart;
instructions are not time (tracing is branchier than rendering), so the timed ratios stay in
results/path-bench.md.

Each count runs `path-bench --repeat N` under valgrind's callgrind twice, N = 1 and N = 3,
with Swift's hashing seeded alike: the difference is two rounds of the repeated work alone.
Only the instructions inside the measured call are counted (`MorphRenderer.render` or
`MaskTracer.layers`, callgrind's --toggle-collect): counted whole, a run's total moved by
up to 490,000 instructions from one run of the same binary to the next, outside both (the
frame at p = ½ of heart → star read 295,000 or 539,000 instructions a frame, where the
tracer's own functions took 289,000 every time).

Usage: python3 Benchmarks/Scripts/trace-instructions.py [--pair TEXT] [--binary PATH]
Needs valgrind; builds path-bench (release) unless given --binary.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench_common import callgrind_counts, callgrind_instructions, function_symbol, git_commit, machine

# The calls each work counts the instructions of: MorphRenderer.render(source:target:progress:into:bytesPerRow:format:)
# and MaskTracer.layers(of:width:height:).
MEASURED = {"render": r"^\$s11MorphKernel0A8RendererC6render6source6target8progress4into11bytesPerRow6format",
            "trace": r"^\$s12OutlineTrace10MaskTracerV6layers2of5width6heightSay"}

PAIRS = ["play → pause", "heart → star", "bell → magnifyingglass", "media-playback", "edit-find"]


def per_frame(binary: Path, pair: str, work: str, progress: str | None) -> float:
    """Instructions a frame of `work` on `pair` (the morph's frames, or the one at `progress`)."""
    base = ["--pair", pair, "--work", work] + (["--progress", progress] if progress else [])
    inside = function_symbol(binary, MEASURED[work], "trace-instructions")
    (once, frames), (thrice, _) = (callgrind_instructions(binary, ["--repeat", str(n)] + base, "trace-instructions", inside)
                                   for n in (1, 3))
    return (thrice - once) / 2 / frames


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair", action="append", help="a path-bench pair's name, or part of it (repeatable)")
    parser.add_argument("--binary", help="a release path-bench to count (default: build it)")
    arguments = parser.parse_args()
    pairs = arguments.pair or PAIRS
    jobs = [(pair, work, progress) for pair in pairs for progress in (None, "0.5") for work in ("render", "trace")]
    counts = callgrind_counts("trace-instructions", "path-bench", arguments.binary, jobs, per_frame)
    info = machine()
    print(f"Commit `{git_commit()}`, {info['cpu']}; valgrind callgrind, instructions per frame.")
    print("")
    print("| pair | 61 frames: rendering | tracing | tracing / rendering | p = ½: rendering | tracing | tracing / rendering |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for pair in pairs:
        cells = []
        for progress in (None, "0.5"):
            render, trace = counts[(pair, "render", progress)], counts[(pair, "trace", progress)]
            cells += [f"{render:,.0f}", f"{trace:,.0f}", f"{trace / render:.2f}"]
        print(f"| {pair} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
