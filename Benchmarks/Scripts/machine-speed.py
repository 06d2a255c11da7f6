#!/usr/bin/env python3
"""How fast this machine's processor runs now, window by window: a fixed loop written in C
(compiled with gcc -O2 into a scratch folder), counted over consecutive 50 ms windows, on one
thread and, with --threads 2, on two threads at once (each its own data).

On the 2-core VM these benchmarks run on, the counts fall into two levels about 2× apart,
and a process moves between them every few hundred milliseconds to seconds, for plain C as
for the library; two threads at once sometimes ran no faster than one. A timing taken
across such a switch compares two machines: that is why the benchmarks time their sides in
alternating turns, and why `morph-bench --c-baseline` times the C baseline's speed-up in the
same turns as the library's.

Usage: python3 Benchmarks/Scripts/machine-speed.py [--windows N] [--threads 1|2]
Needs gcc.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROGRAM = r"""
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int windows;
static void *count(void *argument) {
    static float data[2][16384];
    float *row = data[(long)argument];
    long *counts = calloc(windows, sizeof(long));
    for (int w = 0; w < windows; w++) {
        double start = now();
        while (now() - start < 0.05) {
            for (int i = 0; i < 16384; i++) row[i] = row[i] * 0.999f + 1.0f;
            counts[w]++;
        }
    }
    return counts;
}
int main(int argc, char **argv) {
    windows = atoi(argv[1]);
    int threads = atoi(argv[2]);
    pthread_t other;
    if (threads == 2) pthread_create(&other, NULL, count, (void *)1);
    long *mine = count((void *)0), *theirs = NULL;
    if (threads == 2) pthread_join(other, (void **)&theirs);
    for (int w = 0; w < windows; w++) {
        if (theirs) printf("%ld+%ld ", mine[w], theirs[w]); else printf("%ld ", mine[w]);
    }
    printf("\n");
    return 0;
}
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--windows", type=int, default=40)
    parser.add_argument("--threads", type=int, choices=[1, 2], default=1)
    arguments = parser.parse_args()
    if not shutil.which("gcc"):
        sys.exit("machine-speed: needs gcc")
    with tempfile.TemporaryDirectory() as scratch:
        source, binary = Path(scratch) / "speed.c", Path(scratch) / "speed"
        source.write_text(PROGRAM)
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(source), "-lpthread"], check=True)
        counts = subprocess.run([str(binary), str(arguments.windows), str(arguments.threads)],
                                check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    print(f"loops per 50 ms window, {arguments.threads} thread(s)" + (" (each thread's)" if arguments.threads == 2 else ""))
    print(" ".join(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
