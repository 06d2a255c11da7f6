#!/usr/bin/env bash
# The least address space (`ulimit -v`, in KB) under which a command still succeeds, found by
# bisection to about 2 %: the figures `MemoryNeeds` (Sources/iconmorph/Commands) is fitted to.
# Run it on a build without the check (the parent of its commit) to find a command's own
# need; on a build with it, what the check lets through.
#
# Usage: Benchmarks/Scripts/least-address-space.sh BINARY ARGUMENT...
#   e.g. Benchmarks/Scripts/least-address-space.sh .build/release/iconmorph \
#            render --progress 0.5 --size 4096 --scale 1 --style distance -o /tmp/x.png
set -u
binary=$1
shift
low=20000
high=12000000
while [ $((high - low)) -gt $((low / 50 + 1000)) ]; do
    middle=$(((low + high) / 2))
    if (ulimit -v "$middle" && "$binary" "$@" -q >/dev/null 2>&1); then high=$middle; else low=$middle; fi
done
echo "$high KB"
