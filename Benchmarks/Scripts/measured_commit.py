"""The commit the benchmark scripts label their figures with (shared by compare-opencv.py and
update-results.py; morph-bench's BenchSupport/Commit.swift applies the same rule)."""

from __future__ import annotations

import subprocess
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
