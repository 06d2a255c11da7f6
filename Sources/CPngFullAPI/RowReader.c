#include <png.h>
#include <setjmp.h>
#include <string.h>

#include "CPngFullAPI.h"
#include "ErrorMessage.h"

/// The stream being read and where the error message goes.
struct RowReaderState {
    const unsigned char *data;
    size_t size;
    size_t offset;
    char *message;
};

static void fail(png_structp png, png_const_charp text) {
    struct RowReaderState *state = png_get_error_ptr(png);
    im_png_set_message(state->message, text);
    png_longjmp(png, 1);
}

/// libpng warns about what it repairs or skips (a damaged ancillary chunk); the simplified
/// API, which decodes the same files, stays quiet too.
static void warn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    struct RowReaderState *state = png_get_io_ptr(png);
    if (length > state->size - state->offset) png_error(png, "read beyond end of data");
    memcpy(out, state->data + state->offset, length);
    state->offset += length;
}

int im_png_read_deinterlaced(
    const unsigned char *data, size_t size, uint32_t width, uint32_t height, size_t row_bytes,
    unsigned char *rows, size_t row_stride, char *message) {
    message[0] = '\0';
    struct RowReaderState state = {data, size, 0, message};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, fail, warn);
    if (png == NULL) {
        im_png_set_message(message, "libpng cannot start reading (out of memory, or a libpng version mismatch)");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        im_png_set_message(message, "libpng cannot start reading (out of memory)");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    png_set_read_fn(png, &state, read_bytes);
    png_read_info(png, info);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height
        || png_get_rowbytes(png, info) != row_bytes || row_bytes > row_stride) {
        png_error(png, "the image is not the size its header announced");
    }
    // With interlace handling on, each pass's pixels land in their places in the rows given,
    // so calling png_read_row for every row of every pass leaves the whole image.
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_read_row(png, rows + (size_t)y * row_stride, NULL);
    }
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}
