import RasterCore
import RasterLayers
import XCTest

/// A filled shape as layer contents, for compositor tests.
struct ShapeDrawing: LayerDrawing {
    var color: Color
    var inset: Double = 0
    var oval = false

    func draw(in canvas: Canvas, size: Size) {
        let r = Rect(origin: .zero, size: size).insetBy(dx: inset, dy: inset)
        canvas.fill(oval ? Path(ellipseIn: r) : Path(rect: r), paint: .solid(color))
    }
}

final class LayerTests: XCTestCase {
    private func layer(_ frame: Rect, _ color: Color? = nil) -> Layer {
        let l = Layer()
        l.frame = frame
        if let color { l.backgroundPaint = .solid(color) }
        return l
    }

    /// A tree with overlapping, clipped, faded, shadowed and drawn layers.
    private func sampleTree() -> (root: Layer, card: Layer, badge: Layer, oval: Layer, faded: Layer) {
        let root = layer(Rect(0, 0, 120, 90), Color(r: 240, g: 240, b: 245))
        let card = layer(Rect(10.5, 8, 60, 40), .white)
        card.cornerRadius = 10
        card.cornerCurve = .continuous
        card.shadowOpacity = 0.3
        card.shadowRadius = 3
        card.shadowOffset = Point(x: 0, y: 2)
        let badge = layer(Rect(40, -6, 28, 20), .red)
        let oval = layer(Rect(6.25, 6.5, 30, 22))
        oval.drawing = ShapeDrawing(color: .blue, oval: true)
        card.masksToBounds = true
        card.addSublayer(oval)
        card.addSublayer(badge)
        let faded = layer(Rect(60, 40, 50, 40), .green)
        faded.opacity = 0.5
        faded.addSublayer(layer(Rect(10, 10, 20, 20), .black))
        faded.borderWidth = 2
        faded.borderColor = .blue
        root.addSublayer(card)
        root.addSublayer(faded)
        return (root, card, badge, oval, faded)
    }

    private func fullRender(_ root: Layer, scale: Double = 1) throws -> Bitmap {
        let c = try Compositor(size: root.bounds.size, scale: scale)
        c.render(root)
        return c.frame.copy()
    }

    /// A sublayer kept after its superlayer is freed reads no superlayer (the link is
    /// unowned, so a dangling one would trap) and can join another tree.
    /// Core Animation's documented shadow defaults (`CALayer`: opacity 0, radius 3,
    /// offset (0, -3), black, no path) hold on a new layer, and each shadow property
    /// keeps its own value while the others are set and reset.
    func testShadowPropertiesStartAtCoreAnimationsDefaultsAndAreIndependent() {
        let layer = Layer()
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertEqual(layer.shadowOffset, Point(x: 0, y: -3))
        XCTAssertEqual(layer.shadowColor, .black)
        XCTAssertNil(layer.shadowPath)

        layer.shadowRadius = 8
        XCTAssertEqual(layer.shadowRadius, 8)
        XCTAssertEqual(layer.shadowOpacity, 0, "setting the radius leaves the opacity at its default")
        XCTAssertEqual(layer.shadowOffset, Point(x: 0, y: -3))
        layer.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        layer.shadowColor = .red
        layer.shadowOffset = Point(x: 2, y: 5)
        layer.shadowOpacity = 0.5
        XCTAssertEqual(layer.shadowRadius, 8)
        XCTAssertEqual(layer.shadowColor, .red)
        XCTAssertEqual(layer.shadowOffset, Point(x: 2, y: 5))
        XCTAssertEqual(layer.shadowOpacity, 0.5)
        XCTAssertEqual(layer.shadowPath, Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)))
        layer.shadowPath = nil
        XCTAssertNil(layer.shadowPath)
        XCTAssertEqual(layer.shadowOpacity, 0.5)
    }

    func testASublayerOutlivingItsSuperlayerHasNone() {
        let child = Layer()
        do {
            let parent = Layer()
            parent.addSublayer(child)
            XCTAssertTrue(child.superlayer === parent)
        }
        XCTAssertNil(child.superlayer)
        let other = Layer()
        other.addSublayer(child)
        XCTAssertTrue(child.superlayer === other)
        XCTAssertEqual(other.sublayers.count, 1)
    }

    func testFrameFollowsPositionAnchorAndTransform() {
        let l = Layer()
        l.frame = Rect(10, 20, 40, 30)
        XCTAssertEqual(l.position, Point(30, 35))
        l.anchorPoint = Point(0, 0)
        XCTAssertEqual(l.frame, Rect(30, 35, 40, 30))
        l.transform = Transform(scaleX: 2, y: 2)
        XCTAssertEqual(l.frame, Rect(30, 35, 80, 60))
        let parent = Layer()
        parent.frame = Rect(5, 5, 200, 200)
        parent.addSublayer(l)
        XCTAssertEqual(l.convert(Point(1, 1), to: nil), Point(30 + 2, 35 + 2), "in the root's bounds coordinates")
        XCTAssertEqual(parent.sublayers.count, 1)
        parent.addSublayer(l)
        XCTAssertEqual(parent.sublayers.count, 1, "re-adding moves, never duplicates")
        l.removeFromSuperlayer()
        XCTAssertNil(l.superlayer)
        XCTAssertTrue(parent.sublayers.isEmpty)
    }

    func testContentsGravityPlacesTheImage() {
        let bounds = Rect(0, 0, 100, 50)
        XCTAssertEqual(ContentsGravity.resizeAspect.rect(for: Size(20, 20), in: bounds), Rect(25, 0, 50, 50))
        XCTAssertEqual(ContentsGravity.resizeAspectFill.rect(for: Size(20, 20), in: bounds), Rect(0, -25, 100, 100))
        XCTAssertEqual(ContentsGravity.bottomRight.rect(for: Size(20, 10), in: bounds), Rect(80, 40, 20, 10))
        XCTAssertEqual(ContentsGravity.resize.rect(for: Size(20, 10), in: bounds), bounds)
    }

    func testDrawingMatchesVectorDrawingAtFractionalPositions() throws {
        for scale in [1.0, 3.0] {
            let root = layer(Rect(0, 0, 40, 30))
            let shape = layer(Rect(3.3, 4.71, 20, 15))
            shape.drawing = ShapeDrawing(color: .blue, inset: 0.5, oval: true)
            root.addSublayer(shape)
            let composited = try fullRender(root, scale: scale)
            let direct = try Bitmap(width: Int(40 * scale), height: Int(30 * scale))
            let canvas = Canvas(bitmap: direct)
            canvas.scale(x: scale, y: scale)
            canvas.translate(x: 3.3, y: 4.71)
            ShapeDrawing(color: .blue, inset: 0.5, oval: true).draw(in: canvas, size: Size(20, 15))
            XCTAssertTrue(composited.pixelsEqual(direct), "scale \(scale)")
        }
    }

    /// A drawing far larger than the frame (here 2,000 x 60,000 pixels, a very long text
    /// or list) is rasterized only where the frame shows it: the pixels are those of
    /// drawing it directly, scrolled to any position, also after it moves.
    func testHugeDrawingsAreRasterizedOnlyWhereVisible() throws {
        struct Stripes: LayerDrawing {
            func draw(in canvas: Canvas, size: Size) {
                var y = 0.0
                while y + 18 < size.height {
                    canvas.fill(Path(ellipseIn: Rect(y.truncatingRemainder(dividingBy: 70), y + 0.3, 40, 17)),
                                paint: .solid(.blue))
                    y += 23
                }
            }
        }
        let root = layer(Rect(0, 0, 100, 80), .white)
        let tall = layer(Rect(0, 0, 1000, 30_000))
        tall.drawing = Stripes()
        root.addSublayer(tall)
        let compositor = try Compositor(size: root.bounds.size, scale: 2)
        for offset in [-29_950.0, 0, -12_345.25, -29_950] {
            tall.frame = Rect(3.5, offset, 1000, 30_000)
            compositor.render(root)
            let direct = try Bitmap(width: 200, height: 160, color: Color.white.premultiplied)
            let canvas = Canvas(bitmap: direct)
            canvas.scale(x: 2, y: 2)
            canvas.translate(x: 3.5, y: offset)
            Stripes().draw(in: canvas, size: Size(1000, 30_000))
            XCTAssertTrue(compositor.frame.pixelsEqual(direct), "at \(offset)")
        }
    }

    func testIncrementalFramesMatchFullRendersAndRedrawOnlyDamage() throws {
        let (root, card, badge, oval, faded) = sampleTree()
        let compositor = try Compositor(size: root.bounds.size, scale: 2)
        compositor.render(root)
        let fullPixels = compositor.statistics.compositedPixels
        XCTAssertEqual(compositor.statistics.rasterizations, 1)

        XCTAssertEqual(compositor.render(root), [], "an unchanged tree redraws nothing")

        let changes: [(String, () -> Void)] = [
            ("badge colour", { badge.backgroundPaint = .solid(Color(r: 255, g: 200, b: 0)) }),
            ("faded moves", { faded.position.x -= 7 }),
            ("oval redrawn", { oval.drawing = ShapeDrawing(color: .red, oval: true) }),
            ("card opacity", { card.opacity = 0.8 }),
            ("badge hidden", { badge.isHidden = true }),
            ("faded removed", { faded.removeFromSuperlayer() }),
            ("faded back, rotated", { root.addSublayer(faded); faded.transform = Transform(rotationAngle: 0.3) }),
            ("shadow radius", { card.shadowRadius = 5 }),
        ]
        for (name, change) in changes {
            let before = compositor.statistics
            change()
            let damage = compositor.render(root)
            XCTAssertFalse(damage.isEmpty, name)
            let redrawn = compositor.statistics.compositedPixels - before.compositedPixels
            XCTAssertLessThan(redrawn, fullPixels, "\(name) redraws only part of the frame")
            let full = try fullRender(root, scale: 2)
            var differing: [String] = []
            for y in 0..<full.height {
                for x in 0..<full.width where full[x, y] != compositor.frame[x, y] { differing.append("(\(x), \(y))") }
            }
            XCTAssertTrue(differing.isEmpty, "\(name): \(differing.count) pixels differ from a full render, "
                          + "first \(differing.prefix(4)); damage \(damage)")
        }
    }

    func testOnlyChangedDrawingsAreRasterizedAgain() throws {
        let root = layer(Rect(0, 0, 60, 30))
        let a = layer(Rect(0, 0, 30, 30)), b = layer(Rect(30, 0, 30, 30))
        a.drawing = ShapeDrawing(color: .red, oval: true)
        b.drawing = ShapeDrawing(color: .blue, oval: true)
        root.addSublayer(a)
        root.addSublayer(b)
        let compositor = try Compositor(size: root.bounds.size)
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.rasterizations, 2)
        a.drawing = ShapeDrawing(color: .red, oval: true)      // equal: nothing to do
        b.opacity = 0.5                                          // compositing only
        b.position.x -= 2                                        // whole-pixel move
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.rasterizations, 2)
        a.drawing = ShapeDrawing(color: .green, oval: true)
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.rasterizations, 3)
        a.bounds.size = Size(20, 20)
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.rasterizations, 4)
        root.drawing = nil                                       // none over none: nothing to do
        XCTAssertEqual(compositor.render(root), [])
        XCTAssertNotEqual(compositor.frame[15, 15], Color.clear.premultiplied, "the oval's middle")
        a.drawing = nil                                          // taken away: its pixels go
        XCTAssertFalse(compositor.render(root).isEmpty)
        XCTAssertEqual(compositor.frame[15, 15], Color.clear.premultiplied)
        a.drawing = nil
        XCTAssertEqual(compositor.render(root), [])
        XCTAssertEqual(compositor.statistics.rasterizations, 4)
    }

    /// Rasters beyond the cache's byte limit are drawn and dropped: the frames are the
    /// same bytes as with every raster kept, only the work differs (each dropped raster
    /// is made again for the next frame that draws it), and the estimate counts the
    /// cache and one raster instead of every layer.
    func testRasterCacheIsBoundedWithoutChangingPixels() throws {
        func tree() -> (Layer, [Layer]) {
            let root = layer(Rect(0, 0, 80, 40), .white)
            let ovals = (0..<12).map { i -> Layer in
                let l = layer(Rect(Double(i * 6), Double(i % 3) * 5, 30, 24))
                l.drawing = ShapeDrawing(color: Color(r: UInt8(20 * i), g: 90, b: 200, a: 200), oval: true)
                root.addSublayer(l)
                return l
            }
            return (root, ovals)
        }
        let (keptRoot, keptOvals) = tree(), (droppedRoot, droppedOvals) = tree()
        let kept = try Compositor(size: keptRoot.bounds.size, scale: 2)
        let dropped = try Compositor(size: droppedRoot.bounds.size, scale: 2)
        let oneRaster = 60 * 48 * 4
        dropped.rasterCacheLimit = 3 * oneRaster + oneRaster / 2  // room for three
        for step in 0..<4 {
            kept.render(keptRoot)
            dropped.render(droppedRoot)
            XCTAssertTrue(kept.frame.pixelsEqual(dropped.frame), "frame \(step)")
            for ovals in [keptOvals, droppedOvals] { ovals[step * 3].position.x += 3 }  // damage over all of them
        }
        XCTAssertEqual(kept.statistics.rasterizations, 12)
        XCTAssertGreaterThan(dropped.statistics.rasterizations, 12, "dropped rasters are made again")
        let all = Compositor.estimate(of: keptRoot, size: keptRoot.bounds.size, scale: 2)
        XCTAssertEqual(all.pixels, 160 * 80 + 12 * 60 * 48)
        XCTAssertEqual(all.bytes, all.pixels * 4)
        let bounded = Compositor.estimate(of: keptRoot, size: keptRoot.bounds.size, scale: 2, rasterCacheLimit: 3 * oneRaster)
        XCTAssertEqual(bounded.bytes, (160 * 80) * 4 + 4 * oneRaster)
        XCTAssertEqual(bounded.pixels, all.pixels)
    }

    func testGroupOpacityIsOffscreenOnlyWhenElementsOverlap() throws {
        let root = layer(Rect(0, 0, 30, 20), .white)
        let single = layer(Rect(0, 0, 10, 10), .black)
        single.opacity = 0.5
        root.addSublayer(single)
        let compositor = try Compositor(size: root.bounds.size)
        compositor.render(root)
        // Opacity 0.5 is alpha 128 of 255: white × 127/255 remains.
        let gray = Color(r: 127, g: 127, b: 127).premultiplied
        XCTAssertEqual(compositor.statistics.offscreenGroups, 0)
        XCTAssertEqual(compositor.frame[5, 5], gray)

        let group = layer(Rect(12, 0, 18, 20))
        group.opacity = 0.5
        group.addSublayer(layer(Rect(0, 0, 12, 12), .black))
        group.addSublayer(layer(Rect(6, 6, 12, 12), .black))
        root.addSublayer(group)
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.offscreenGroups, 1)
        // Where the two squares overlap the group is still 50% black, not 75%.
        XCTAssertEqual(compositor.frame[12 + 8, 8], gray)
        XCTAssertEqual(compositor.frame[12 + 2, 2], gray)
    }

    /// A long list's rows outside the frame are not recorded, and rows that scroll in,
    /// scroll out or change outside it give the frames a full render gives.
    func testLayersOutsideTheFrameAreNotRecorded_AndMoveInAndOutAsOthersDo() throws {
        let root = layer(Rect(0, 0, 100, 60), .white)
        let list = layer(Rect(0, 0, 100, 2_000))
        root.addSublayer(list)
        let rows = (0..<200).map { i -> Layer in
            let row = layer(Rect(2, Double(i) * 10 + 0.5, 96, 8), Color(r: UInt8(i), g: 100, b: 200))
            list.addSublayer(row)
            return row
        }
        // Below the frame, but its path shadow reaches into it.
        let shadowed = layer(Rect(10, 62, 30, 6), .red)
        shadowed.shadowPath = Path(rect: Rect(0, 0, 30, 6))
        shadowed.shadowOpacity = 1
        shadowed.shadowOffset = Point(0, -5)
        root.addSublayer(shadowed)
        // A card casting its subtree's shadow, with a sublayer far outside the frame.
        let card = layer(Rect(60, 20, 30, 20), .white)
        card.shadowOpacity = 0.5
        card.addSublayer(layer(Rect(0, 500, 10, 10), .black))
        root.addSublayer(card)

        let compositor = try Compositor(size: root.bounds.size)
        compositor.render(root)
        // The root, the list, rows 0 to 6 (row 6 starts half a pixel below the frame, but
        // a layer's extent has a pixel of margin for anti-aliasing), the shadowed layer,
        // the card and its far sublayer.
        XCTAssertEqual(compositor.statistics.recordedLayers, 12)
        XCTAssertTrue(compositor.frame.pixelsEqual(try fullRender(root)))
        let blurs = compositor.statistics.shadowBlurs

        rows[150].backgroundPaint = .solid(.black)
        XCTAssertEqual(compositor.render(root), [], "a change outside the frame damages nothing")
        let changes: [(String, () -> Void)] = [
            ("a row scrolls in", { rows[150].position.y = 25 }),
            ("a row scrolls out", { rows[1].position.y = 700 }),
            ("the list scrolls", { list.position.y -= 23 }),
            ("a row inside changes", { rows[4].backgroundPaint = .solid(.green) }),
        ]
        for (name, change) in changes {
            change()
            compositor.render(root)
            XCTAssertTrue(compositor.frame.pixelsEqual(try fullRender(root)), name)
        }
        XCTAssertEqual(compositor.statistics.shadowBlurs, blurs, "the card's shadow is not blurred again")
    }

    /// The sample tree with a path shadow and a rotated drawing added, and, when `tall`,
    /// a drawing too large to rasterize whole: every way the compositor draws. Returns
    /// the root and changes to make one after another.
    private func bandedTree(tall: Bool) -> (root: Layer, changes: [() -> Void]) {
        let (root, card, badge, oval, faded) = sampleTree()
        let pathShadow = layer(Rect(80, 5, 30, 24), .white)
        pathShadow.shadowPath = Path(ellipseIn: Rect(0, 0, 30, 24))
        pathShadow.shadowOpacity = 0.8
        pathShadow.shadowRadius = 2.5
        root.addSublayer(pathShadow)
        let turned = layer(Rect(12, 55, 40, 22))
        turned.drawing = ShapeDrawing(color: Color(r: 200, g: 40, b: 120), inset: 2, oval: true)
        turned.transform = Transform(rotationAngle: 0.4)
        root.addSublayer(turned)
        var changes: [() -> Void] = [
            {},
            { badge.backgroundPaint = .solid(Color(r: 255, g: 200, b: 0)) },
            { faded.position.x -= 7 },
            { oval.drawing = ShapeDrawing(color: .red, oval: true) },
            { card.position.y += 3 },    // the subtree shadow moves by whole pixels
            { card.opacity = 0.8 },
            { pathShadow.position.x -= 2 },
            { pathShadow.opacity = 0.6; pathShadow.addSublayer(self.layer(Rect(4, 4, 8, 8), .red)) },
            { turned.transform = Transform(rotationAngle: -0.2) },
            { root.backgroundPaint = .solid(Color(r: 250, g: 250, b: 250)) },
        ]
        if tall {
            let long = layer(Rect(95.5, -20_000, 20, 40_000))
            long.drawing = ShapeDrawing(color: Color(r: 30, g: 160, b: 90, a: 200), inset: 1.25, oval: true)
            root.addSublayer(long)
            changes.append { long.position.y += 0.5 }
        }
        return (root, changes)
    }

    func testBandsOnSeveralThreads_DrawTheBytesOfOneThread_FrameAfterFrame() throws {
        for tall in [false, true] {
            for threads in [2, 7] {
                // At scale 3 the frame is 360 x 270 pixels, enough to be cut into bands.
                let single = bandedTree(tall: tall), banded = bandedTree(tall: tall)
                let one = try Compositor(size: single.root.bounds.size, scale: 3)
                let many = try Compositor(size: banded.root.bounds.size, scale: 3)
                many.threads = threads
                many.minimumBandedPixels = 0   // every damaged rectangle in bands
                for (index, (a, b)) in zip(single.changes, banded.changes).enumerated() {
                    let name = "\(threads) threads, \(tall ? "with" : "without") the tall drawing, step \(index)"
                    a()
                    b()
                    XCTAssertEqual(one.render(single.root), many.render(banded.root), "\(name): the same damage")
                    XCTAssertTrue(one.frame.pixelsEqual(many.frame), "\(name): the banded frame differs")
                    XCTAssertTrue(many.frame.pixelsEqual(try fullRender(banded.root, scale: 3)), "\(name): not a full render")
                    XCTAssertEqual(one.statistics.shadowBlurs, many.statistics.shadowBlurs, name)
                    XCTAssertGreaterThan(many.statistics.bands, index, "\(name): composited in bands")
                    if !tall {
                        // The cache serves the bands as it serves one thread: nothing kept is
                        // made again. (A drawing too large to keep whole is made per band.)
                        XCTAssertEqual(one.statistics.rasterizations, many.statistics.rasterizations, name)
                    }
                }
            }
        }
    }

    func testBandsWithoutACache_DrawTheBytesOfOneThread_AndShareTheirRasters() throws {
        // A one-frame render keeps no rasters: the bands share each one made for the frame.
        for tall in [false, true] {
            let single = bandedTree(tall: tall), banded = bandedTree(tall: tall)
            for tree in [single, banded] {
                // A column as tall as the frame: every band draws its raster.
                let column = layer(Rect(2, 0, 6, 90))
                column.drawing = ShapeDrawing(color: Color(r: 90, g: 20, b: 200), inset: 0.5)
                tree.root.addSublayer(column)
            }
            let one = try Compositor(size: single.root.bounds.size, scale: 3)
            let many = try Compositor(size: banded.root.bounds.size, scale: 3)
            one.rasterCacheLimit = 0
            many.rasterCacheLimit = 0
            many.threads = 4
            one.render(single.root)
            many.render(banded.root)
            XCTAssertGreaterThanOrEqual(many.frame.width * many.frame.height, many.minimumBandedPixels)
            XCTAssertEqual(many.statistics.bands, 8)
            XCTAssertTrue(one.frame.pixelsEqual(many.frame))
            if !tall {
                // Shared between the bands: the column below crosses all eight bands and
                // is made at most once per thread (a band that finds it being made makes a
                // copy), not once per band; the other drawings at most as often.
                XCTAssertLessThanOrEqual(many.statistics.rasterizations,
                                         one.statistics.rasterizations + 3 * (many.threads - 1))
                XCTAssertLessThan(many.statistics.rasterizations, one.statistics.rasterizations + 7)
            }
            // Without a background, what a layer leaves is cleared to transparent by each band.
            for tree in [single, banded] {
                tree.root.backgroundPaint = nil
                tree.changes[2]()
            }
            many.minimumBandedPixels = 0
            one.render(single.root)
            many.render(banded.root)
            XCTAssertEqual(many.statistics.bands, 16)
            XCTAssertTrue(one.frame.pixelsEqual(many.frame))
            XCTAssertTrue(many.frame.pixelsEqual(try fullRender(banded.root, scale: 3)))
        }
    }

    func testBandShared_MakesOnce_HandsTheValueOn_AndLetsGoAfterTheLastUse() {
        let a = Layer(), b = Layer()
        let ida = ObjectIdentifier(a), idb = ObjectIdentifier(b)
        let shared = BandShared<Int, String>(uses: [ida: 3])
        var made = 0
        func make(_ text: String) -> () -> String { { made += 1; return text } }
        XCTAssertEqual(shared.value(ida, key: 1, make: make("first")), "first")
        XCTAssertEqual(shared.held, 1)
        XCTAssertEqual(shared.value(ida, key: 1, make: make("second")), "first", "the second band takes it")
        XCTAssertEqual(shared.value(ida, key: 2, make: make("other key")), "other key", "made again for another key")
        XCTAssertEqual(made, 2)
        // Made for key 2, the count starts again: two more bands take it, then it is let go.
        XCTAssertEqual(shared.value(ida, key: 2, make: make("x")), "other key")
        XCTAssertEqual(shared.held, 1)
        XCTAssertEqual(shared.value(ida, key: 2, make: make("y")), "other key")
        XCTAssertEqual(shared.held, 0)
        XCTAssertEqual(shared.value(ida, key: 2, make: make("again")), "again", "a use beyond the count makes it anew")
        XCTAssertEqual(shared.held, 1)
        // An id with no count is used once: nothing is held for it.
        XCTAssertEqual(shared.value(idb, key: 1, make: make("b")), "b")
        XCTAssertEqual(shared.held, 1)
        XCTAssertEqual(made, 4)
        withExtendedLifetime((a, b)) {}
    }

    func testFadedLayerWithAPathShadow_KeepsItsShadowInItsGroup() throws {
        func tree(opacity: Double) -> Layer {
            let root = layer(Rect(0, 0, 60, 50), .white)
            let card = layer(Rect(15, 10, 30, 20), .white)
            card.shadowPath = Path(rect: Rect(0, 0, 30, 20))
            card.shadowOpacity = 1
            card.shadowRadius = 3
            card.shadowOffset = Point(0, 6)
            card.opacity = opacity
            card.addSublayer(layer(Rect(5, 5, 10, 10), .blue))
            root.addSublayer(card)
            return root
        }
        let opaque = try fullRender(tree(opacity: 1)), faded = try fullRender(tree(opacity: 0.5))
        // Below the card the shadow shows, faded with the group.
        let under = opaque[30, 33], fadedUnder = faded[30, 33]
        XCTAssertLessThan(under.r, 200)
        XCTAssertLessThan(fadedUnder.r, 255, "the faded card keeps its shadow")
        XCTAssertGreaterThan(fadedUnder.r, under.r, "and fades it with the card")
    }

    func testShadowsAreBlurredOnceAndFollowWholePixelMoves() throws {
        let root = layer(Rect(0, 0, 80, 60), .white)
        let card = layer(Rect(20, 15, 30, 20), .white)
        card.shadowOpacity = 0.5
        card.shadowRadius = 4
        card.shadowOffset = Point(0, 3)
        card.addSublayer(layer(Rect(5, 5, 10, 10), .blue))
        root.addSublayer(card)
        let compositor = try Compositor(size: root.bounds.size)
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.shadowBlurs, 1)
        let below = compositor.frame[35, 15 + 20 + 3]
        XCTAssertLessThan(below.r, 255, "the shadow darkens the pixels under the card")
        card.position.x += 3
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.shadowBlurs, 1, "a whole-pixel move reuses the blurred shadow")
        XCTAssertTrue(compositor.frame.pixelsEqual(try fullRender(root)))
        card.shadowRadius = 6
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.shadowBlurs, 2)

        let path = layer(Rect(5, 5, 20, 20), .white)
        path.shadowPath = Path(ellipseIn: Rect(0, 0, 20, 20))
        path.shadowOpacity = 1
        root.addSublayer(path)
        compositor.render(root)
        root.addSublayer(layer(Rect(70, 50, 5, 5), .red))
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.shadowBlurs, 3, "the path shadow is blurred once")
        XCTAssertTrue(compositor.frame.pixelsEqual(try fullRender(root)))
    }

    func testMasksToBoundsClipsWithAntiAliasedCorners() throws {
        let root = layer(Rect(0, 0, 40, 40))
        let clip = layer(Rect(0, 0, 40, 40))
        clip.cornerRadius = 20
        clip.masksToBounds = true
        clip.addSublayer(layer(Rect(-10, -10, 60, 60), .black))
        root.addSublayer(clip)
        let frame = try fullRender(root)
        XCTAssertEqual(frame[0, 0].a, 0, "the corner is cut away")
        XCTAssertEqual(frame[20, 20].a, 255)
        let edge = frame[5, 5].a
        XCTAssertTrue(edge > 0 && edge < 255, "the curve is anti-aliased, got \(edge)")
        clip.masksToBounds = false
        XCTAssertEqual(try fullRender(root)[0, 0].a, 255)
    }

    func testContentsBitmapHonoursScaleAndGravity() throws {
        let image = try Bitmap(width: 8, height: 8, color: Color.red.premultiplied)
        let root = layer(Rect(0, 0, 20, 20))
        let l = layer(Rect(0, 0, 20, 20))
        l.contents = ImageSource(image)
        l.contentsScale = 2
        l.contentsGravity = .bottomRight
        root.addSublayer(l)
        let frame = try fullRender(root, scale: 2)
        // 8 px at contentsScale 2 are 4 points: 8 device pixels at scale 2.
        XCTAssertEqual(frame[39, 39], Color.red.premultiplied)
        XCTAssertEqual(frame[32, 32], Color.red.premultiplied)
        XCTAssertEqual(frame[31, 39].a, 0)
    }

    func testRotatedContentsAreFilteredAndScaleIndependent() throws {
        let root = layer(Rect(0, 0, 40, 40))
        let l = layer(Rect(10, 10, 20, 20))
        l.drawing = ShapeDrawing(color: .blue)
        l.transform = Transform(rotationAngle: Double.pi / 4)
        root.addSublayer(l)
        let one = try fullRender(root), three = try fullRender(root, scale: 3)
        XCTAssertEqual(one[20, 20], Color.blue.premultiplied)
        XCTAssertEqual(one[20, 10].a, 255, "the rotated square's top corner is at y = 20 - 14.1")
        XCTAssertEqual(one[10, 10].a, 0)
        XCTAssertEqual(three[60, 60], Color.blue.premultiplied)
        XCTAssertEqual(three.width, 120)
    }
}
