// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so the library never depends on benchmark code.
// Run from this directory: swift run -c release morph-bench
let package = Package(
    name: "IconMorphBenchmarks",
    dependencies: [
        .package(name: "iconmorph", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "morph-bench",
            dependencies: [.product(name: "IconMorph", package: "iconmorph")]
        ),
    ]
)
