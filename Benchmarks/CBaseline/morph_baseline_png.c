// morph-baseline: the whole job of `iconmorph render --from A --to B --progress P` done by
// the C baseline (CMorphBaseline) and libpng, for Scripts/startup-bench.py to time as a
// process beside the tool.
//
//   morph-baseline SOURCE.png TARGET.png OUTPUT.png PROGRESS MAX_BLUR_PX LEVELS SOFTNESS
//
// The icons must have the output's size (no resampling); their alpha channels are the masks.
// The frame is black with the edge α = smoothstep(0.5 − s, 0.5, V), smooth easing, written
// as 8-bit RGBA by libpng's simplified API with its speed-over-size flag (PNG_IMAGE_FLAG_FAST),
// or as raw RGBA bytes when OUTPUT ends in .rgba (for comparing with `iconmorph render
// --format rgba`).
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morph_baseline.h"

static uint8_t *read_alpha(const char *path, unsigned *width, unsigned *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        fprintf(stderr, "morph-baseline: %s: %s\n", path, image.message);
        return NULL;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!rgba || !png_image_finish_read(&image, NULL, rgba, 0, NULL)) {
        fprintf(stderr, "morph-baseline: %s: %s\n", path, rgba ? image.message : "out of memory");
        free(rgba);
        png_image_free(&image);
        return NULL;
    }
    size_t count = (size_t)image.width * image.height;
    uint8_t *alpha = malloc(count);
    if (alpha)
        for (size_t i = 0; i < count; i++) alpha[i] = rgba[i * 4 + 3];
    free(rgba);
    *width = image.width;
    *height = image.height;
    return alpha;
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: morph-baseline SOURCE.png TARGET.png OUTPUT.png PROGRESS MAX_BLUR_PX LEVELS SOFTNESS\n");
        return 64;
    }
    unsigned width, height, target_width, target_height;
    uint8_t *source = read_alpha(argv[1], &width, &height);
    uint8_t *target = source ? read_alpha(argv[2], &target_width, &target_height) : NULL;
    if (!target) return 1;
    if (target_width != width || target_height != height) {
        fprintf(stderr, "morph-baseline: %s is %ux%u, %s is %ux%u\n", argv[1], width, height, argv[2],
                target_width, target_height);
        return 1;
    }
    const uint8_t black[4] = {0, 0, 0, 255};
    morph_baseline *renderer = morph_baseline_create((int)width, (int)height, atof(argv[5]), atoi(argv[6]), 1,
                                                     0.5, atof(argv[7]), black, 1);
    uint8_t *frame = malloc((size_t)width * height * 4);
    if (!renderer || !frame) {
        fprintf(stderr, "morph-baseline: bad parameters or out of memory\n");
        return 1;
    }
    morph_baseline_render(renderer, source, target, atof(argv[4]), frame);
    size_t length = strlen(argv[3]);
    if (length > 5 && strcmp(argv[3] + length - 5, ".rgba") == 0) {
        FILE *raw = fopen(argv[3], "wb");
        if (!raw || fwrite(frame, 4, (size_t)width * height, raw) != (size_t)width * height || fclose(raw) != 0) {
            fprintf(stderr, "morph-baseline: %s: cannot write\n", argv[3]);
            return 1;
        }
        return 0;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    image.flags = PNG_IMAGE_FLAG_FAST;
    if (!png_image_write_to_file(&image, argv[3], 0, frame, 0, NULL)) {
        fprintf(stderr, "morph-baseline: %s: %s\n", argv[3], image.message);
        return 1;
    }
    return 0;
}
