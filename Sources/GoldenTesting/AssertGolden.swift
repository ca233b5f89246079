import Foundation
import Raster

// The assertions. Each renders its subject, compares it with the reference image
// `<golden folder>/<name>.png` (see `GoldenConfiguration` for the folder,
// `GoldenCallSite` for the default name), and reports a failure to XCTest or Swift
// Testing, whichever runs the test. None throws: a rendering or scene error is a
// failure of the test, reported at the call. Each returns its `GoldenOutcome` for
// tests that want the numbers.

/// Asserts that an image matches its reference.
@discardableResult
public func assertGolden(of image: Bitmap, named name: String? = nil, record: GoldenRecordMode? = nil,
                         tolerance: ImageTolerance? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                         function: StaticString = #function, line: UInt = #line, column: UInt = #column) -> GoldenOutcome {
    let site = GoldenCallSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return GoldenAssertion.check(named: name, record: record, tolerance: tolerance, at: site) { image }
}

/// Asserts that `component`, laid out in `size` points and rendered at `scale` pixels
/// per point, matches its reference. Text uses `FontRegistry.bundledShared` unless the
/// component sets its own registry in the environment.
@discardableResult
public func assertGolden<C: Component>(of component: C, size: Size, scale: Double = 1, theme: Theme = .light,
                                       background: Color = .clear, named name: String? = nil,
                                       record: GoldenRecordMode? = nil, tolerance: ImageTolerance? = nil,
                                       fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                       function: StaticString = #function, line: UInt = #line,
                                       column: UInt = #column) -> GoldenOutcome where C.EnvironmentType == Empty {
    let site = GoldenCallSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return GoldenAssertion.check(named: name, record: record, tolerance: tolerance, at: site) {
        try GoldenRendering.render(component, size: size, scale: scale, theme: theme, background: background)
    }
}

/// Asserts that the scene file at `path` (JSON or YAML; a relative path is taken from
/// the package root) matches its reference: the still scene, or the frame of its
/// timeline at `time` seconds. `scale` overrides the scene's canvas scale. Text falls
/// back only to the bundled font set (`FontSet.bundled`), so the picture is the same on
/// every machine; a pinned font that is missing or differs fails the assertion, naming it.
@discardableResult
public func assertGolden(scene path: String, at time: Double? = nil, scale: Double? = nil, named name: String? = nil,
                         record: GoldenRecordMode? = nil, tolerance: ImageTolerance? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                         function: StaticString = #function, line: UInt = #line, column: UInt = #column) -> GoldenOutcome {
    let site = GoldenCallSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return GoldenAssertion.check(named: name, record: record, tolerance: tolerance, at: site) {
        let file = path.hasPrefix("/") ? path : site.packageRoot.appendingPathComponent(path).path
        let scene: Scene
        do {
            scene = try SceneDecoder(fontSet: .bundled).decode(contentsOf: file)
        } catch {
            throw GoldenSetupError("\(file): \(error)")
        }
        for (path, use) in scene.fontReport() {
            if let problem = use.problems.first { throw GoldenSetupError("\(file): \(path): \(problem)") }
        }
        return try GoldenRendering.render(scene, at: time, scale: scale)
    }
}

/// Asserts that a decoded scene matches its reference: the still scene, or the frame
/// of its timeline at `time` seconds. `scale` overrides the scene's canvas scale.
@discardableResult
public func assertGolden(scene: Scene, at time: Double? = nil, scale: Double? = nil, named name: String? = nil,
                         record: GoldenRecordMode? = nil, tolerance: ImageTolerance? = nil,
                         fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                         function: StaticString = #function, line: UInt = #line, column: UInt = #column) -> GoldenOutcome {
    let site = GoldenCallSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return GoldenAssertion.check(named: name, record: record, tolerance: tolerance, at: site) {
        try GoldenRendering.render(scene, at: time, scale: scale)
    }
}

/// The shared path of every assertion: render, verify, report.
enum GoldenAssertion {
    static func check(named name: String?, record: GoldenRecordMode?, tolerance: ImageTolerance?, at site: GoldenCallSite,
                      render: () throws -> Bitmap) -> GoldenOutcome {
        // Named before rendering, so a subject that fails to render still takes its
        // place in the numbering of a test's unnamed assertions.
        let name = name ?? site.nextDefaultName()
        let outcome: GoldenOutcome
        do {
            let image = try render()
            outcome = GoldenVerifier.verify(image, named: name,
                                            configuration: GoldenConfiguration(record: record, tolerance: tolerance), at: site)
        } catch {
            outcome = GoldenVerifier.failure(name, "golden '\(name)': cannot render the subject: \(error)")
        }
        if outcome.failsTest, let message = outcome.message {
            GoldenIssue.record(message, at: site)
        }
        return outcome
    }
}

/// How the assertions and snapshot strategies turn their subjects into pixels.
public enum GoldenRendering {
    /// `component` laid out in `size` points and rendered at `scale`.
    public static func render<C: Component>(_ component: C, size: Size, scale: Double = 1, theme: Theme = .light,
                                            background: Color = .clear) throws -> Bitmap where C.EnvironmentType == Empty {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw GoldenSetupError("size: expected finite, non-negative sides, found \(size.width)x\(size.height)")
        }
        guard scale.isFinite, scale > 0 else { throw GoldenSetupError("scale: expected a positive number, found \(scale)") }
        return try ComponentHost<Empty>.render(component, size: size, scale: scale, theme: theme, background: background,
                                               fonts: .bundledShared)
    }

    /// `scene` at rest, or its timeline's frame at `time` seconds; `scale` overrides its
    /// canvas scale (checked against the same limits as a scene file's).
    public static func render(_ scene: Scene, at time: Double? = nil, scale: Double? = nil) throws -> Bitmap {
        var scene = scene
        if let scale {
            scene.canvas.scale = try SceneSpecs.canvas.check(scale, for: "scale", path: "scale")
            try scene.canvas.checkSize(path: "scale")
        }
        if let time {
            guard time.isFinite, time >= 0 else { throw GoldenSetupError("time: expected a number of seconds ≥ 0, found \(time)") }
            return try ScenePlayer(scene: scene).frame(at: time)
        }
        // One frame: no layer raster is drawn twice, so none is kept.
        let renderer = SceneRenderer(scene: scene)
        renderer.host.rasterCacheLimit = 0
        return try renderer.render()
    }
}
