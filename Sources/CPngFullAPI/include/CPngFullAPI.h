// libpng's full API, driven from C for the Swift module PNGCodec.
//
// Why C: libpng reports every error by longjmp to a setjmp point, and Swift can neither call
// setjmp nor be jumped over. Each function here sets its own setjmp point, turns any libpng
// error into a return value of 0 with libpng's message, and never lets a jump reach its
// caller. Nothing here prints, aborts or keeps global state.

#ifndef ICONMORPH_CPNGFULLAPI_H
#define ICONMORPH_CPNGFULLAPI_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// Bytes of an error message, its terminating NUL included.
#define IM_PNG_MESSAGE_CAPACITY 128

/// libpng's row filter bits (`PNG_FILTER_NONE` …): one bit for that filter on every row,
/// several for libpng's choice per row among them (the smallest sum of the filtered bytes
/// read as signed, `PNG_ALL_FILTERS` for all five).
#define IM_PNG_FILTER_NONE 0x08
#define IM_PNG_FILTER_SUB 0x10
#define IM_PNG_FILTER_UP 0x20
#define IM_PNG_FILTER_AVERAGE 0x40
#define IM_PNG_FILTER_PAETH 0x80

/// zlib's matching strategies (`deflateInit2`'s `strategy`).
#define IM_ZLIB_DEFAULT_STRATEGY 0
#define IM_ZLIB_FILTERED 1
#define IM_ZLIB_HUFFMAN_ONLY 2
#define IM_ZLIB_RLE 3
#define IM_ZLIB_FIXED 4

/// An image to encode: `height` rows of `width` pixels at `bit_depth` (8 or 16, samples
/// big-endian) in PNG colour type `color_type` (0 gray, 2 RGB, 3 indexed, 4 gray+alpha,
/// 6 RGBA), row y starting at `rows + y * row_stride`. Not interlaced.
typedef struct IMPNGImage {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    const unsigned char *rows;
    size_t row_stride;
    /// `palette_count` RGB triples (PLTE), for colour type 3; else NULL and 0. Every index in
    /// the rows must be below `palette_count` (not checked).
    const unsigned char *_Nullable palette;
    int palette_count;
    /// The alphas of the first `transparency_count` palette entries (tRNS); NULL and 0 for none.
    const unsigned char *_Nullable transparency;
    int transparency_count;
    /// Non-zero: an sRGB chunk (perceptual rendering intent) before the image data.
    int srgb;
} IMPNGImage;

/// How the image data is filtered and compressed.
typedef struct IMPNGSettings {
    /// `IM_PNG_FILTER_*` bits.
    int filters;
    /// zlib's level, 0 (store) … 9.
    int zlib_level;
    /// An `IM_ZLIB_*` strategy.
    int zlib_strategy;
    /// The longest IDAT chunk data (libpng's compression buffer size), at least 6; longer
    /// image data is split over several IDAT chunks. 0 keeps libpng's 8192.
    size_t idat_size;
} IMPNGSettings;

/// Encodes PNG files into a growable memory buffer through libpng's write API (write callback,
/// no file). Everything libpng and zlib allocate goes through the writer's recycling allocator,
/// which keeps each block when libpng frees it and hands it out again, so encoding a sequence
/// of images of one size allocates nothing after the first. Not thread-safe: one writer per
/// thread.
typedef struct IMPNGMemoryWriter IMPNGMemoryWriter;

/// A writer, or NULL when memory is short.
IMPNGMemoryWriter *_Nullable im_png_memory_writer_create(void);

/// Frees the writer, its output and every block it kept.
void im_png_memory_writer_destroy(IMPNGMemoryWriter *_Nullable writer);

/// Encodes `image` with `settings`: the signature, IHDR, sRGB, PLTE, tRNS, IDAT chunks and
/// IEND, replacing the previous output. Returns 1, or 0 with `im_png_memory_writer_message`
/// saying why (libpng's message, or that memory ran short); the output is then undefined.
int im_png_memory_writer_encode(
    IMPNGMemoryWriter *writer, const IMPNGImage *image, const IMPNGSettings *settings);

/// The bytes of the last successful encode; valid until the next call on `writer`.
const unsigned char *_Nullable im_png_memory_writer_bytes(const IMPNGMemoryWriter *writer);

/// How many bytes `im_png_memory_writer_bytes` holds.
size_t im_png_memory_writer_count(const IMPNGMemoryWriter *writer);

/// Why the last encode failed, one line; empty after a success.
const char *im_png_memory_writer_message(const IMPNGMemoryWriter *writer);

/// How many times the writer has asked the system for memory so far (blocks for libpng and
/// zlib, and growing its output): the same before and after an encode when nothing was
/// allocated for it.
size_t im_png_memory_writer_system_allocations(const IMPNGMemoryWriter *writer);

/// Reads the PNG stream `data` (`size` bytes) with libpng's full read API and no
/// transformation: the pixels as stored (bit depth, colour type and byte order of the file),
/// every Adam7 pass put in place, row y at `rows + y * row_stride`. The stream must declare
/// `width × height` pixels of `row_bytes` bytes a row (`row_bytes <= row_stride`). Returns
/// 1, or 0 with libpng's message (or the mismatch) in `message`, which holds
/// `IM_PNG_MESSAGE_CAPACITY` bytes.
int im_png_read_deinterlaced(
    const unsigned char *data, size_t size, uint32_t width, uint32_t height, size_t row_bytes,
    unsigned char *rows, size_t row_stride, char *message);

#pragma clang assume_nonnull end

#endif
