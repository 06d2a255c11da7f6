// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so the library never depends on benchmark code.
// Run from this directory: swift run -c release morph-bench (or raster-bench, path-bench, export-bench)
let package = Package(
    name: "IconMorphBenchmarks",
    dependencies: [
        .package(name: "iconmorph", path: ".."),
    ],
    targets: [
        // Timing and commit helpers shared by the benchmark executables.
        .target(name: "BenchSupport"),
        .executableTarget(
            name: "morph-bench",
            dependencies: ["BenchSupport", .product(name: "IconMorphPNG", package: "iconmorph")]
        ),
        .executableTarget(
            name: "raster-bench",
            dependencies: ["BenchSupport", .product(name: "IconMorph", package: "iconmorph")]
        ),
        .executableTarget(
            name: "path-bench",
            dependencies: ["BenchSupport", .product(name: "IconMorph", package: "iconmorph")]
        ),
        // libpng's own encoder, the baseline export-bench measures the PNG encoder against.
        .systemLibrary(name: "CLibpngBaseline", path: "Sources/export-bench-libpng", pkgConfig: "libpng"),
        .executableTarget(
            name: "export-bench",
            dependencies: ["BenchSupport", "CLibpngBaseline", .product(name: "IconMorphPNG", package: "iconmorph")]
        ),
    ]
)
