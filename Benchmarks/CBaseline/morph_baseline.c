// The metaball frame, plainly: M = (1 − e)·S + e·T, a horizontal and a vertical pass of the
// level's Gaussian (zero outside the canvas), α = smoothstep(t − s, t, V) times the tint's
// alpha. No tile skipping or other shortcut: every pixel of every pass is computed. The
// loops are written so that gcc vectorises them (x innermost over a block of pixels whose
// sums stay in registers, the kernel's symmetric pairs summed before the multiply), and the
// horizontal pass stores column blocks so that the vertical one reads contiguous memory.
#include "morph_baseline.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int half_width;  // n = ⌈R⌉; 0 is the identity
    float *weights;  // w_0 … w_n (the kernel is symmetric)
} level_kernel;

struct morph_baseline {
    int width, height, levels, easing, threads;
    double max_blur_radius, threshold, softness;
    uint8_t tint[4];
    level_kernel *kernels;
    int max_half_width;
    // The horizontal pass as column blocks of BLOCK floats: block b holds its (height + 2·max n)
    // rows one after another, zero rows above and below, so the vertical pass walks down a
    // block through contiguous memory.
    float *plane;
    size_t block_size;  // floats per block: (height + 2·max n) · BLOCK
    float **row_scratch;  // per thread: a padded mix row

    // The frame in progress, read by the helpers.
    const uint8_t *source, *target;
    uint8_t *rgba;
    float source_weight, target_weight;
    const level_kernel *kernel;
    int phase;  // 0 horizontal, 1 vertical

    pthread_t *helpers;
    int started;  // helpers running, joined by destroy
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    unsigned generation;
    int pending, stopping;
};

static double eased(int easing, double p) { return easing ? p * p * (3 - 2 * p) : p; }

// The eased progress folded at ½ so that a frame and its mirror share their level: d is the
// eased distance from the nearer end (the library's convention, MorphFrameMath). Progress
// outside [0, 1] is clamped.
static void fold(const morph_baseline *r, double p, int *past_half, double *d) {
    p = p > 0 ? (p < 1 ? p : 1) : 0;
    *past_half = p > 0.5;
    *d = eased(r->easing, *past_half ? 1 - p : p);
}

int morph_baseline_level(const morph_baseline *r, double progress) {
    int past_half;
    double d;
    fold(r, progress, &past_half, &d);
    double b = sin(M_PI * d);
    return (int)round(b * (r->levels - 1));  // halves away from zero, as the library rounds
}

static int make_kernel(level_kernel *kernel, double radius) {
    int n = (int)ceil(radius);
    kernel->half_width = n;
    kernel->weights = malloc(sizeof(float) * (size_t)(n + 1));
    if (!kernel->weights) return 0;
    if (n == 0) {
        kernel->weights[0] = 1;
        return 1;
    }
    double sigma = radius / 2, sum = 0;
    double *exact = malloc(sizeof(double) * (size_t)(n + 1));
    if (!exact) return 0;
    for (int i = 0; i <= n; i++) {
        exact[i] = exp(-(double)(i * i) / (2 * sigma * sigma));
        sum += i == 0 ? exact[i] : 2 * exact[i];
    }
    for (int i = 0; i <= n; i++) kernel->weights[i] = (float)(exact[i] / sum);
    free(exact);
    return 1;
}

// Pixels are computed BLOCK at a time: the block's sums stay in registers while the taps go
// by (x innermost, a fixed count the compiler unrolls and vectorises).
#define BLOCK 32

// Rows [first, end) of the horizontal pass: the mix of each row into a padded row (zeros
// beyond the canvas, up to whole blocks and n more), then the taps into the plane.
static void horizontal_rows(morph_baseline *r, int first, int end, float *row) {
    const int width = r->width, n = r->kernel->half_width;
    const float *restrict w = r->kernel->weights;
    const float sw = r->source_weight, tw = r->target_weight;
    float *restrict m = row + r->max_half_width;
    for (int y = first; y < end; y++) {
        const uint8_t *restrict s = r->source + (size_t)y * width, *restrict t = r->target + (size_t)y * width;
        for (int x = 0; x < width; x++) m[x] = (float)s[x] * sw + (float)t[x] * tw;
        float *restrict out = r->plane + (size_t)(y + r->max_half_width) * BLOCK;
        for (int x0 = 0; x0 < width; x0 += BLOCK, out += r->block_size) {
            float sum[BLOCK];
            for (int j = 0; j < BLOCK; j++) sum[j] = w[0] * m[x0 + j];
            for (int k = 1; k <= n; k++)
                for (int j = 0; j < BLOCK; j++) sum[j] += w[k] * (m[x0 + j - k] + m[x0 + j + k]);
            for (int j = 0; j < BLOCK; j++) out[j] = sum[j];
        }
    }
}

// Rows [first, end) of the vertical pass and the edge, a column block at a time down the
// rows (so the rows of the window stay in the cache); the plane's zero rows stand for the
// outside of the canvas.
static void vertical_rows(morph_baseline *r, int first, int end) {
    const int width = r->width, n = r->kernel->half_width;
    const float *restrict w = r->kernel->weights;
    const float lower = (float)(r->threshold - r->softness), inverse = (float)(1 / r->softness);
    const float alpha_scale = (float)r->tint[3];
    const uint32_t colour = (uint32_t)r->tint[0] | (uint32_t)r->tint[1] << 8 | (uint32_t)r->tint[2] << 16;
    for (int x0 = 0; x0 < width; x0 += BLOCK) {
        const int count = width - x0 < BLOCK ? width - x0 : BLOCK;
        for (int y = first; y < end; y++) {
            const float *restrict centre =
                r->plane + (size_t)(x0 / BLOCK) * r->block_size + (size_t)(y + r->max_half_width) * BLOCK;
            float sum[BLOCK];
            for (int j = 0; j < BLOCK; j++) sum[j] = w[0] * centre[j];
            for (int k = 1; k <= n; k++) {
                const float *restrict above = centre - k * BLOCK, *restrict below = centre + k * BLOCK;
                for (int j = 0; j < BLOCK; j++) sum[j] += w[k] * (above[j] + below[j]);
            }
            // Rounded half to even by the float's own rounding: 1.5 · 2²³ moves the fraction out.
            uint32_t pixels[BLOCK];
            for (int j = 0; j < BLOCK; j++) {
                float u = (sum[j] - lower) * inverse;
                u = u > 0 ? u : 0;
                u = u < 1 ? u : 1;
                float alpha = (u * u * (3 - 2 * u) * alpha_scale + 12582912.0f) - 12582912.0f;
                pixels[j] = colour | (uint32_t)(int32_t)alpha << 24;
            }
            memcpy(r->rgba + ((size_t)y * width + x0) * 4, pixels, (size_t)count * 4);
        }
    }
}

// This thread's share of the current phase: thread i of T takes rows [i·H/T, (i+1)·H/T).
static void run_share(morph_baseline *r, int index) {
    int first = (int)((long)r->height * index / r->threads);
    int end = (int)((long)r->height * (index + 1) / r->threads);
    if (r->phase == 0) horizontal_rows(r, first, end, r->row_scratch[index]);
    else vertical_rows(r, first, end);
}

typedef struct worker {
    morph_baseline *renderer;
    int index;
} worker;

static void *helper_main(void *argument) {
    worker *self = argument;
    morph_baseline *r = self->renderer;
    unsigned seen = 0;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        while (r->generation == seen && !r->stopping) pthread_cond_wait(&r->start, &r->lock);
        if (r->stopping) {
            pthread_mutex_unlock(&r->lock);
            break;
        }
        seen = r->generation;
        pthread_mutex_unlock(&r->lock);
        run_share(r, self->index);
        pthread_mutex_lock(&r->lock);
        if (--r->pending == 0) pthread_cond_signal(&r->done);
        pthread_mutex_unlock(&r->lock);
    }
    free(self);
    return NULL;
}

static void run_phase(morph_baseline *r, int phase) {
    r->phase = phase;
    if (r->threads == 1) {
        run_share(r, 0);
        return;
    }
    pthread_mutex_lock(&r->lock);
    r->pending = r->threads - 1;
    r->generation++;
    pthread_cond_broadcast(&r->start);
    pthread_mutex_unlock(&r->lock);
    run_share(r, 0);
    pthread_mutex_lock(&r->lock);
    while (r->pending > 0) pthread_cond_wait(&r->done, &r->lock);
    pthread_mutex_unlock(&r->lock);
}

void morph_baseline_render(morph_baseline *r, const uint8_t *source, const uint8_t *target,
                           double progress, uint8_t *rgba) {
    int past_half;
    double d;
    fold(r, progress, &past_half, &d);
    float far = (float)d, near = 1 - far;
    r->source_weight = (past_half ? far : near) / 255.0f;
    r->target_weight = (past_half ? near : far) / 255.0f;
    r->kernel = &r->kernels[morph_baseline_level(r, progress)];
    r->source = source;
    r->target = target;
    r->rgba = rgba;
    run_phase(r, 0);
    run_phase(r, 1);
}

void morph_baseline_destroy(morph_baseline *r) {
    if (!r) return;
    if (r->helpers) {
        pthread_mutex_lock(&r->lock);
        r->stopping = 1;
        pthread_cond_broadcast(&r->start);
        pthread_mutex_unlock(&r->lock);
        for (int i = 0; i < r->started; i++) pthread_join(r->helpers[i], NULL);
        free(r->helpers);
    }
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->start);
    pthread_cond_destroy(&r->done);
    if (r->kernels)
        for (int k = 0; k < r->levels; k++) free(r->kernels[k].weights);
    free(r->kernels);
    if (r->row_scratch)
        for (int i = 0; i < r->threads; i++) free(r->row_scratch[i]);
    free(r->row_scratch);
    free(r->plane);
    free(r);
}

morph_baseline *morph_baseline_create(int width, int height, double max_blur_radius, int blur_levels,
                                      int easing, double threshold, double softness,
                                      const uint8_t tint[4], int threads) {
    if (width < 1 || height < 1 || blur_levels < 2 || threads < 1 || !(max_blur_radius >= 0) ||
        !(softness > 0) || !(threshold >= softness))
        return NULL;
    morph_baseline *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->width = width;
    r->height = height;
    r->levels = blur_levels;
    r->easing = easing;
    r->threads = threads;
    r->max_blur_radius = max_blur_radius;
    r->threshold = threshold;
    r->softness = softness;
    memcpy(r->tint, tint, 4);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->start, NULL);
    pthread_cond_init(&r->done, NULL);
    r->kernels = calloc((size_t)blur_levels, sizeof(level_kernel));
    if (!r->kernels) goto failed;
    for (int k = 0; k < blur_levels; k++) {
        if (!make_kernel(&r->kernels[k], max_blur_radius * k / (blur_levels - 1))) goto failed;
        if (r->kernels[k].half_width > r->max_half_width) r->max_half_width = r->kernels[k].half_width;
    }
    size_t rows = (size_t)height + 2 * (size_t)r->max_half_width;
    size_t stride = ((size_t)width + BLOCK - 1) / BLOCK * BLOCK;  // whole blocks
    r->block_size = rows * BLOCK;
    r->plane = calloc(rows * stride, sizeof(float));
    r->row_scratch = calloc((size_t)threads, sizeof(float *));
    if (!r->plane || !r->row_scratch) goto failed;
    for (int i = 0; i < threads; i++) {
        r->row_scratch[i] = calloc(stride + 2 * (size_t)r->max_half_width, sizeof(float));
        if (!r->row_scratch[i]) goto failed;
    }
    if (threads > 1) {
        r->helpers = calloc((size_t)threads - 1, sizeof(pthread_t));
        if (!r->helpers) goto failed;
        for (int i = 0; i < threads - 1; i++) {
            worker *w = malloc(sizeof *w);
            if (!w) goto failed;
            w->renderer = r;
            w->index = i + 1;
            if (pthread_create(&r->helpers[i], NULL, helper_main, w) != 0) {
                free(w);
                goto failed;
            }
            r->started++;
        }
    }
    return r;
failed:
    morph_baseline_destroy(r);
    return NULL;
}
