// `import IconMorphPNG` is `import IconMorph` plus PNG files: decoding and encoding
// (PNGCodec, over libpng and zlib), masks from PNG images and masks saved as PNG.
@_exported import IconMorph
@_exported import PNGCodec
