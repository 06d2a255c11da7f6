// swift-tools-version:6.0
import PackageDescription

// A package of its own that links iconmorph by path, the way another Swift renderer would.
let package = Package(
    name: "LibraryDemo",
    dependencies: [
        .package(name: "iconmorph", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "morph-demo",
            dependencies: [.product(name: "IconMorphPNG", package: "iconmorph")]
        ),
        .executableTarget(
            name: "symbol-sheet",
            dependencies: [.product(name: "IconMorphPNG", package: "iconmorph")]
        ),
        .executableTarget(
            name: "make-example-icons",
            dependencies: [.product(name: "IconMorphPNG", package: "iconmorph")]
        ),
        .executableTarget(
            name: "interrupt-demo",
            dependencies: [.product(name: "IconMorphPNG", package: "iconmorph")]
        ),
        .executableTarget(
            name: "edge-crop",
            dependencies: [.product(name: "IconMorphPNG", package: "iconmorph")]
        ),
    ]
)
