// The front door: `import IconMorph` brings masks (AlphaRaster), SVG import, the built-in
// symbols and the frame math (MorphKernel). None of them needs a system library.
@_exported import AlphaRaster
@_exported import IconSymbols
@_exported import MorphKernel
@_exported import SVGImport
