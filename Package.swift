// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Render",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        // The seed frameworks' APIs, each over `Raster`'s components.
        .library(name: "RasterViews", targets: ["RasterViews"]),
        .library(name: "RasterWorkflow", targets: ["RasterWorkflow"]),
        .library(name: "RasterDCFlight", targets: ["RasterDCFlight"]),
        .library(name: "RasterSeedScenes", targets: ["RasterSeedScenes"]),
        .library(name: "GoldenTesting", targets: ["GoldenTesting"]),
        .library(name: "GoldenSnapshotTesting", targets: ["GoldenSnapshotTesting"]),
        .executable(name: "render", targets: ["RenderCLI"]),
        .executable(name: "fuzz", targets: ["Fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // libwebp's animation decoder, for the tests' reading of animated WebP.
        .systemLibrary(
            name: "CWebPDemux",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]
        ),
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // Hot pixel loops in C, multiversioned for AVX2 and chosen at load time, so no
        // target needs machine-specific flags (SwiftPM refuses them in dependencies).
        .target(name: "CKernels", dependencies: ["CPrefetch"]),
        .target(name: "CPrefetch"),
        .target(name: "CSanitizerDefaults"),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]
        ),
        // Segmentation and bidi from ICU under stable names (see CICU/shim.h).
        .target(name: "CUnicode", dependencies: ["CICU"]),
        // The shipped font files built into the binary (EmbeddedFonts.S), so a copied
        // binary needs no resource folder; Fonts/ is where `.incbin` finds them.
        .target(
            name: "CEmbeddedFonts",
            exclude: ["Fonts"],
            cSettings: [.headerSearchPath("Fonts")]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // The library in layers, each importing only those below it (docs/ARCHITECTURE.md;
        // scripts/check-layers fails on an import that goes up).
        // Pixels, geometry, the rasterizer, paint, effects and the canvas.
        .target(
            name: "RasterCore",
            dependencies: ["CKernels", "CPrefetch", "CSanitizerDefaults"]
        ),
        // PNG in and out, JPEG, WebP, SVG documents, file output.
        .target(
            name: "RasterCodecs",
            dependencies: ["RasterCore", "CPNG", "CJPEG", "CWebP", "CRsvg", "CDeflate"]
        ),
        // Fonts, shaping, segmentation, paragraph layout, glyphs on a canvas.
        .target(
            name: "RasterText",
            dependencies: ["RasterCore", "CFreeType", "CHarfBuzz", "CFontconfig", "CUnicode", "CCrypto", "CEmbeddedFonts"]
        ),
        // Proposals, stacks and flexbox over a node protocol; no components.
        .target(
            name: "RasterLayout",
            dependencies: ["RasterCore"]
        ),
        // The retained layer tree and its compositor.
        .target(
            name: "RasterLayers",
            dependencies: ["RasterCore"]
        ),
        // Components, their host, styles, the built-in components and animation.
        .target(
            name: "RasterComponents",
            dependencies: ["RasterLayout", "RasterLayers", "RasterText", "RasterCodecs"]
        ),
        // The seed frameworks' APIs over components, each a module of its own.
        .target(name: "RasterViews", dependencies: ["RasterComponents"]),
        .target(name: "RasterWorkflow", dependencies: ["RasterComponents", "RasterLayout"]),
        .target(name: "RasterDCFlight", dependencies: ["RasterComponents", "RasterLayout"]),
        // Scene files: reading, decoding, schema, registry, rendering.
        .target(
            name: "RasterScene",
            dependencies: ["RasterComponents", "CPNG", "CFreeType", "CHarfBuzz", "CFontconfig",
                           .product(name: "Yams", package: "Yams")]
        ),
        // Scene node types of the seed frameworks (a DCFlight tree in a scene).
        .target(name: "RasterSeedScenes", dependencies: ["RasterScene", "RasterDCFlight"]),
        // The module users import: re-exports the layers.
        .target(
            name: "Raster",
            dependencies: ["RasterCore", "RasterCodecs", "RasterText", "RasterLayout", "RasterLayers",
                           "RasterComponents", "RasterScene"]
        ),
        // Golden-image assertions for XCTest and Swift Testing.
        .target(
            name: "GoldenTesting",
            dependencies: ["Raster", "GoldenArtifacts"]
        ),
        // The artifacts folder of golden failures (the HTML report, accepting actuals),
        // apart from XCTest so the `render` binary can use it.
        .target(
            name: "GoldenArtifacts",
            dependencies: ["Raster"]
        ),
        // An `.image` strategy for swift-snapshot-testing, apart so the kit does not need it.
        .target(
            name: "GoldenSnapshotTesting",
            dependencies: ["GoldenTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
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
                "RasterSeedScenes",
                "GoldenArtifacts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "RasterFuzzing",
            dependencies: ["Raster"]
        ),
        .executableTarget(
            name: "Fuzz",
            dependencies: ["RasterFuzzing"]
        ),
        // The code of the four seed articles as written: one alias file maps the
        // UIKit/CoreGraphics names (SeedSupport), one module per article.
        .target(name: "SeedSupport", dependencies: ["Raster", "RasterViews", "RasterWorkflow", "RasterDCFlight"],
                path: "Examples/Seeds/Support"),
        .target(name: "SeedComponentFlow", dependencies: ["SeedSupport"], path: "Examples/Seeds/ComponentFlow"),
        .target(name: "SeedWorkflow", dependencies: ["SeedSupport"], path: "Examples/Seeds/Workflow"),
        .target(name: "SeedDCFlight", dependencies: ["SeedSupport"], path: "Examples/Seeds/DCFlight"),
        // The styling article's code: its own badge style protocol in two stages, then
        // its generic styling over the library's protocols.
        .target(name: "SeedStylingBadge", dependencies: ["SeedSupport"], path: "Examples/Seeds/StylingBadge"),
        .target(name: "SeedStylingInstalled", dependencies: ["SeedSupport"], path: "Examples/Seeds/StylingInstalled"),
        .target(name: "SeedStyling", dependencies: ["SeedSupport"], path: "Examples/Seeds/Styling"),
        // Tests, one target per module, each importing nothing above its module; helpers
        // several of them share (the Fixtures folder, running programs, bad scenes) in a
        // support module over the core.
        .target(name: "RasterTestSupport", dependencies: ["RasterCore"], path: "Tests/Support"),
        .testTarget(name: "RasterCoreTests", dependencies: ["RasterCore", "RasterTestSupport"]),
        .testTarget(name: "RasterCodecsTests", dependencies: ["RasterCodecs", "RasterTestSupport"]),
        .testTarget(name: "RasterTextTests", dependencies: ["RasterText", "RasterTestSupport"]),
        .testTarget(name: "RasterLayoutTests", dependencies: ["RasterLayout"]),
        .testTarget(name: "RasterLayersTests", dependencies: ["RasterLayers"]),
        .testTarget(name: "RasterComponentsTests", dependencies: ["RasterComponents"]),
        .testTarget(name: "RasterWorkflowTests", dependencies: ["RasterWorkflow"]),
        .testTarget(name: "RasterSceneTests", dependencies: ["RasterScene", "RasterLayout", "RasterTestSupport"]),
        // The golden kit, and its swift-snapshot-testing strategy.
        .testTarget(name: "GoldenTestingTests", dependencies: ["GoldenTesting", "RasterTestSupport"]),
        .testTarget(name: "GoldenSnapshotTestingTests", dependencies: ["GoldenSnapshotTesting", "RasterTestSupport"]),
        // Everything over the whole package: the `render` command line, the seed articles'
        // code, benchmarks, fuzzing regressions, the docs and the golden renderings.
        .testTarget(
            name: "RasterTests",
            dependencies: ["Raster", "RasterBench", "RasterFuzzing", "GoldenTesting", "RasterTestSupport", "RasterSeedScenes",
                           "SeedComponentFlow", "SeedWorkflow", "SeedDCFlight", "SeedStylingBadge", "SeedStylingInstalled",
                           "SeedStyling", "CWebPDemux"]
        ),
    ]
)
