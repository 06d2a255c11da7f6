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
import numpy as np
from scipy.ndimage import convolve1d, maximum_filter1d

N = 1024
c = N / 2
y, x = np.mgrid[0:N, 0:N] + 0.5
disc = 0.36 * N - np.hypot(x - c, y - c)
half, corner = 0.3 * N, 0.08 * N
qx, qy = np.abs(x - c) - (half - corner), np.abs(y - c) - (half - corner)
square = corner - (np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0))
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
