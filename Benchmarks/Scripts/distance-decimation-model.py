#!/usr/bin/env python3
"""Whether a distance frame's V could be computed on a coarse grid and interpolated: for
workloads a-d and real icon pairs at p = 1/2, modelled in float64 with numpy and scipy.

V = G_y * G_x * phi is computed exactly (the kernel as GaussianKernel makes it: n = ceil(R),
sigma = R / 2, truncated and normalised; the border's values repeated outside the canvas),
then sampled every h pixels both ways and interpolated back with cubic (4-point Lagrange)
weights, one axis after the other. Printed per case and h: the largest |dV| over the pixels
within 1.5 px of the outline (the only ones whose alpha is partial), and the largest change
of alpha in levels of 255 it can make there (pixels within 2h of the canvas's edge left out:
the model's interpolation clamps its samples there, where a frame would compute V exactly), sqrt(2) * 255 * |dV| / max(|grad V|, 0.05)
(the distance style's edge: alpha moves by at most sqrt(2) per pixel of d = V / max(g, f)).
An interpolated frame keeps the documented bound (every byte within 1 of the float64
reference) only where that change stays well under 1.

Computing V only at every h-th row and column would cost the blur down 1/h of its rows and
the blur across 1/h^2 of its pixels (both passes on the band around the outline, as now),
plus the interpolation at the outline's pixels; at h = 1 it is the exact frame.

Real icons need `iconmorph` (release build) to draw their masks: --bin PATH (default
.build/release/iconmorph from the package's root). Their phi is a plain Euclidean distance
transform of the mask cut at 1/2 (scipy), not the library's subpixel one: close enough for
how smooth V is, which is what the interpolation error depends on.

Usage: python3 Benchmarks/Scripts/distance-decimation-model.py [--bin PATH] [--only TEXT]
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy.ndimage import convolve1d, distance_transform_edt

sys.path.insert(0, os.path.dirname(__file__))
from bench_common import decoded_rgba, disc_and_square  # noqa: E402

ADWAITA = "/usr/share/icons/Adwaita/scalable/"


def kernel(radius):
    n = int(np.ceil(radius))
    sigma = radius / 2
    weights = np.exp(-np.arange(-n, n + 1) ** 2 / (2 * sigma * sigma))
    return weights / weights.sum()


def blurred(phi, radius):
    weights = kernel(radius)
    across = convolve1d(phi, weights, axis=1, mode="nearest")
    return convolve1d(across, weights, axis=0, mode="nearest")


def cubic_weights(t):
    """4-point Lagrange weights at t in [0, 1) for the nodes -1, 0, 1, 2."""
    return np.stack([-t * (t - 1) * (t - 2) / 6, (t + 1) * (t - 1) * (t - 2) / 2,
                     -(t + 1) * t * (t - 2) / 2, (t + 1) * t * (t - 1) / 6])


def interpolated(coarse, h, size, axis):
    """`coarse` (samples at 0, h, 2h, ... along `axis`) interpolated back to `size` points."""
    index = np.arange(size)
    base, t = index // h, (index % h) / h
    weights = cubic_weights(t)
    last = coarse.shape[axis] - 1
    result = 0
    for k, offset in enumerate((-1, 0, 1, 2)):
        taken = np.take(coarse, np.clip(base + offset, 0, last), axis=axis)
        shape = [1, 1]
        shape[axis] = size
        result = result + taken * weights[k].reshape(shape)
    return result


def decimated(v, h):
    size = v.shape[0]
    coarse = v[::h, ::h]
    return interpolated(interpolated(coarse, h, size, 0), h, size, 1)


def icon_phi(binary, icon, size):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mask.png")
        subprocess.run([binary, "mask", "--from", icon, "--size", str(size), "--scale", "1", "-q", "-o", path],
                       check=True)
        coverage = (255 - decoded_rgba(path)[..., 0].astype(float)) / 255
    inside = coverage >= 0.5
    return distance_transform_edt(inside) - distance_transform_edt(~inside)


def report(name, phi, radius, steps):
    v = blurred(phi, radius)
    gy, gx = np.gradient(v)
    slope = np.maximum(np.hypot(gx, gy), 0.05)
    for h in steps:
        near = np.abs(v) < 1.5
        border = 2 * h
        near[:border, :] = near[-border:, :] = near[:, :border] = near[:, -border:] = False
        error = np.abs(decimated(v, h) - v)
        levels = np.sqrt(2) * 255 * error / slope
        print(f"| {name} | {radius:g} | {h} | {near.sum()} | {error[near].max():.5f} | {levels[near].max():.3f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/iconmorph")
    parser.add_argument("--only", action="append", default=[])
    arguments = parser.parse_args()
    cases = []
    for label, size, radius in (("a", 132, 12), ("b", 512, 32), ("c", 1024, 48), ("d", 2048, 96)):
        cases.append((f"{label}: disc → rounded square, {size}²", lambda size=size: 0.5 * sum(disc_and_square(size)),
                      radius, (2, 4, 8)))
    pairs = [(ADWAITA + "actions/media-playback-start-symbolic.svg", ADWAITA + "actions/media-playback-pause-symbolic.svg"),
             ("heart", "star"),
             (ADWAITA + "actions/edit-delete-symbolic.svg", ADWAITA + "actions/list-add-symbolic.svg")]
    for source, target in pairs:
        for size, radius in ((132, 12), (512, 32)):
            name = f"{os.path.basename(source).removesuffix('.svg')} → {os.path.basename(target).removesuffix('.svg')}, {size}²"
            cases.append((name, lambda s=source, t=target, size=size:
                          0.5 * icon_phi(arguments.bin, s, size) + 0.5 * icon_phi(arguments.bin, t, size), radius, (2, 4)))
    print("| case | R | h | pixels within 1.5 px | largest \\|ΔV\\| (px) | largest \\|Δα\\| it can make (levels) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, phi, radius, steps in cases:
        if arguments.only and not any(text in name for text in arguments.only):
            continue
        report(name, phi(), radius, steps)


if __name__ == "__main__":
    main()
