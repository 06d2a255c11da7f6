#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "CPngFullAPI.h"
#include "ErrorMessage.h"
#include "RecyclingAllocator.h"

_Static_assert(IM_PNG_FILTER_NONE == PNG_FILTER_NONE && IM_PNG_FILTER_SUB == PNG_FILTER_SUB
                   && IM_PNG_FILTER_UP == PNG_FILTER_UP && IM_PNG_FILTER_AVERAGE == PNG_FILTER_AVG
                   && IM_PNG_FILTER_PAETH == PNG_FILTER_PAETH,
               "filter bits differ from libpng's");
_Static_assert(IM_ZLIB_DEFAULT_STRATEGY == Z_DEFAULT_STRATEGY && IM_ZLIB_FILTERED == Z_FILTERED
                   && IM_ZLIB_HUFFMAN_ONLY == Z_HUFFMAN_ONLY && IM_ZLIB_RLE == Z_RLE
                   && IM_ZLIB_FIXED == Z_FIXED,
               "strategies differ from zlib's");

struct IMPNGMemoryWriter {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    RecyclingAllocator allocator;
    char message[IM_PNG_MESSAGE_CAPACITY];
};

IMPNGMemoryWriter *im_png_memory_writer_create(void) {
    IMPNGMemoryWriter *writer = calloc(1, sizeof *writer);
    return writer;
}

void im_png_memory_writer_destroy(IMPNGMemoryWriter *writer) {
    if (writer == NULL) return;
    recycling_destroy(&writer->allocator);
    free(writer->bytes);
    free(writer);
}

const unsigned char *im_png_memory_writer_bytes(const IMPNGMemoryWriter *writer) { return writer->bytes; }

size_t im_png_memory_writer_count(const IMPNGMemoryWriter *writer) { return writer->count; }

const char *im_png_memory_writer_message(const IMPNGMemoryWriter *writer) { return writer->message; }

size_t im_png_memory_writer_system_allocations(const IMPNGMemoryWriter *writer) {
    return writer->allocator.system_allocations;
}

// MARK: - libpng's callbacks

static png_voidp allocate(png_structp png, png_alloc_size_t size) {
    IMPNGMemoryWriter *writer = png_get_mem_ptr(png);
    return recycling_allocate(&writer->allocator, size);
}

static void release(png_structp png, png_voidp pointer) {
    IMPNGMemoryWriter *writer = png_get_mem_ptr(png);
    recycling_release(&writer->allocator, pointer);
}

/// Keeps libpng's message and jumps back to `im_png_memory_writer_encode`'s setjmp point.
static void fail(png_structp png, png_const_charp text) {
    IMPNGMemoryWriter *writer = png_get_error_ptr(png);
    im_png_set_message(writer->message, text);
    png_longjmp(png, 1);
}

/// Warnings (none is expected for what the encoder writes) are not errors; stay quiet.
static void warn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/// Appends to the output, doubling it when full: after the largest image it never grows.
static void append(png_structp png, png_bytep data, size_t length) {
    IMPNGMemoryWriter *writer = png_get_io_ptr(png);
    if (length > writer->capacity - writer->count) {
        size_t capacity = writer->capacity == 0 ? 4096 : writer->capacity;
        while (length > capacity - writer->count) {
            if (capacity > SIZE_MAX / 2) png_error(png, "the encoded image does not fit in memory");
            capacity *= 2;
        }
        unsigned char *grown = realloc(writer->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory for the encoded image");
        writer->allocator.system_allocations++;
        writer->bytes = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->bytes + writer->count, data, length);
    writer->count += length;
}

static void flush(png_structp png) { (void)png; }

// MARK: - Encoding

int im_png_memory_writer_encode(
    IMPNGMemoryWriter *writer, const IMPNGImage *image, const IMPNGSettings *settings) {
    writer->count = 0;
    writer->message[0] = '\0';
    png_structp png = png_create_write_struct_2(
        PNG_LIBPNG_VER_STRING, writer, fail, warn, writer, allocate, release);
    if (png == NULL) {
        im_png_set_message(writer->message, "libpng cannot start writing (out of memory, or a libpng version mismatch)");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        im_png_set_message(writer->message, "libpng cannot start writing (out of memory)");
        return 0;
    }
    // `png` and `info` are not changed after this point, so they keep their values when
    // libpng jumps back here.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        writer->count = 0;
        return 0;
    }
    png_set_write_fn(png, writer, append, flush);
    // libpng's default ceiling (1 000 000 pixels a side) is a guard for readers; a PNG holds
    // up to 2^31 - 1, and the caller has checked the size against that.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, image->width, image->height, image->bit_depth, image->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (image->srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (image->palette != NULL) {
        png_set_PLTE(png, info, (png_const_colorp)image->palette, image->palette_count);
        // Otherwise libpng checks every index of every row against the palette's size: one
        // more pass over the pixels, a large share of an indexed frame's cost under run-length
        // matching, for indices the caller made from its own palette.
        png_set_check_for_invalid_index(png, 0);
    }
    if (image->transparency != NULL && image->transparency_count > 0) {
        png_set_tRNS(png, info, image->transparency, image->transparency_count, NULL);
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, settings->filters);
    png_set_compression_level(png, settings->zlib_level);
    png_set_compression_strategy(png, settings->zlib_strategy);
    if (settings->idat_size != 0) png_set_compression_buffer_size(png, settings->idat_size);
    png_write_info(png, info);
    for (uint32_t y = 0; y < image->height; y++) png_write_row(png, image->rows + (size_t)y * image->row_stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 1;
}
