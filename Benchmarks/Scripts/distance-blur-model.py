#!/usr/bin/env python3
"""How much of a distance frame's blur across any exact method must compute: workload c
(1024 px, disc -> rounded square, R 48) at p = 1/2, modelled in float64 with numpy and scipy.

The frame needs V = G_y * G_x * phi only within 1.5 px of its outline; V at a pixel reads the
blur across, A = G_x * phi, in the 2n + 1 rows around it. This prints how many pixels of A the
edge segments read when they are 16, 8, 4, 2 or 1 pixels wide (16 is what
DistanceFrameRenderer computes): even pixel by pixel the band of rows around the outline
stays, so a frame costs about (2n + 1)^2 multiply-adds per outline pixel.

Usage: python3 Benchmarks/Scripts/distance-blur-model.py
"""
import os
import sys

import numpy as np
from scipy.ndimage import convolve1d, maximum_filter1d

sys.path.insert(0, os.path.dirname(__file__))
from bench_common import disc_and_square  # noqa: E402

N = 1024
disc, square = disc_and_square(N)
phi = 0.5 * disc + 0.5 * square
n, sigma = 48, 24.0
weights = np.exp(-np.arange(-n, n + 1) ** 2 / (2 * sigma * sigma))
weights /= weights.sum()
across = convolve1d(phi, weights, axis=1, mode="nearest")
blurred = convolve1d(across, weights, axis=0, mode="nearest")
needed = np.abs(blurred) < 1.5
print(f"pixels within 1.5 px of the outline: {needed.sum()}")
for width in (16, 8, 4, 2, 1):
    segments = needed.reshape(N, N // width, width).any(axis=2)
    read = maximum_filter1d(segments.astype(np.uint8), size=2 * n + 1, axis=0) > 0
    print(f"segments {width:2} px wide: {segments.sum():6} edge segments, A read at {read.sum() * width:7} pixels, "
          f"V at {segments.sum() * width:6}")
