import Foundation
import Raster

/// The pipeline workloads before drawing: scene trees built once as JSON (`scene`, which
/// `render bench --export` writes so the Taffy oracle lays out the very same Flex trees
/// and Python's `json` reads the very same file), decoded once, then laid out from
/// scratch on every timed run (a new host: every view made, every node measured and
/// placed); `L1e` to `L4e` lay the same trees out without views, each run on new layout
/// nodes, and `L1d` to `L4d` on layout nodes kept from run to run with every node marked
/// dirty first, as Taffy's compute is timed; `A3` updates a laid-out tree frame by
/// frame, `R1` only reads a file and `R2` reads and decodes it.
/// Nothing is drawn, but for `L5`, which takes a file all the way to PNG bytes.
public enum LayoutWorkloads {
    public static let names = ["L1", "L2", "L3", "L4", "L1e", "L2e", "L3e", "L4e", "L1d", "L2d", "L3d", "L4d", "A3",
                                      "R1", "R2"]
    /// Workloads run only when named (`render bench --only L5`): too large for every run.
    public static let namedOnly = ["L5"]

    /// The workloads whose trees are pure Flex, so Taffy can lay out the same tree.
    public static let flexOnly: Set<String> = ["L1", "L2"]

    public static func scene(_ name: String) -> JSONValue? {
        switch name {
        case "L1e", "L1d": return wide()
        case "L2e", "L2d": return deep()
        case "L3e", "L3d": return chatList()
        case "L4e", "L4d": return mixedDeep()
        case "L1": return wide()
        case "L2": return deep()
        case "L3": return chatList()
        case "L4": return mixedDeep()
        case "A3": return relabelledChatList()
        case "R1", "R2": return largeFile()
        case "L5": return wrappingRectangles(largeSceneItems, seed: 16)
        default: return nil
        }
    }

    static func summary(_ name: String) -> String {
        switch name {
        case "L1e": return "layout engine alone (no views): the L1 tree"
        case "L2e": return "layout engine alone (no views): the L2 tree"
        case "L3e": return "layout engine alone (no views): the L3 tree"
        case "L4e": return "layout engine alone (no views): the L4 tree"
        case "L1d", "L2d", "L3d", "L4d":
            return "layout engine alone, kept nodes all marked dirty (as Taffy is timed): the L\(name.dropFirst().prefix(1)) tree"
        case "L1": return "layout: 10,000 flex items in one wrapping row"
        case "L2": return "layout: 100 chains of flex containers nested 98 deep"
        case "L3": return "layout: 1,000 chat rows in stacks (text measured)"
        case "L4": return "layout: 8,000 leaves in stacks and flex containers 60 deep"
        case "A3": return "update and layout of 10 frames of the L3 list, one row's name changed in each (no drawing)"
        case "R1": return "read: a 48 MB scene file of 455,001 nodes parsed (not decoded), as Python's json.loads reads it"
        case "R2": return "read and decode: the R1 file parsed and decoded into components, every prop checked against its spec"
        case "L5": return "file to PNG: a 1,000,001-node Flex scene read, decoded, laid out, drawn and encoded"
        default: return ""
        }
    }

    public static func make(_ name: String) throws -> Workload? {
        guard let json = scene(name) else { return nil }
        if name == "L5" { return try fileToPNG(name, json) }
        if name == "R1" {
            // The file's bytes are made once; a run parses them.
            let data = Data(json.jsonText().utf8)
            return Workload(name: name, summary: summary(name), width: 1, height: 1, nodes: largeFileItems + 1, draw: { _ in },
                            encode: {
                _ = try JSONValue.parse(data)
                return data.count
            })
        }
        if name == "R2" {
            // The file's bytes are made once; a run parses and decodes them. Each run's
            // scene is kept until the next run starts, so that tearing it down is not timed.
            let data = Data(json.jsonText().utf8)
            let decoder = SceneDecoder(limits: SceneLimits(nodes: largeFileItems + 1))
            let kept = Kept()
            var workload = Workload(name: name, summary: summary(name), width: 1, height: 1, nodes: largeFileItems + 1,
                                    draw: { _ in }, encode: {
                kept.scenes.append(try decoder.decode(data, format: .json))
                return data.count
            })
            workload.beforeRun = { kept.scenes.removeAll() }
            workload.cleanup = { kept.scenes.removeAll() }
            return workload
        }
        let scene = try SceneDecoder().decode(json)
        var nodes = 0
        func count(_ v: JSONValue) {
            guard case .object(let o) = v else { return }
            nodes += 1
            if case .array(let children)? = o["children"] { children.forEach(count) }
            if let content = o["content"] { count(content) }
        }
        if case .object(let o) = json, let root = o["root"] { count(root) }
        if name == "A3" {
            // One player for all runs, laid out before the first: each run advances it
            // through the next 10 frames, each changing one row's name.
            let player = ScenePlayer(scene: scene)
            player.renderer.layoutTree()
            var frame = 0
            return Workload(name: name, summary: summary(name), width: 1, height: 1, frames: 10, nodes: nodes,
                            draw: { _ in }, encode: {
                for _ in 0..<10 {
                    frame += 1
                    try player.advance(to: Double(frame) / 60)
                }
                return 0
            })
        }
        if name.hasSuffix("d") {
            // One tree for all runs, laid out once before them: before each run every node
            // is marked dirty (not timed, as Taffy's `mark_dirty` is not), and the run lays
            // it out again.
            let canvas = Size(width: scene.canvas.width, height: scene.canvas.height)
            let tree = LayoutTree(scene.root, environment: scene.environment)
            _ = tree.layout(ProposedSize(canvas))
            var workload = Workload(name: name, summary: summary(name), width: 1, height: 1, nodes: nodes, draw: { _ in },
                                    encode: {
                _ = tree.layout(ProposedSize(canvas))
                return 0
            })
            workload.beforeRun = { tree.markDirty() }
            return workload
        }
        if name.hasSuffix("e") {
            let canvas = Size(width: scene.canvas.width, height: scene.canvas.height)
            return Workload(name: name, summary: summary(name), width: 1, height: 1, nodes: nodes, draw: { _ in },
                            encode: {
                _ = LayoutEngine.layout(scene.root, proposal: ProposedSize(canvas), environment: scene.environment)
                return 0
            })
        }
        // Each run lays out a new renderer; they are kept until the runs are over so
        // that tearing a tree down is not timed.
        let kept = Kept()
        var workload = Workload(name: name, summary: summary(name), width: 1, height: 1, nodes: nodes, draw: { _ in },
                                encode: {
            let renderer = SceneRenderer(scene: scene)
            renderer.layoutTree()
            kept.renderers.append(renderer)
            return 0
        })
        workload.cleanup = { kept.renderers.removeAll() }
        return workload
    }

    final class Kept {
        var renderers: [SceneRenderer] = []
        var scenes: [Scene] = []
    }

    static func canvas(_ width: Double, _ height: Double) -> JSONValue {
        ["width": .number(width), "height": .number(height)]
    }

    static func rect(_ id: String, _ w: Double, _ h: Double) -> JSONValue {
        ["type": "Rectangle", "id": .string(id), "frame": ["width": .number(w), "height": .number(h)]]
    }

    /// L1: one row that wraps, 10,000 items of seeded sizes, some growing.
    static func wide() -> JSONValue {
        var rng = LCG(seed: 11)
        let items: [JSONValue] = (0..<10_000).map { i in
            var item = rect("i\(i)", Double(rng.randint(20, 60)), Double(rng.randint(10, 40)))
            if case .object(var o) = item, rng.nextF() < 0.3 {
                o["grow"] = .number(Double(rng.randint(1, 3)))
                item = .object(o)
            }
            return item
        }
        return ["canvas": canvas(1920, 1080),
                "root": ["type": "Flex", "id": "root", "wrap": true, "gap": 4, "alignItems": "start", "children": .array(items)]]
    }

    /// L2: a row of 100 chains of flex containers nested 98 deep (alternating rows and
    /// columns, each with padding), each chain ending in a sized leaf: 9,901 nodes, 100
    /// levels deep.
    static func deep() -> JSONValue {
        var rng = LCG(seed: 12)
        func chain(_ c: Int, _ depth: Int) -> JSONValue {
            guard depth < 98 else { return rect("leaf\(c)", Double(rng.randint(2, 8)), Double(rng.randint(2, 8))) }
            var node: JSONObject = ["type": "Flex", "id": .string("c\(c).\(depth)"),
                                    "direction": depth % 2 == 0 ? "row" : "column", "padding": 0.1,
                                    "children": [chain(c, depth + 1)]]
            if depth > 0 { node["grow"] = 1 }
            return .object(node)
        }
        return ["canvas": canvas(1920, 1080),
                "root": ["type": "Flex", "id": "root", "wrap": true, "children": .array((0..<100).map { chain($0, 0) })]]
    }

    /// L3: a list of 1,000 chat rows: avatar, name over a one-line message, and the time
    /// over an unread badge.
    static func chatList() -> JSONValue {
        var rng = LCG(seed: 13)
        let names = ["Ada Lovelace", "Charles Babbage", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov"]
        let words = ["the", "engine", "runs", "again", "tomorrow", "lecture", "tables", "cards", "printed", "squares"]
        let rows: [JSONValue] = (0..<1_000).map { i in
            let message = (0..<rng.randint(3, 14)).map { _ in words[rng.randint(0, words.count - 1)] }.joined(separator: " ")
            let time = String(format: "%d:%02d", rng.randint(0, 23), rng.randint(0, 59))
            return ["type": "HStack", "id": .string("row\(i)"), "spacing": 12, "padding": [8, 16, 8, 16], "children": [
                ["type": "Circle", "width": 44, "height": 44, "fill": "accent"],
                ["type": "VStack", "alignment": "leading", "spacing": 2, "children": [
                    ["type": "Text", "text": .string(names[i % names.count]), "font": ["weight": "semibold"]],
                    ["type": "Text", "text": .string(message), "maxLines": 1, "color": "secondary"],
                ]],
                ["type": "Spacer"],
                ["type": "VStack", "alignment": "trailing", "spacing": 4, "children": [
                    ["type": "Text", "text": .string(time), "font": ["size": 13], "color": "secondary"],
                    ["type": "Text", "text": .string("\(rng.randint(1, 99))"), "font": ["size": 13], "color": "#FFFFFF",
                     "padding": [2, 7, 2, 7], "background": "accent", "cornerRadius": 10],
                ]],
            ]]
        }
        return ["canvas": canvas(390, 844), "root": ["type": "VStack", "spacing": 0, "children": .array(rows)]]
    }

    /// A3: the L3 list with ids on the rows' names, and a timeline that changes one
    /// row's name at every 60th of a second for 120 seconds (7,200 frames, 720 runs).
    static func relabelledChatList() -> JSONValue {
        guard case .object(var scene) = chatList(), case .object(var root)? = scene["root"],
              case .array(let rows)? = root["children"] else { return chatList() }
        root["children"] = .array(rows.enumerated().map { i, row in
            guard case .object(var r) = row, case .array(var parts)? = r["children"], case .object(var column) = parts[1],
                  case .array(var texts)? = column["children"], case .object(var name) = texts[0] else { return row }
            name["id"] = .string("name\(i)")
            texts[0] = .object(name)
            column["children"] = .array(texts)
            parts[1] = .object(column)
            r["children"] = .array(parts)
            return .object(r)
        })
        scene["root"] = .object(root)
        let events: [JSONValue] = (1...7_200).map { frame in
            ["at": .number(Double(frame) / 60), "set": .object(["name\((frame * 37) % 1_000)": ["text": .string("Frame \(frame)")]])]
        }
        scene["animation"] = ["duration": 121, "events": .array(events)]
        return .object(scene)
    }

    /// The whole pipeline of `render SCENE -o OUT.png` on the scene `json`, written to a
    /// file once: each run reads and decodes the file (the limits raised to fit: the
    /// pixel estimate counts every layer's raster, also those outside the frame, which
    /// are never drawn), lays the tree out, draws and encodes it. A run's tree is torn down before the next run
    /// starts, untimed (the command keeps its tree until the process ends).
    static func fileToPNG(_ name: String, _ json: JSONValue) throws -> Workload {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("render-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("\(name).json").path
        try Data(json.jsonText().utf8).write(to: URL(fileURLWithPath: path))
        let decoder = SceneDecoder(limits: SceneLimits(nodes: largeSceneItems + 1, memory: Int.max / 4, pixels: Int.max / 4))
        let kept = Kept()
        var workload = Workload(name: name, summary: summary(name), width: 1, height: 1, nodes: largeSceneItems + 1,
                                draw: { _ in }, encode: {
            let renderer = SceneRenderer(scene: try decoder.decode(contentsOf: path))
            kept.renderers.append(renderer)
            return try PNGEncoder.standard.encode(renderer.render()).count
        })
        workload.beforeRun = { kept.renderers.removeAll() }
        workload.cleanup = {
            kept.renderers.removeAll()
            try? FileManager.default.removeItem(at: directory)
        }
        return workload
    }

    /// R1's rectangles: with the root, about 48 MB as `render bench --export` writes them.
    static let largeFileItems = 455_000
    /// L5's rectangles.
    static let largeSceneItems = 1_000_000

    /// R1: a wrapping Flex of `largeFileItems` rectangles.
    static func largeFile() -> JSONValue { wrappingRectangles(largeFileItems, seed: 15) }

    /// A wrapping Flex of `count` rectangles, each with an id, a frame, a fill and a
    /// fractional corner radius.
    static func wrappingRectangles(_ count: Int, seed: UInt32) -> JSONValue {
        var rng = LCG(seed: seed)
        let items: [JSONValue] = (0..<count).map { i in
            ["type": "Rectangle", "id": .string("r\(i)"),
             "frame": ["width": .number(Double(rng.randint(20, 60))), "height": .number(Double(rng.randint(10, 40)))],
             "fill": "#336699", "cornerRadius": .number(Double(rng.randint(0, 40)) / 8)]
        }
        return ["canvas": canvas(1920, 1080),
                "root": ["type": "Flex", "id": "root", "wrap": true, "gap": 4, "children": .array(items)]]
    }

    /// L4: 60 levels alternating VStack, HStack and Flex, each with about 133 leaves
    /// (sized rectangles, greedy shapes and short texts) and the next level: 8,000 leaves.
    static func mixedDeep() -> JSONValue {
        var rng = LCG(seed: 14)
        var made = 0
        func level(_ depth: Int) -> JSONValue {
            let count = depth == 59 ? 8_000 - made : 133
            var children: [JSONValue] = (0..<count).map { i in
                made += 1
                switch i % 3 {
                case 0: return rect("m\(depth).\(i)", Double(rng.randint(2, 10)), Double(rng.randint(2, 10)))
                case 1: return ["type": "Text", "text": "ab", "font": ["size": 8]]
                default: return ["type": "Circle", "fill": "accent"]
                }
            }
            if depth < 59 { children.insert(level(depth + 1), at: count / 2) }
            let types = ["VStack", "HStack", "Flex"]
            return ["type": .string(types[depth % 3]), "id": .string("l\(depth)"), "children": .array(children)]
        }
        return ["canvas": canvas(1920, 1080), "root": level(0)]
    }
}
