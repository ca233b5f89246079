import Foundation
import GoldenTesting
import Raster
import XCTest

/// One golden image per drawing primitive, under Fixtures/golden/primitives/.
final class PrimitiveGoldenTests: XCTestCase {
    private func golden(_ name: String, _ w: Int = 96, _ h: Int = 96, _ draw: (Canvas) -> Void,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let b = try Bitmap(width: w, height: h, color: Color.white.premultiplied)
        draw(Canvas(bitmap: b))
        assertGolden(of: b, named: "primitives/\(name)", filePath: file, line: line)
    }

    private let accent = Color(r: 0x25, g: 0x63, b: 0xEB)

    func testFillShapes() throws {
        try golden("fill-int-rect") { $0.fill(Rect(x: 16, y: 16, width: 64, height: 48), paint: .solid(self.accent)) }
        try golden("fill-fractional-rect") { $0.fill(Rect(x: 16.3, y: 16.7, width: 63.5, height: 47.2), paint: .solid(self.accent)) }
        try golden("fill-rounded-rect") { $0.fill(Path(roundedRect: Rect(x: 8, y: 16, width: 80, height: 64), cornerRadius: 18), paint: .solid(self.accent)) }
        try golden("fill-continuous-rect") {
            $0.fill(Path(roundedRect: Rect(x: 8, y: 16, width: 80, height: 64), cornerRadius: 18, style: .continuous), paint: .solid(self.accent))
        }
        try golden("fill-per-corner-radii") {
            $0.fill(Path(roundedRect: Rect(x: 8, y: 8, width: 80, height: 80),
                         radii: CornerRadii(topLeft: 0, topRight: 30, bottomRight: 8, bottomLeft: 40)), paint: .solid(self.accent))
        }
        try golden("fill-ellipse") { $0.fill(Path(ellipseIn: Rect(x: 8, y: 20, width: 80, height: 56)), paint: .solid(self.accent.withOpacity(0.5))) }
        try golden("fill-star-evenodd") { c in
            let star = try! Path(svgPathData: "M48 6 L73 88 L6 36 L90 36 L23 88 Z")
            c.fill(star, paint: .solid(self.accent), rule: .evenOdd)
        }
        try golden("fill-rotated-square") { c in
            c.translate(x: 48, y: 48)
            c.rotate(by: Double.pi / 7)
            c.fill(Rect(x: -25, y: -25, width: 50, height: 50), paint: .solid(self.accent))
        }
    }

    func testStrokes() throws {
        let zigzag = Path { p in
            p.move(to: Point(x: 12, y: 70)); p.line(to: Point(x: 34, y: 22)); p.line(to: Point(x: 56, y: 70)); p.line(to: Point(x: 84, y: 30))
        }
        for join in StrokeStyle.Join.allCases {
            try golden("stroke-join-\(join.rawValue)") { $0.stroke(zigzag, style: StrokeStyle(width: 10, join: join), paint: .solid(self.accent)) }
        }
        for cap in StrokeStyle.Cap.allCases {
            try golden("stroke-cap-\(cap.rawValue)") { c in
                c.stroke(Path { p in p.move(to: Point(x: 24, y: 48)); p.line(to: Point(x: 72, y: 48)) },
                         style: StrokeStyle(width: 16, cap: cap), paint: .solid(self.accent))
                c.stroke(Path { p in p.move(to: Point(x: 24, y: 48)); p.line(to: Point(x: 72, y: 48)) },
                         style: StrokeStyle(width: 1), paint: .solid(.red))
            }
        }
        try golden("stroke-dashed-circle") {
            $0.stroke(Path(ellipseIn: Rect(x: 12, y: 12, width: 72, height: 72)),
                      style: StrokeStyle(width: 6, cap: .round, dash: [12, 8], dashPhase: 3), paint: .solid(self.accent))
        }
        try golden("stroke-hairlines") { c in
            for i in 0..<8 {
                let y = 8.5 + Double(i) * 11
                c.stroke(Path { p in p.move(to: Point(x: 6, y: y)); p.line(to: Point(x: 90, y: y - 4)) },
                         style: StrokeStyle(width: Double(i) * 0.25), paint: .solid(.black))
            }
        }
        try golden("stroke-cubic-wide") {
            $0.stroke(try! Path(svgPathData: "M10 80 C 30 -10, 70 110, 88 16"),
                      style: StrokeStyle(width: 12, cap: .round, join: .round), paint: .solid(self.accent.withOpacity(0.6)))
        }
    }

    func testPaints() throws {
        let g = Gradient(stops: [GradientStop(Color(r: 0xF4, g: 0x3F, b: 0x5E), 0), GradientStop(Color(r: 0xFA, g: 0xCC, b: 0x15), 0.5),
                                 GradientStop(Color(r: 0x22, g: 0xC5, b: 0x5E, a: 0x80), 1)])
        let box = Rect(x: 8, y: 8, width: 80, height: 80)
        try golden("paint-linear") { $0.fill(box, paint: .linear(LinearGradient(cssAngle: 135, in: box, gradient: g))) }
        try golden("paint-linear-reflect") {
            $0.fill(box, paint: .linear(LinearGradient(start: Point(x: 30, y: 0), end: Point(x: 50, y: 0),
                                                       gradient: Gradient(stops: g.stops, spread: .reflect))))
        }
        try golden("paint-radial") { $0.fill(box, paint: .radial(RadialGradient(center: Point(x: 48, y: 48), radius: 40, gradient: g))) }
        try golden("paint-radial-focal") {
            $0.fill(box, paint: .radial(RadialGradient(center: Point(x: 48, y: 48), radius: 40, focal: Point(x: 30, y: 34), gradient: g)))
        }
        try golden("paint-conic") { $0.fill(Path(ellipseIn: box), paint: .conic(ConicGradient(center: Point(x: 48, y: 48), startAngle: 0, gradient: g))) }
        let checker = try Bitmap(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { checker[x, y] = (x + y) % 2 == 0 ? accent.premultiplied : Color.white.premultiplied } }
        let image = ImageSource(checker)
        for filter in ImageFilter.allCases {
            try golden("paint-image-\(filter.rawValue)") { c in
                c.drawImage(image, transform: Transform(scaleX: 7, y: 7).concatenating(Transform(rotationAngle: 0.3))
                                .concatenating(Transform(translationX: 34, y: 4)), filter: filter)
            }
        }
    }

    func testCompositing() throws {
        try golden("blend-modes", 192, 112) { c in
            for (i, mode) in BlendMode.allCases.enumerated() {
                let x = Double(i % 6) * 32 + 2, y = Double(i / 6) * 38 + 2
                c.fill(Rect(x: x, y: y, width: 20, height: 28), paint: .solid(Color(r: 0x22, g: 0x88, b: 0xEE, a: 200)))
                c.fill(Path(ellipseIn: Rect(x: x + 8, y: y + 8, width: 20, height: 20)),
                       paint: .solid(Color(r: 0xEE, g: 0x55, b: 0x22, a: 220)), blendMode: mode)
            }
        }
        try golden("shadow-rounded-rect") { c in
            let card = Path(roundedRect: Rect(x: 18, y: 14, width: 60, height: 50), cornerRadius: 10)
            c.drawShadow(of: card, color: Color(r: 0, g: 0, b: 0, a: 110), sigma: 6, offset: Point(x: 0, y: 8))
            c.fill(card, paint: .solid(.white))
        }
        try golden("clip-rounded-nested") { c in
            c.clip(to: Path(roundedRect: Rect(x: 8, y: 8, width: 80, height: 80), cornerRadius: 24))
            c.clip(to: Rect(x: 20.5, y: 0, width: 80, height: 70.5))
            c.fill(Rect(x: 0, y: 0, width: 96, height: 96), paint: .linear(LinearGradient(cssAngle: 90, in: Rect(x: 0, y: 0, width: 96, height: 96),
                                                                                       gradient: Gradient(colors: [self.accent, .black]))))
        }
        try golden("layer-opacity") { c in
            let src = try! Bitmap(width: 40, height: 40, color: self.accent.premultiplied)
            c.drawImage(ImageSource(src), transform: Transform(translationX: 10, y: 10), opacity: 0.6)
            c.drawImage(ImageSource(src), transform: Transform(translationX: 40, y: 40), opacity: 0.6)
        }
    }
}
