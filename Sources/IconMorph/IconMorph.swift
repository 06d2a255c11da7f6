// The front door: `import IconMorph` brings masks (AlphaRaster), SVG import, the built-in
// symbols, the frame math (MorphKernel), outline matching (PathMorph) and frame tracing
// (OutlineTrace), and SVG and Lottie documents of traced or matched outlines
// (VectorDocuments). None of them needs a system library.
@_exported import AlphaRaster
@_exported import IconSymbols
@_exported import MorphKernel
@_exported import OutlineTrace
@_exported import PathMorph
@_exported import SVGImport
@_exported import VectorDocuments
