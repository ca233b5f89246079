import Foundation

/// An error in SVG path data, with the character offset where parsing stopped.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Zero-based offset into the UTF-8 bytes of the path data where parsing stopped.
    public var offset: Int
    /// What was expected there, for people.
    public var message: String
    public var description: String { "at character \(offset): \(message)" }
}

extension Path {
    /// Parses SVG path data (`d` attribute): every command of SVG 1.1 (M L H V C S Q T A Z,
    /// absolute and relative), implicit command repetition, compact numbers ("1.5.5",
    /// "1e-3", "-1-2") and compact arc flags ("a1 1 0 00 10 10").
    ///
    /// - Throws: `SVGPathError` naming the offset and what was expected.
    public init(svgPathData d: String) throws {
        var parser = SVGPathParser(Array(d.utf8))
        self = try parser.parse()
    }
}

/// A one-pass parser over the UTF-8 bytes of path data.
struct SVGPathParser {
    private let bytes: [UInt8]
    private var index = 0
    private var path = Path()
    private var current = Point.zero
    private var start = Point.zero
    /// The second control point of the previous cubic / the control of the previous
    /// quadratic, for the smooth (S/T) commands.
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ message: String) -> SVGPathError {
        SVGPathError(offset: index, message: message)
    }

    private mutating func skipSeparators() {
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x2C { index += 1 } else { break }
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C { index += 1 } else { break }
        }
    }

    private func isNumberStart(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2D || b == 0x2B
    }

    /// True when another number follows (after separators), for implicit repetition.
    private mutating func numberFollows() -> Bool {
        skipSeparators()
        return index < bytes.count && isNumberStart(bytes[index])
    }

    private mutating func number() throws -> Double {
        skipSeparators()
        let begin = index
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
        }
        guard digits > 0 else {
            index = begin
            throw fail("expected a number")
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            var look = index + 1
            if look < bytes.count, bytes[look] == 0x2B || bytes[look] == 0x2D { look += 1 }
            if look < bytes.count, bytes[look] >= 0x30, bytes[look] <= 0x39 {
                index = look
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            }
        }
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = begin
            throw fail("number '\(EchoedValue.shortened(text))' is out of range")
        }
        return value
    }

    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard index < bytes.count else { throw fail("expected an arc flag (0 or 1)") }
        switch bytes[index] {
        case 0x30: index += 1; return false
        case 0x31: index += 1; return true
        default: throw fail("expected an arc flag (0 or 1)")
        }
    }

    private mutating func point(relative: Bool) throws -> Point {
        let x = try number(), y = try number()
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
    }

    mutating func parse() throws -> Path {
        skipSeparators()
        var command: UInt8 = 0
        var first = true
        while true {
            skipSeparators()
            if index >= bytes.count { break }
            let b = bytes[index]
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) {
                command = b
                index += 1
            } else if command == 0 || !isNumberStart(b) {
                throw fail("expected a path command (M, L, H, V, C, S, Q, T, A or Z), found '\(Character(Unicode.Scalar(b)))'")
            } else if command == 0x5A || command == 0x7A {
                throw fail("numbers cannot follow Z")
            }
            if first, command != 0x4D, command != 0x6D {
                throw fail("path data must start with M or m")
            }
            first = false
            try run(command)
            // Further numbers repeat the command; after a moveto they are implicit linetos.
            if command == 0x4D { command = 0x4C } else if command == 0x6D { command = 0x6C }
            while command != 0x5A, command != 0x7A, numberFollows() { try run(command) }
        }
        return path
    }

    private mutating func run(_ command: UInt8) throws {
        let relative = command >= 0x61
        switch command | 0x20 {
        case 0x6D: // m
            let p = try point(relative: relative)
            path.move(to: p)
            current = p; start = p
            clearSmooth()
        case 0x6C: // l
            let p = try point(relative: relative)
            line(to: p)
        case 0x68: // h
            let x = try number()
            line(to: Point(x: relative ? current.x + x : x, y: current.y))
        case 0x76: // v
            let y = try number()
            line(to: Point(x: current.x, y: relative ? current.y + y : y))
        case 0x63: // c
            let c1 = try point(relative: relative), c2 = try point(relative: relative), p = try point(relative: relative)
            cubic(c1, c2, p)
        case 0x73: // s
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point(relative: relative), p = try point(relative: relative)
            cubic(c1, c2, p)
        case 0x71: // q
            let c = try point(relative: relative), p = try point(relative: relative)
            quad(c, p)
        case 0x74: // t
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = try point(relative: relative)
            quad(c, p)
        case 0x61: // a
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = try point(relative: relative)
            arc(rx: rx, ry: ry, rotationDegrees: rotation, large: large, sweep: sweep, to: p)
        case 0x7A: // z
            path.close()
            current = start
            clearSmooth()
            return
        default:
            index -= 1
            throw fail("unknown path command '\(Character(Unicode.Scalar(command)))'")
        }
    }

    private mutating func clearSmooth() {
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private mutating func ensureContour() {
        if path.currentPoint == nil { path.move(to: current) }
    }

    private mutating func line(to p: Point) {
        ensureContour()
        path.line(to: p)
        current = p
        clearSmooth()
    }

    private mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
        ensureContour()
        path.cubic(to: p, control1: c1, control2: c2)
        current = p
        lastCubicControl = c2
        lastQuadControl = nil
    }

    private mutating func quad(_ c: Point, _ p: Point) {
        ensureContour()
        path.quad(to: p, control: c)
        current = p
        lastQuadControl = c
        lastCubicControl = nil
    }

    /// SVG's endpoint arc, converted to centre form (SVG 1.1 implementation notes, F.6.5).
    private mutating func arc(rx rxIn: Double, ry ryIn: Double, rotationDegrees: Double,
                              large: Bool, sweep: Bool, to p: Point) {
        ensureContour()
        var rx = abs(rxIn), ry = abs(ryIn)
        let p0 = current
        defer { current = p; clearSmooth() }
        if p0 == p { return }
        if rx == 0 || ry == 0 {
            path.line(to: p)
            return
        }
        let phi = rotationDegrees * Double.pi / 180
        let cs = cos(phi), sn = sin(phi)
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cs * dx + sn * dy, y1 = -sn * dx + cs * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if large == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let cx = cs * cx1 - sn * cy1 + (p0.x + p.x) / 2
        let cy = sn * cx1 + cs * cy1 + (p0.y + p.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        if sweep, delta < 0 { delta += 2 * Double.pi }
        path.addEllipticalArc(center: Point(x: cx, y: cy), radii: Size(width: rx, height: ry),
                              rotation: phi, startAngle: theta1, sweep: delta)
        // Land exactly on the requested end point.
        path.line(to: p)
    }
}
