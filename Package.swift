// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "iconmorph",
    products: [
        .library(name: "IconMorph", targets: ["PNGCodec", "AlphaRaster", "SVGImport", "IconSymbols", "MorphKernel"]),
        .executable(name: "iconmorph", targets: ["iconmorph"]),
    ],
    targets: [
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
        .target(name: "PNGCodec", dependencies: ["CPng", "CZlib"]),
        .target(name: "AlphaRaster", dependencies: ["PNGCodec"]),
        .target(name: "SVGImport", dependencies: ["AlphaRaster"]),
        .target(name: "IconSymbols", dependencies: ["SVGImport", "AlphaRaster"]),
        .target(name: "MorphKernel", dependencies: ["PNGCodec", "AlphaRaster"]),
        .executableTarget(
            name: "iconmorph",
            dependencies: ["PNGCodec", "AlphaRaster", "SVGImport", "IconSymbols", "MorphKernel"]
        ),
        // Helpers shared by the test targets (not part of any product).
        .target(name: "_TestSupport", path: "Tests/_TestSupport"),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "_TestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "AlphaRasterTests", dependencies: ["AlphaRaster", "PNGCodec", "_TestSupport"]),
        .testTarget(name: "SVGImportTests", dependencies: ["SVGImport", "AlphaRaster", "PNGCodec", "_TestSupport"]),
        .testTarget(name: "IconSymbolsTests", dependencies: ["IconSymbols", "SVGImport", "AlphaRaster"]),
        .testTarget(name: "MorphKernelTests", dependencies: ["MorphKernel", "AlphaRaster", "SVGImport", "IconSymbols", "_TestSupport"]),
        .testTarget(name: "iconmorphTests", dependencies: ["iconmorph", "PNGCodec", "AlphaRaster", "SVGImport", "IconSymbols", "MorphKernel"]),
    ]
)
