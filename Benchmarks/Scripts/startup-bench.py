#!/usr/bin/env python3
"""Whole-process wall time of the iconmorph CLI (issue 4: two 132 px PNGs in, one PNG out).

Builds the release CLI, makes two 132 px PNG icons in a temporary folder with it, then times
complete process runs (spawn to exit) and prints, per command, the median, min and max wall time
and the median CPU time in milliseconds, next to /bin/true as the floor of spawning any process
on this machine.

    Benchmarks/Scripts/startup-bench.py                  # builds with swift build -c release
    Benchmarks/Scripts/startup-bench.py --runs 101
    Benchmarks/Scripts/startup-bench.py --static-swift-stdlib --scratch-path /tmp/build-static
    Benchmarks/Scripts/startup-bench.py --binary old/iconmorph --binary new/iconmorph   # no build
    Benchmarks/Scripts/startup-bench.py --c-baseline DIR    # and the C baseline (issue 19)

With --c-baseline DIR (a folder holding 0-source.png and 0-target.png, 132 px icons with the
mask as alpha, as `morph-bench --icons DIR` writes them) it also times the C
baseline's whole process (`CBaseline/morph-baseline`, built with `make -C CBaseline`: read
two PNGs with libpng, render the frame at p = 0.5, write an RGBA PNG with libpng's fast
setting; also linked statically) against each binary doing
the same (`render --progress 0.5 F`, F = `--blur 4 --blur-levels 49 --softness 0.1`: the C's
blur, levels and fixed edge) and writing 60 frames
to PNG files in a fresh folder; first it checks that the binary's frame (`--format rgba`)
is the C baseline's within 1 per byte, and exits with status 1 when it is not.

The commands run round-robin (one run of each, repeated), after a few warm-up rounds, so that
a burst of machine load affects all of them alike. Their files go to a temporary folder on
tmpfs (/dev/shm) when there is one. Output goes to /dev/null or to files in the
temporary folder; each run's exit status is checked.
"""

import argparse
import os
import shutil
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

PACKAGE_ROOT = pathlib.Path(__file__).resolve().parents[2]
BENCH = PACKAGE_ROOT / "Benchmarks"
# The C baseline's frame: p = 0.5, Rmax 12 px over 49 levels, softness 0.1; and the same frame
# by the tool, every setting spelled out (4 pt at the default 3 px a point is 12 px).
C_FRAME = ["0.5", "12", "49", "0.1"]
TOOL_FRAME = ["--blur", "4", "--blur-levels", "49", "--softness", "0.1"]


def build_c_baseline():
    """CBaseline/morph-baseline and morph-baseline-static, built by its Makefile (gcc -O3
    -march=native; the second linked statically)."""
    subprocess.run(["make", "-s", "-C", str(BENCH / "CBaseline")], check=True, stdout=sys.stderr)
    folder = BENCH / ".build" / "c-baseline"
    return folder / "morph-baseline", folder / "morph-baseline-static"


def check_c_frames(c_binaries, binaries, source, target, folder):
    """The largest byte difference between each C baseline's frame and each binary's."""
    frames = {binary: subprocess.run([str(binary), "render", "--from", str(source), "--to", str(target),
                                      "--progress", "0.5", *TOOL_FRAME, "--format", "rgba", "-q"],
                                     check=True, capture_output=True).stdout
              for binary in binaries}
    worst = 0
    for c_binary in c_binaries:
        raw = folder / "c-frame.rgba"
        subprocess.run([str(c_binary), str(source), str(target), str(raw), *C_FRAME], check=True)
        expected = raw.read_bytes()
        for binary, frame in frames.items():
            if not expected or len(frame) != len(expected):
                raise SystemExit(f"startup-bench: {binary} wrote {len(frame)} bytes, {c_binary.name} {len(expected)}")
            difference = max(abs(a - b) for a, b in zip(frame, expected))
            print(f"check: {binary} and the C baseline ({c_binary.name}), largest byte difference {difference} "
                  "(allowed 1)")
            worst = max(worst, difference)
    return worst


def run_once(argv, null, prepare=None):
    """Wall time of one complete run, spawn to reaped exit, and the child's CPU time (user +
    system, all threads), both in milliseconds; `prepare` runs first, untimed."""
    if prepare:
        prepare()
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter_ns() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"startup-bench: {' '.join(argv)} exited with status {code}")
    return elapsed / 1e6, (usage.ru_utime + usage.ru_stime) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # 101: on this kind of machine (a VM whose speed drifts by tens of per cent within minutes)
    # medians of 41 runs moved a ratio by up to 0.1 between consecutive runs.
    parser.add_argument("--runs", type=int, default=101, help="timed runs of each command (default 101)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed rounds first (default 3)")
    parser.add_argument("--binary", action="append",
                        help="time this iconmorph instead of building one; repeat to compare binaries in one run")
    parser.add_argument("--scratch-path", help="passed to swift build")
    parser.add_argument("--static-swift-stdlib", action="store_true", help="passed to swift build")
    parser.add_argument("--c-baseline", metavar="DIR", type=pathlib.Path,
                        help="also time the C baseline on DIR/0-source.png and DIR/0-target.png (see above)")
    args = parser.parse_args()

    if args.binary:
        binaries = [pathlib.Path(b).resolve() for b in args.binary]
    else:
        binaries = [build(args.scratch_path, args.static_swift_stdlib)]
    # On tmpfs when there is one: on a disk file system, creating and deleting thousands of files
    # a minute (every run replaces its outputs, and the tool writes each through a new temporary
    # file) makes ext4's inode allocator scan recently deleted inodes, a cost that grows over the
    # benchmark and is not the tool's (the C baseline rewrites one file in place).
    memory = pathlib.Path("/dev/shm")
    scratch = str(memory) if memory.is_dir() and os.access(memory, os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="iconmorph-startup-", dir=scratch) as folder:
        folder = pathlib.Path(folder)
        a_png, b_png, out_png = folder / "a.png", folder / "b.png", folder / "out.png"
        first = str(binaries[0])
        subprocess.run([first, "render", "--progress", "0", "-o", str(a_png), "-q"], check=True)
        subprocess.run([first, "render", "--from", "stop", "--progress", "1", "-o", str(b_png), "-q"], check=True)

        commands = [("/bin/true", None, ["/bin/true"])]
        c_failed = False
        if args.c_baseline:
            source, target = args.c_baseline / "0-source.png", args.c_baseline / "0-target.png"
            c_binary, c_static = build_c_baseline()
            c_failed = check_c_frames([c_binary, c_static], binaries, source, target, folder) > 1
            commands += [
                ("C baseline: one frame from two PNGs", None,
                 [str(c_binary), str(source), str(target), str(out_png), *C_FRAME]),
                ("C baseline, linked statically: the same", None,
                 [str(c_static), str(source), str(target), str(out_png), *C_FRAME]),
            ]
        for binary in binaries:
            exe = str(binary)
            commands += [
                ("iconmorph symbols", binary, [exe, "symbols"]),
                ("iconmorph render --progress 0.5 -o X -q", binary,
                 [exe, "render", "--progress", "0.5", "-o", str(out_png), "-q"]),
                ("iconmorph render --from a.png --to b.png --progress 0.5 -o X -q", binary,
                 [exe, "render", "--from", str(a_png), "--to", str(b_png), "--progress", "0.5",
                  "-o", str(out_png), "-q"]),
            ]
            if args.c_baseline:
                frames = folder / "frames"

                def fresh_folder(frames=frames):
                    shutil.rmtree(frames, ignore_errors=True)
                    frames.mkdir()
                commands += [
                    ("C's job: render --from S --to T --progress 0.5 F -o X -q", binary,
                     [exe, "render", "--from", str(source), "--to", str(target), "--progress", "0.5",
                      *TOOL_FRAME, "-o", str(out_png), "-q"]),
                    ("60 frames: render --from S --to T --frames 60 F -o DIR -q", binary,
                     [exe, "render", "--from", str(source), "--to", str(target), "--frames", "60",
                      *TOOL_FRAME, "-o", str(frames), "-q"], fresh_folder),
                ]
        times = [[] for _ in commands]
        cpu_times = [[] for _ in commands]
        null = os.open(os.devnull, os.O_WRONLY)
        for round_index in range(args.warmup + args.runs):
            for index, (_, _, argv, *prepare) in enumerate(commands):
                elapsed, cpu = run_once(argv, null, *prepare)
                if round_index >= args.warmup:
                    times[index].append(elapsed)
                    cpu_times[index].append(cpu)
        os.close(null)

    print(f"runs: {args.runs} of each, round-robin, after {args.warmup} warm-up rounds; milliseconds")
    print("wall: spawn to reaped exit; cpu: the child's user + system time (less sensitive to load)")
    width = max(len(label) for label, *_ in commands)
    shown = None
    for index, (label, binary, *_) in enumerate(commands):
        if binary is not None and binary != shown:
            shown = binary
            print(f"\nbinary: {binary}")
            print(f"{'command':<{width}}  wall median     min     max  cpu median")
        elif binary is None:
            print(f"{'command':<{width}}  wall median     min     max  cpu median")
        samples = times[index]
        print(f"{label:<{width}}  {statistics.median(samples):11.2f}  {min(samples):6.2f}  {max(samples):6.2f}"
              f"  {statistics.median(cpu_times[index]):10.2f}")
    if c_failed:
        raise SystemExit("startup-bench: a binary's frame differs from the C baseline's by more than 1")


if __name__ == "__main__":
    main()
