#!/usr/bin/env python3
"""What a distance-style frame costs beside a metaball frame (issue 18), counted in
instructions rather than timed: `morph-bench --field-styles`' pairs (workloads a–d and four
real 132 px icon pairs), the frame at p = ½ (or `--progress`'s, or a whole 61-frame morph) on
one thread in each style as that report draws it (the metaball style with its automatic
edge). An instruction count does not move with the
machine's load, which on this shared 2-core VM moves a frame's time by 30 % or more between
runs, so it tells apart a change of a few per cent; instructions are not time, so the timed
ratios stay in results/field-styles.md.

Each count runs `morph-bench --repeat N` under valgrind's callgrind twice, N = 1 and N = 3 (a
first time before them computes the distance style's fields): the difference is two frames
(or morphs) alone.

Usage: python3 Benchmarks/Scripts/frame-instructions.py [--pair TEXT]... [--binary PATH] [--progress P|morph]
Needs valgrind; builds morph-bench (release) unless given --binary.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench_common import callgrind_counts, callgrind_instructions, git_commit, machine

PAIRS = ["a: ", "b: ", "c: ", "d: ", "go-next-symbolic → play", "heart → star", "weather-clear-symbolic → heart",
         "dialog-warning-symbolic → dialog-information-symbolic"]


def per_frame(binary: Path, pair: str, style: str, progress: str) -> float:
    """Instructions of one frame at `progress` (or of a whole 61-frame morph: `morph`) of
    `pair` in `style`."""
    base = ["--filter", pair, "--style", style, "--progress", progress]
    (once, _), (thrice, _) = (callgrind_instructions(binary, ["--repeat", str(n)] + base, "frame-instructions")
                              for n in (1, 3))
    return (thrice - once) / 2


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair", action="append", help="a --field-styles pair's name, or part of it (repeatable)")
    parser.add_argument("--binary", help="a release morph-bench to count (default: build it)")
    parser.add_argument("--progress", default="0.5", help="the frame's progress, or morph: a whole 61-frame morph")
    arguments = parser.parse_args()
    pairs = arguments.pair or PAIRS
    jobs = [(pair, style, arguments.progress) for pair in pairs for style in ("metaball", "distance")]
    counts = callgrind_counts("frame-instructions", "morph-bench", arguments.binary, jobs, per_frame)
    info = machine()
    what = "per 61-frame morph" if arguments.progress == "morph" else f"per frame at p = {arguments.progress}"
    print(f"Commit `{git_commit()}`, {info['cpu']}; valgrind callgrind, instructions {what}, one thread.")
    print("")
    print("| pair | metaball | distance | distance / metaball |")
    print("| --- | ---: | ---: | ---: |")
    for pair in pairs:
        metaball, distance = counts[(pair, "metaball", arguments.progress)], counts[(pair, "distance", arguments.progress)]
        print(f"| {pair.strip().rstrip(':')} | {metaball:,.0f} | {distance:,.0f} | {distance / metaball:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
