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
        .target(name: "MorphKernel", dependencies: ["AlphaRaster"]),
        .executableTarget(
            name: "iconmorph",
            dependencies: ["PNGCodec", "AlphaRaster", "SVGImport", "IconSymbols", "MorphKernel"]
        ),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"], resources: [.copy("Golden")]),
        .testTarget(name: "AlphaRasterTests", dependencies: ["AlphaRaster", "PNGCodec"]),
        .testTarget(name: "SVGImportTests", dependencies: ["SVGImport", "AlphaRaster", "PNGCodec"]),
        .testTarget(name: "IconSymbolsTests", dependencies: ["IconSymbols", "SVGImport", "AlphaRaster"]),
        .testTarget(name: "MorphKernelTests", dependencies: ["MorphKernel", "AlphaRaster"]),
        .testTarget(name: "iconmorphTests", dependencies: ["iconmorph", "PNGCodec", "AlphaRaster", "SVGImport", "IconSymbols", "MorphKernel"]),
    ]
)
