// swift-tools-version:6.0
import PackageDescription

// A live SDL window that links iconmorph by path, the way an app would: only the `IconMorph`
// product (no libpng), and SDL2 through a system-library target of this package's own.
let package = Package(
    name: "LiveView",
    dependencies: [
        .package(name: "iconmorph", path: "../.."),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        .executableTarget(
            name: "live-view",
            dependencies: ["CSDL2", .product(name: "IconMorph", package: "iconmorph")]
        ),
    ]
)
