// swift-tools-version:6.0
import PackageDescription

// Two library products:
// - IconMorph: masks, SVG import, the built-in symbols and the frame math, behind one
//   `import IconMorph`. It needs no system library, so it builds on Linux and every Apple
//   platform (macOS, iOS, watchOS, tvOS); not yet on Windows or Android, whose C library
//   modules it does not import (its threads are POSIX threads).
// - IconMorphPNG: IconMorph plus PNG files, through libpng and zlib (system libraries).
let package = Package(
    name: "iconmorph",
    products: [
        .library(name: "IconMorph", targets: ["IconMorph"]),
        .library(name: "IconMorphPNG", targets: ["IconMorphPNG"]),
        .executable(name: "iconmorph", targets: ["iconmorph"]),
    ],
    targets: [
        // The core: no system library below it.
        .target(name: "CThreads"),
        .target(name: "CExitCleanup"),
        .target(name: "_IconMorphSupport", dependencies: ["CThreads"]),
        .target(name: "AlphaRaster"),
        .target(name: "SVGImport", dependencies: ["AlphaRaster", "_IconMorphSupport"]),
        .target(name: "IconSymbols", dependencies: ["SVGImport", "AlphaRaster"]),
        .target(name: "MorphKernel", dependencies: ["AlphaRaster", "CThreads", "_IconMorphSupport"]),
        .target(name: "PathMorph", dependencies: ["AlphaRaster"]),
        .target(name: "OutlineTrace", dependencies: ["AlphaRaster", "PathMorph"]),
        .target(name: "VectorDocuments", dependencies: ["MorphKernel", "OutlineTrace", "PathMorph", "_IconMorphSupport"]),
        .target(
            name: "IconMorph",
            dependencies: ["AlphaRaster", "SVGImport", "IconSymbols", "MorphKernel", "PathMorph", "OutlineTrace", "VectorDocuments"]),

        // PNG files, on top of the core.
        .systemLibrary(
            name: "CPng",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libpng's full API (encoding to memory, reading rows as stored), driven from C so that
        // libpng's setjmp/longjmp error handling never reaches Swift.
        .target(name: "CPngFullAPI", dependencies: ["CPng", "CZlib"]),
        .target(name: "PNGCodec", dependencies: ["CExitCleanup", "CPng", "CPngFullAPI", "CZlib", "_IconMorphSupport"]),
        .target(name: "IconMorphPNG", dependencies: ["IconMorph", "PNGCodec"]),

        .executableTarget(
            name: "iconmorph",
            dependencies: ["CExitCleanup", "IconMorphPNG", "_IconMorphSupport"]
        ),
        // Helpers shared by the test targets (not part of any product).
        .target(name: "_TestSupport", path: "Tests/_TestSupport"),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "CZlib", "_IconMorphSupport", "_TestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "AlphaRasterTests", dependencies: ["AlphaRaster", "IconMorphPNG", "_TestSupport"]),
        .testTarget(name: "SVGImportTests", dependencies: ["SVGImport", "AlphaRaster", "IconMorphPNG", "_TestSupport"]),
        .testTarget(name: "IconSymbolsTests", dependencies: ["IconSymbols", "SVGImport", "AlphaRaster"]),
        .testTarget(
            name: "MorphKernelTests",
            dependencies: ["MorphKernel", "AlphaRaster", "SVGImport", "IconSymbols", "CThreads", "_IconMorphSupport", "_TestSupport"]
        ),
        .testTarget(name: "OutlineTraceTests", dependencies: ["OutlineTrace", "PathMorph", "AlphaRaster", "MorphKernel", "IconSymbols", "SVGImport", "_TestSupport"]),
        .testTarget(name: "PathMorphTests", dependencies: ["PathMorph", "AlphaRaster", "SVGImport", "IconSymbols", "_TestSupport"]),
        .testTarget(name: "iconmorphTests", dependencies: ["iconmorph", "IconMorphPNG", "PathMorph", "VectorDocuments", "_IconMorphSupport", "_TestSupport"], exclude: ["Scripts"]),
    ]
)
