import Foundation
import Testing
@testable import Raster

@Test func textSmoke() throws {
    let registry = FontRegistry()
    try registry.register(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", fallback: true)
    let bitmap = try Bitmap(width: 400, height: 200, color: Color.white.premultiplied)
    let canvas = Canvas(bitmap: bitmap)
    let text = AttributedText([
        TextSpan("Hello, World! AV To Wa ", font: .system(size: 20), color: .black),
        TextSpan("bold Ωμέγα שלום ", font: .system(size: 28, weight: .bold), color: .blue),
        TextSpan("emoji 👍🏽👨‍👩‍👧 🇫🇷 e\u{301} end", font: .system(size: 16), color: .red),
    ])
    let layout = try TextLayout(text, style: ParagraphStyle(alignment: .justified), width: 380, registry: registry)
    print(layout.size, layout.lineTexts)
    canvas.translate(x: 10, y: 10)
    canvas.draw(layout)
    canvas.rotate(by: 0.2)
    canvas.draw(layout, at: Point(x: 20, y: 80))
    try PNGEncoder.standard.write(bitmap, to: "/tmp/smoke/text.png")
}
