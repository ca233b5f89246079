import Foundation

/// Scene files with one mistake each: what the renderer says of each, and whether the
/// scene's JSON Schema can see the mistake. `RenderCommandTests` runs every entry
/// through the command line (status 1, one clear line, no output file);
/// `SceneSchemaTests` through the decoder and the `jsonschema` package, which must
/// refuse every entry marked `.refuses` and, so that the list stays true, accept every
/// entry marked `.cannotTell` (each with the reason a schema cannot see it).
package enum BadSceneCatalogue {
    package enum Schema {
        /// The schema refuses the document.
        case refuses
        /// A mistake no JSON Schema can express; the schema accepts the document.
        case cannotTell(String)
        /// Not a JSON document at all: nothing for a schema to read.
        case notJSON
    }

    package struct Entry {
        package let json: String
        /// What the renderer's one line says (a part of it).
        package let message: String
        package let schema: Schema

        package init(_ json: String, _ message: String, _ schema: Schema) {
            self.json = json
            self.message = message
            self.schema = schema
        }
    }

    package static let undefinedName = "a name the scene's environment.colors may define: the schema cannot look across the document"
    package static let files = "files are read when the scene is decoded; the schema sees their names"

    package static func scene(_ root: String, canvas: String = #"{"width": 10, "height": 10}"#, extra: String = "") -> String {
        #"{"canvas": \#(canvas), \#(extra)"root": \#(root)}"#
    }

    package static func node(_ type: String, _ props: String = "") -> String {
        scene(#"{"type": "\#(type)"\#(props.isEmpty ? "" : ", " + props)}"#)
    }

    package static let entries: [Entry] = {
        let long = String(repeating: "x", count: 5000)
        let broken = TestFixtures.directory.appendingPathComponent("png/broken").path
        func text(_ props: String) -> String { node("Text", #""text": "x", \#(props)"#) }
        let rect = #"{"type": "Rectangle"}"#
        let deep = String(repeating: #"{"type": "ZStack", "children": ["#, count: 120) + rect + String(repeating: "]}", count: 120)
        return [
            Entry(#"{"canvas": {"width": 10,, }}"#, "the file is not valid JSON (line 1, column 25: unexpected ','", .notJSON),
            Entry(String(node("Rectangle").dropLast()), "the file is not valid JSON (line 1, column", .notJSON),
            Entry("", "the file is not valid JSON (line 1, column 1: unexpected end of the document", .notJSON),
            Entry("[1, 2]", "expected an object, found an array", .refuses),
            Entry(scene(#"{"type": "Text", "text": "\ud800"}"#), "a lone surrogate", .cannotTell("a lone surrogate is an error in the JSON text; the parsed document the schema sees holds a string")),
            Entry(#"{"root": {"type": "Rectangle"}}"#, "missing 'canvas'", .refuses),
            Entry(#"{"canvas": {"width": 10, "height": 10}}"#, "missing 'root'", .refuses),
            Entry(node("Txet"), "root.type: unknown type 'Txet'; did you mean 'Text'?", .refuses),
            Entry(node("Blob"), "root.type: unknown type 'Blob' (known: Button, Circle", .refuses),
            Entry(node(long), "root.type: unknown type 'xxxxxxxx", .refuses),
            Entry(node("Rectangle", #""fil": "red""#), "root.fil: unknown prop 'fil' of Rectangle; did you mean 'fill'?", .refuses),
            Entry(node("Rectangle", #""zzzzzz": 1"#), "root.zzzzzz: unknown prop 'zzzzzz' of Rectangle (`render components` lists its props)", .refuses),
            Entry(node("Rectangle", #""\#(long)": 1"#), "unknown prop 'xxxx", .refuses),
            Entry(scene(#"{"type": 3}"#), "root.type: expected a string, found a number", .refuses),
            Entry(scene(##"{"fill": "#FF0000"}"##), "root: missing 'type'", .refuses),
            Entry(node("Rectangle", ##""fill": "#12""##), "root.fill: expected a color ('#RRGGBB', '#RRGGBBAA', a CSS name, rgb(), hsl(), 'clear' or a semantic name), found '#12'", .refuses),
            Entry(node("Rectangle", #""fill": "\#(long)""#), "root.fill: 'xxxx", .cannotTell(undefinedName)),
            Entry(node("Rectangle", #""fill": "zzqqxx""#), "root.fill: 'zzqqxx' is not a CSS color or a semantic color of this scene (accent, background", .cannotTell(undefinedName)),
            Entry(node("Rectangle", #""fill": "primery""#), "root.fill: 'primery' is not a CSS color or a semantic color of this scene; did you mean 'primary'?", .cannotTell(undefinedName)),
            Entry(node("Rectangle", #""fill": "blurple""#), "root.fill: 'blurple' is not a CSS color or a semantic color of this scene; did you mean 'purple'?", .cannotTell(undefinedName)),
            Entry(node("Rectangle", #""fill": "rgb(1, 2)""#), "root.fill: 'rgb(1, 2)' is not a color: rgb() and hsl() take three values and an optional alpha", .refuses),
            Entry(node("Rectangle", #""opacity": 3"#), "root.opacity: expected a number from 0 to 1, found 3", .refuses),
            Entry(node("Rectangle", #""opacity": "half""#), "root.opacity: expected a number, found a string", .refuses),
            Entry(node("Rectangle", #""width": -5"#), "root.width: expected a number from 0 to", .refuses),
            Entry(node("Rectangle", #""width": 1e999"#), "a number too large for a double", .refuses),
            Entry(node("VStack", #""alignment": "centre""#), "root.alignment: expected one of 'leading', 'center', 'trailing', found 'centre'; did you mean 'center'?", .refuses),
            Entry(node("VStack", #""alignment": "diagonal""#), "root.alignment: expected one of 'leading', 'center', 'trailing', found 'diagonal'", .refuses),
            Entry(node("VStack", #""children": {}"#), "root.children: expected an array, found an object", .refuses),
            Entry(node("VStack", #""children": [3]"#), "root.children[0]: expected a node (an object with a 'type'), found a number", .refuses),
            Entry(node("Text", #""text": "a", "spans": [{"text": "b"}]"#), "root: a Text takes text or spans, not both", .refuses),
            Entry(text(#""font": {"size": "big"}"#), "root.font.size: expected a number, found a string", .refuses),
            Entry(text(#""font": {"family": "Comic"}"#), "root.font.family: unknown font family 'Comic' (add it to the scene's fonts map)", .cannotTell("a family the scene's fonts map may register: the schema cannot look across the document")),
            Entry(text(#""font": {"family": "Intr"}"#), "root.font.family: unknown font family 'Intr'; did you mean 'Inter'?", .cannotTell("a family the scene's fonts map may register: the schema cannot look across the document")),
            Entry(text(#""font": {"weight": "semibolt"}"#), "did you mean 'semibold'?", .refuses),
            Entry(text(#""features": {"ligature": true}"#), "root.features.ligature: an OpenType feature tag is four printable ASCII characters", .refuses),
            Entry(text(#""language": "english!""#), "root.language: expected a BCP 47 language tag", .refuses),
            Entry(text(#""direction": "up""#), "root.direction: expected one of 'auto', 'ltr', 'rtl', found 'up'", .refuses),
            Entry(text(#""maxLines": -1"#), "root.maxLines: expected a whole number from 0 to", .refuses),
            Entry(node("Image", #""src": "missing.png""#), "root.src: cannot read the image 'missing.png' (no such file)", .cannotTell(files)),
            Entry(node("Image", #""src": "\#(TestFixtures.path("svg/badge.svg"))", "tint": "red""#),
             "root.tint: tint applies to PNG, JPEG and WebP images, not to an SVG", .cannotTell(files)),
            Entry(node("Image", #""src": "\#(broken)/not-a-png.png""#), "(not a PNG, JPEG or WebP image)", .cannotTell(files)),
            Entry(node("Image", #""src": "\#(broken)/truncated.png""#), "(file is truncated)", .cannotTell(files)),
            Entry(node("Image", #""src": "\#(broken)/absurd-dimensions.png""#), "(image is 1000000x1000000 pixels, more than the limit of 100000000 pixels)", .cannotTell(files)),
            Entry(scene(rect, extra: #""fonts": {"Brand": "nope.ttf"}, "#), "fonts.Brand: ", .cannotTell(files)),
            Entry(scene(rect, canvas: #"{"width": 50000, "height": 50000}"#), "canvas: the canvas is 50000x50000 pixels", .cannotTell("the pixel limit bounds width × height × scale²; a schema bounds each number alone")),
            Entry(scene(rect, canvas: #"{"width": 10, "height": 10, "scale": 100}"#), "canvas.scale: expected a number from 0.1 to 16, found 100", .refuses),
            Entry(scene(rect, canvas: #"{"width": "wide", "height": 10}"#), "canvas.width: expected a number, found a string", .refuses),
            Entry(node("VStack", #""children": [{"type": "Rectangle", "id": "a"}, {"type": "Rectangle", "id": "a"}]"#),
             "root.children[1].id: the id 'a' is already used by the node at root.children[0]", .cannotTell("ids unique across the tree: the schema sees one node at a time")),
            Entry(node("Path", #""d": "M 0 0 L""#), "root.d: invalid SVG path data at character 7", .cannotTell("the SVG path grammar of d: the schema checks that it is a string")),
            Entry(node("Flex", #""children": [{"type": "Rectangle", "basis": "50 percent"}]"#), "root.children[0].basis: expected a number", .refuses),
            Entry(node("Rectangle", #""frame": {"minWidth": 50, "maxWidth": 10}"#), "minWidth 50 is greater than maxWidth 10", .cannotTell("minWidth above maxWidth: a schema cannot compare two values")),
            Entry(node("Rectangle", #""layoutPriority": 5000"#), "root.layoutPriority: expected a number from -1000 to 1000, found 5000", .refuses),
            Entry(node("Rectangle", #""padding": [1, 2, 3]"#), "root.padding: expected insets", .refuses),
            Entry(node("Rectangle", #""padding": {"left": 1, "trailing": 2}"#),
                  "root.padding: insets take left and right or leading and trailing, not both", .refuses),
            Entry(node("Button", #""content": {"type": "Rectangle"}, "insets": {"start": 3}"#),
                  "root.insets.start: unknown prop 'start' (insets take top, bottom, and left and right or leading and trailing)", .refuses),
            Entry(node("Flex", #""children": [{"type": "Rectangle", "margin": {"leading": 4}}]"#),
                  "root.children[0].margin.leading: unknown prop 'leading' (edges take top, left, bottom and right)", .refuses),
            Entry(node("Rectangle", #""layoutDirection": "sideways""#), "root.layoutDirection: expected one of 'ltr', 'rtl', found 'sideways'", .refuses),
            Entry(node("Rectangle", #""flipsForRightToLeftLayoutDirection": "yes""#),
                  "root.flipsForRightToLeftLayoutDirection: expected true or false, found a string", .refuses),
            Entry(scene(deep), "…ildren[0].children[0].children[0].children[0]: the tree is nested more than 100 levels deep (raise the limit with --max-depth)", .cannotTell("the nesting limit, which --max-depth adjusts")),
            Entry(scene(rect, extra: #""styles": {"Button": ["shiny"]}, "#), "styles.Button[0]: unknown Button style 'shiny'", .refuses),
            Entry(scene(rect, extra: #""environment": {"layoutDirection": "sideways"}, "#), "environment.layoutDirection: expected one of 'ltr', 'rtl', found 'sideways'", .refuses),
            Entry(scene(rect, extra: #""fontSet": "serif", "#), "fontSet: expected one of 'system', 'bundled', found 'serif'", .refuses),
            Entry(scene(rect, extra: #""enviroment": {}, "#), "enviroment: unknown prop 'enviroment' of scene; did you mean 'environment'?", .refuses),
            // A line break after a value: refused by both (Python's `$` would let it
            // through), and the error stays one line, the break written as an escape.
            Entry(text(#""language": "en\n""#), "root.language: expected a BCP 47 language tag such as 'en', 'ja' or 'zh-Hant', found 'en\\n'", .refuses),
            Entry(node("Rectangle", ##""fill": "#fff\n""##), "root.fill: expected a color ('#RRGGBB', '#RRGGBBAA', a CSS name, rgb(), hsl(), 'clear' or a semantic name), found '#fff\\n'", .refuses),
            Entry(node("Rectangle", #""fill": "rgb(1 2 3)\n""#), "root.fill: 'rgb(1 2 3)\\n' is not a color: rgb() and hsl() take three values and an optional alpha", .refuses),
            Entry(node("Flex", #""children": [{"type": "Rectangle", "basis": "50%\n"}]"#), "root.children[0].basis: expected a number", .refuses),
        ]
    }()
}
