// The C baseline of issue 19: the metaball frame math written plainly in C (float32,
// separable Gaussian, zero outside the canvas, the kernels of all levels computed once),
// compiled with -O3 -march=native, for morph-bench to time against the library on the same
// masks and for `morph-baseline` to run as a whole process with libpng.
//
// It derives everything from the style fields and the progress on its own (the conventions of
// `morph-bench --export`'s manifest); it shares no code with the library.
#ifndef MORPH_BASELINE_H
#define MORPH_BASELINE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A renderer for frames of one size and style: buffers and kernels allocated once, and
/// `threads` - 1 helper threads started once (rows are split between the caller and them).
typedef struct morph_baseline morph_baseline;

/// easing: 0 linear, 1 smooth (p²(3 − 2p)). Returns NULL when memory or a thread is
/// unavailable or a parameter is out of range.
morph_baseline *morph_baseline_create(int width, int height, double max_blur_radius, int blur_levels,
                                      int easing, double threshold, double softness,
                                      const uint8_t tint[4], int threads);

void morph_baseline_destroy(morph_baseline *renderer);

/// The frame at progress p from `source` to `target` (one byte a pixel, rows top to bottom,
/// width × height each) as straight RGBA8 into `rgba` (width × height × 4 bytes).
void morph_baseline_render(morph_baseline *renderer, const uint8_t *source, const uint8_t *target,
                           double progress, uint8_t *rgba);

/// The blur level the frame at progress p uses (for reports).
int morph_baseline_level(const morph_baseline *renderer, double progress);

#ifdef __cplusplus
}
#endif

#endif
