// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Render",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .executable(name: "render", targets: ["RenderCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .target(
            name: "Raster",
            dependencies: ["CPNG", "CFreeType"]
        ),
        .target(
            name: "RasterBench",
            dependencies: ["Raster"]
        ),
        .executableTarget(
            name: "RenderCLI",
            dependencies: [
                "Raster",
                "RasterBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "RasterTests",
            dependencies: ["Raster", "RasterBench"],
            resources: []
        ),
    ]
)
