import Dispatch
import Foundation
import Raster
import RasterSeedScenes
import RasterTestSupport
import XCTest
import CWebPDemux

/// The `render` executable, run as users run it.
final class RenderCommandTests: XCTestCase {
    private struct Run {
        let status: Int32
        let stdout: Data
        let stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    private var binary: URL { TestProcess.renderExecutable }

    private let scenes = TestFixtures.directory.appendingPathComponent("scenes")
    private var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: binary.path,
                                                         NSLocalizedDescriptionKey: "the render executable is not built at \(binary.path)"])
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func render(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
                        executable: URL? = nil) throws -> Run {
        let run = try TestProcess.run(arguments, executable: executable ?? binary, environment: environment, stdin: stdin)
        return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testRender_WritesTheSamePixelsAsTheLibrary() throws {
        let scene = scenes.appendingPathComponent("buttons.json").path
        let out = folder.appendingPathComponent("buttons.png").path
        let run = try render([scene, "-o", out])
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = try PNGDecoder.decode(contentsOf: out)
        let direct = try PNGDecoder.decode(try PNGEncoder.standard.encode(SceneRenderer(scene: SceneDecoder.decode(contentsOf: scene)).render()))
        XCTAssertTrue(written.pixelsEqual(direct))
        // Overrides: size, scale and background.
        let small = folder.appendingPathComponent("small.png").path
        let run2 = try render(["draw", scene, "-o", small, "--scale", "1", "--width", "200", "--height", "100", "--background", "#FF0000"])
        XCTAssertEqual(run2.status, 0, run2.stderr)
        let b = try PNGDecoder.decode(contentsOf: small)
        XCTAssertEqual(b.width, 200)
        XCTAssertEqual(b.height, 100)
        XCTAssertEqual(b[199, 0], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "the background, in the padding")
        XCTAssertEqual(b[0, 99], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "the background, in the padding")
    }

    func testOutput_DoesNotDependOnLocaleOrTheMachinesFonts() throws {
        // Another locale, time zone and home, and no font configuration or data folders:
        // the bytes are those of the checked-in reference, and layout prints the same
        // numbers.
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let foreign = ["LC_ALL": "de_DE.UTF-8", "LANG": "tr_TR.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8", "TZ": "Pacific/Chatham",
                       "HOME": empty.path, "XDG_DATA_HOME": empty.path, "XDG_DATA_DIRS": empty.path,
                       "XDG_CONFIG_HOME": empty.path, "FONTCONFIG_FILE": "/nonexistent", "FONTCONFIG_PATH": empty.path,
                       "PATH": "/usr/bin:/bin"]
        for name in ["typography", "weather"] {
            let file = try FileManager.default.contentsOfDirectory(atPath: scenes.path).first { $0.hasPrefix(name + ".") }
            let scene = scenes.appendingPathComponent(try XCTUnwrap(file)).path
            let reference = try Data(contentsOf: TestFixtures.directory.appendingPathComponent("golden/scenes/\(name).png"))
            for environment in [nil, foreign] {
                let run = try render([scene, "-o", "-"], environment: environment)
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertEqual(run.stdout, reference, "\(name) under \(environment == nil ? "this" : "a foreign") environment")
            }
            XCTAssertEqual(try render(["layout", scene], environment: foreign).text, try render(["layout", scene]).text)
        }
    }

    func testBadScenes_FailWithOneLineAndWriteNothing() throws {
        let out = folder.appendingPathComponent("out.png")
        let cases: [(String, String)] = [
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "VStack", "children": [{"type": "Blob"}]}}"#,
             "root.children[0].type: unknown type 'Blob'"),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x", "font": {"size": "big"}}}"#,
             "root.font.size: expected a number"),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Image", "src": "missing.png"}}"#,
             "root.src: cannot read the image 'missing.png' (no such file)"),
            (#"{"canvas": {"width": 50000, "height": 50000}, "root": {"type": "Rectangle"}}"#,
             "canvas: the canvas is 50000x50000 pixels"),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Rectangle", "opacity": 3}}"#,
             "root.opacity: expected a number from 0 to 1, found 3"),
        ]
        for (i, (json, message)) in cases.enumerated() {
            let scene = try write(json, "bad\(i).json")
            let run = try render([scene, "-o", out.path])
            XCTAssertEqual(run.status, 1, json)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(message), "expected '\(message)' in \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        }
        // An existing output is left as it was, and no temporary file stays behind.
        try Data("old".utf8).write(to: out)
        let bad = try write(#"{"canvas": {"width": 10}}"#, "bad.json")
        XCTAssertEqual(try render([bad, "-o", out.path]).status, 1)
        XCTAssertEqual(try Data(contentsOf: out), Data("old".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
        // Bad options and a missing file.
        XCTAssertEqual(try render([scenes.appendingPathComponent("buttons.json").path, "-o", out.path, "--scale", "0"]).status, 1)
        let missing = try render([folder.appendingPathComponent("nope.json").path, "-o", out.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
    }

    /// Devices and pipes are written in place (the node stays a device); a full device,
    /// a closed pipe, a folder, a missing folder and an empty path are one line each with
    /// status 1, and nothing is left behind.
    func testOutput_DevicesPipesAndWriteErrors() throws {
        let scene = scenes.appendingPathComponent("buttons.json").path
        let null = try render([scene, "-o", "/dev/null"])
        XCTAssertEqual(null.status, 0, null.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeCharacterSpecial, "/dev/null is still a device")
        var cases: [([String], String)] = [
            ([scene, "-o", folder.path], "\(folder.path): cannot write: it is a folder"),
            ([scene, "-o", folder.appendingPathComponent("no/such/x.png").path], "cannot write: no such folder"),
            ([scene, "-o", ""], "-o: expected a file path or '-', found an empty string"),
        ]
        if FileManager.default.fileExists(atPath: "/dev/full") {
            cases.append(([scene, "-o", "/dev/full"], "/dev/full: cannot write: no space left on device"))
            cases.append((["frames", scenes.appendingPathComponent("timeline.json").path, "--apng", "/dev/full", "--frames", "0..1"],
                           "/dev/full: cannot write: no space left on device"))
        }
        for (arguments, message) in cases {
            let run = try render(arguments)
            XCTAssertEqual(run.status, 1, "\(arguments)")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(message), "expected '\(message)' in \(run.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no temporary file left")
        // Standard output on a full device, and closed before the PNG is written.
        func renderToStandardOutput(_ handle: Any, closing: FileHandle? = nil) throws -> (Process, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = [scene, "-o", "-"]
            process.standardOutput = handle
            let err = Pipe()
            process.standardError = err
            try process.run()
            try closing?.close()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process, stderr)
        }
        if let full = FileHandle(forWritingAtPath: "/dev/full") {
            let (process, stderr) = try renderToStandardOutput(full)
            XCTAssertEqual(process.terminationStatus, 1)
            XCTAssertEqual(stderr, "Error: standard output: cannot write: no space left on device\n")
        }
        let closed = Pipe()
        try closed.fileHandleForReading.close()
        let (process, stderr) = try renderToStandardOutput(closed, closing: closed.fileHandleForWriting)
        XCTAssertEqual(process.terminationReason, .exit, "not killed by SIGPIPE")
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(stderr, "Error: standard output: cannot write: broken pipe\n")
        // Closed before the program started: no file the program opens takes its place.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"exec "$0" "$@" >&-"#, binary.path, scene, "-o", "-"]
        let shellErr = Pipe()
        shell.standardError = shellErr
        try shell.run()
        let closedAtStart = String(decoding: shellErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 1)
        XCTAssertEqual(closedAtStart, "Error: standard output: cannot write: it was closed when the program started\n")
        // A command that reports per file exits 1 without a stray empty error line.
        let validate = try render(["validate", scene, folder.appendingPathComponent("nope.json").path])
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }.count, 1,
                       validate.stderr)
        XCTAssertFalse(validate.stderr.contains("error: \n"), validate.stderr)
    }

    /// `--max-nodes`, `--max-depth` and `--max-memory` change the limits; bad values and
    /// refusals are one line each.
    func testLimits_OptionsRaiseAndLowerThem() throws {
        let circles = Array(repeating: #"{"type": "Circle"}"#, count: 20).joined(separator: ", ")
        let scene = try write(#"{"canvas": {"width": 100, "height": 100, "scale": 2}, "root": {"type": "ZStack", "children": [\#(circles)]}}"#,
                              "circles.json")
        let out = folder.appendingPathComponent("out.png").path
        let cases: [([String], Int32, String)] = [
            ([], 0, ""),
            (["--max-nodes", "20"], 1, "root.children[19]: the scene has more than 20 nodes (raise the limit with --max-nodes)"),
            (["--max-nodes", "21"], 0, ""),
            (["--max-depth", "1"], 1, "root.children[0]: the tree is nested more than 1 levels deep"),
            // A one-frame render keeps no raster: the frame and the one circle being drawn,
            // 200 x 200 pixels of 4 bytes each, are 320,000 bytes (312.5 KiB).
            (["--max-memory", "200K"], 1, "drawing the scene needs about 313 KB of pixel memory; the limit is 200 KB (raise it with --max-memory)"),
            (["--max-memory", "400K"], 0, ""),
            (["--max-memory", "lots"], 1, "--max-memory: expected a size such as 4G or 512M, found 'lots'"),
            (["--max-nodes", "0"], 1, "--max-nodes: expected a positive count, found 0"),
        ]
        for (options, status, message) in cases {
            let run = try render([scene, "-o", out] + options)
            XCTAssertEqual(run.status, status, "\(options): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, status == 0 ? 0 : 1, run.stderr)
            if !message.isEmpty { XCTAssertTrue(run.stderr.contains(message), "expected '\(message)' in \(run.stderr)") }
        }
    }

    /// `render validate` takes the scene options too: a scene over a lowered limit is
    /// refused, and one over the default limit validates once the limit is raised.
    func testLimits_ValidateTakesTheSceneOptions() throws {
        let count = SceneLimits.default.nodes
        let rectangles = Array(repeating: #"{"type": "Rectangle"}"#, count: count).joined(separator: ", ")
        let big = try write(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "ZStack", "children": [\#(rectangles)]}}"#,
                            "big.json")
        let refused = try render(["validate", big])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("the scene has more than \(count) nodes (raise the limit with --max-nodes)"),
                      refused.stderr)
        let raised = try render(["validate", big, "--max-nodes", "\(count + 1)"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertEqual(String(decoding: raised.stdout, as: UTF8.self), "\(big): ok (10x10 pixels, 0 nodes with ids)\n")
        XCTAssertEqual(try render(["validate", big, "--max-nodes", "\(count)"]).status, 1)
        let bad = try render(["validate", big, "--max-nodes", "0"])
        XCTAssertEqual(bad.stderr, "Error: --max-nodes: expected a positive count, found 0\n")
        // Standard input holds one scene.
        let twice = try render(["validate", "-", "--stdin"], stdin: Data("{}".utf8))
        XCTAssertEqual(twice.status, 1)
        XCTAssertEqual(twice.stderr, "Error: standard input holds one scene: give '-' or --stdin once (see 'render validate --help')\n")
    }

    /// Every command that reads a scene takes the same scene options (`SceneOptions`,
    /// declared once), and says so in its help.
    func testSceneOptions_EveryCommandThatReadsASceneTakesThem() throws {
        let options = ["--input-format", "--width", "--height", "--fonts", "--verbose", "--max-nodes", "--max-depth",
                       "--max-memory", "--max-pixels", "--max-characters", "--root"]
        for command in ["draw", "frames", "layout", "serve", "watch", "validate"] {
            let help = try render([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            for option in options {
                XCTAssertTrue(String(decoding: help.stdout, as: UTF8.self).contains(option), "render \(command) --help lacks \(option)")
            }
        }
    }

    /// A binary copied alone into an empty folder renders text with the fonts built into
    /// it: the same bytes as the golden image, drawn with the font files on disk. A
    /// resource folder in `RENDER_RESOURCES` or under `<prefix>/share/render` overrides
    /// them file by file.
    func testResources_BuiltInAndOverriddenByAFolder() throws {
        let bin = folder.appendingPathComponent("prefix/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let moved = bin.appendingPathComponent("render")
        try FileManager.default.copyItem(at: binary, to: moved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bin.path), ["render"])
        let scene = scenes.appendingPathComponent("typography.json").path
        let reference = try Data(contentsOf: TestFixtures.directory.appendingPathComponent("golden/scenes/typography.png"))
        func run(_ environment: [String: String]? = nil) throws -> Run {
            try render([scene, "-o", "-"], environment: environment, executable: moved)
        }
        let alone = try run()
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(alone.stdout, reference, "the binary alone draws its text as the golden image")

        // A folder whose Inter Regular is another font (DejaVu Sans under its name).
        func resources(_ at: URL) throws -> URL {
            let fonts = at.appendingPathComponent("Render_RasterText.resources/Fonts")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestFixtures.shippedFontPath("DejaVuSans.ttf"),
                                             toPath: fonts.appendingPathComponent("Inter-Regular.otf").path)
            return fonts.deletingLastPathComponent()
        }
        let overriding = try resources(folder.appendingPathComponent("elsewhere"))
        let overridden = try run(["RENDER_RESOURCES": overriding.path])
        XCTAssertEqual(overridden.status, 0, overridden.stderr)
        XCTAssertNotEqual(overridden.stdout, reference, "RENDER_RESOURCES's Inter Regular is used")
        XCTAssertEqual(try run().stdout, reference)
        _ = try resources(folder.appendingPathComponent("prefix/share/render"))
        XCTAssertEqual(try run().stdout, overridden.stdout, "installed under the prefix, the folder is used")
    }

    /// `--root DIR` confines the files a scene names; without it they resolve as written.
    func testRoot_ConfinesTheFilesASceneNames() throws {
        let inner = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let png = try PNGEncoder.standard.encode(try Bitmap(width: 2, height: 2, color: Color.blue.premultiplied))
        try Data(png).write(to: folder.appendingPathComponent("outside.png"))
        let scene = inner.appendingPathComponent("s.json").path
        try Data(#"{"canvas": {"width": 4, "height": 4}, "root": {"type": "Image", "src": "../outside.png"}}"#.utf8)
            .write(to: URL(fileURLWithPath: scene))
        let out = folder.appendingPathComponent("out.png").path
        XCTAssertEqual(try render([scene, "-o", out]).status, 0)
        let confined = try render([scene, "-o", out, "--root", inner.path])
        XCTAssertEqual(confined.status, 1)
        XCTAssertEqual(confined.stderr, "Error: \(scene): root.src: '../outside.png' names a parent folder ('..'); files must stay inside \(inner.path)\n")
        let missing = try render([scene, "-o", out, "--root", folder.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("--root: '\(folder.appendingPathComponent("nope").path)' is not a folder"), missing.stderr)
    }

    /// A catalogue of bad inputs (scene files of every kind of mistake, and bad command
    /// lines): each ends with status 1, one line on stderr that starts with "Error: ",
    /// at most 200 characters after the file's name, in our words (never Foundation's),
    /// saying where and what, and no output file.
    func testErrors_OneClearLineEach() throws {
        let files = BadSceneCatalogue.entries.map { ($0.json, $0.message) }
        let broken = TestFixtures.directory.appendingPathComponent("png/broken").path
        let out = folder.appendingPathComponent("out.png").path
        var runs: [(String, [String], String)] = []
        for (i, (json, message)) in files.enumerated() {
            runs.append((try write(json, "case\(i).json"), [], message))
        }
        runs.append((try write("canvas: {width: 10\nroot: [\n", "bad.yaml"), [], "the file is not valid YAML ("))
        runs.append((try write("canvas: {width: .nan, height: 10}\nroot: {type: Rectangle}\n", "nan.yaml"), [],
                     "canvas.width: expected a finite number, found .nan"))
        runs.append((try write("canvas: {width: 10, height: 10}\nroot: {type: Rectangle, opacity: -.inf}\n", "inf.yaml"), [],
                     "root.opacity: expected a finite number, found -.inf"))
        let manyCircles = Array(repeating: #"{"type": "Circle"}"#, count: 30).joined(separator: ", ")
        let circles = try write(BadSceneCatalogue.scene(#"{"type": "ZStack", "children": [\#(manyCircles)]}"#, canvas: #"{"width": 100, "height": 100}"#), "circles.json")
        runs.append((circles, ["--max-pixels", "200K"], "drawing the scene rasterizes about 310,000 pixels; the limit is 200,000 (raise it with --max-pixels)"))
        runs.append((circles, ["--max-nodes", "20"], "root.children[19]: the scene has more than 20 nodes (raise the limit with --max-nodes)"))
        runs.append((try write(BadSceneCatalogue.node("Text", #""text": "\#(String(repeating: "ab ", count: 40))""#), "long-text.json"), ["--max-characters", "100"],
                     "root: the scene's texts have more than 100 characters (raise the limit with --max-characters)"))
        let good = scenes.appendingPathComponent("buttons.json").path
        let options: [([String], String)] = [
            (["--bogus"], "Error: Unknown option '--bogus'"),
            (["--scale", "abc"], "Error: The value 'abc' is invalid for '--scale <scale>' (see 'render draw --help')"),
            (["--scale", "0"], "Error: --scale: expected a number from 0.1 to 16, found 0"),
            (["--background", "blue-ish"], "--background: expected a color"),
            (["--fonts", "serif"], "Error: The value 'serif' is invalid for '--fonts <system|bundled>'"),
            (["--max-memory", "lots"], "--max-memory: expected a size such as 4G or 512M, found 'lots'"),
            (["--max-pixels", "many"], "--max-pixels: expected a count such as 2G or 800M, found 'many'"),
            (["--quality", "80"], "--quality: PNG is lossless; quality applies to jpeg and webp"),
            (["--input-format", "xml"], "--input-format: expected json or yaml, found 'xml'"),
            (["--format", "jpeg", "--quality", "0"], "--quality: expected a number from 1 to 100, found 0"),
            (["--format", "gif"], "Error: The value 'gif' is invalid for '--format <png|jpeg|webp>'"),
            (["--max-characters", "0"], "--max-characters: expected a positive count, found 0"),
            (["--root", "/nonexistent"], "--root: '/nonexistent' is not a folder"),
        ]
        for (extra, message) in options { runs.append((good, extra, message)) }
        var commands: [([String], String)] = [
            ([good], "Error: Missing expected argument '--output <output>' (see 'render draw --help')"),
            ([folder.appendingPathComponent("nope.json").path, "-o", out], "cannot read the scene file (no such file)"),
            ([folder.path, "-o", out], "cannot read the scene file (it is a folder)"),
            ([good, "-o", ""], "-o: expected a file path or '-', found an empty string"),
            ([good, "-o", folder.appendingPathComponent("out.bmp").path],
             "-o: cannot tell an image format from '.bmp' (known: .png, .jpg, .jpeg, .webp); give --format png, jpeg or webp"),
            ([good, "-o", folder.appendingPathComponent("out.gif").path],
             "-o: a .gif file holds frames, which render frames writes (render frames SCENE -o \(folder.appendingPathComponent("out.gif").path.suffix(60))); one image is .png, .jpg or .webp"),
            ([good, "-o", folder.appendingPathComponent("out.apng").path], "-o: a .apng file holds frames, which render frames writes"),
            (["frames", scenes.appendingPathComponent("timeline.json").path, "-o", folder.appendingPathComponent("clip.avi").path],
             "-o: cannot tell what to write from '.avi' (known: a folder, without an extension; .apng, .mp4, .mov, .webm, .gif, .webp); give --format png|apng|mp4|mov|webm|gif|webp"),
            (["frames", scenes.appendingPathComponent("timeline.json").path, "-o", folder.appendingPathComponent("one.png").path],
             "-o: cannot tell what to write from '.png'"),
            (["frames", scenes.appendingPathComponent("timeline.json").path, "--apng", folder.appendingPathComponent("a.png").path, "--format", "gif"],
             "--format: says what -o is; give -o as well"),
            ([good, "-o", folder.path], "cannot write: it is a folder"),
            ([good, "-o", folder.appendingPathComponent("no/x.png").path], "cannot write: no such folder"),
            (["frames", scenes.appendingPathComponent("timeline.json").path, "-o", folder.appendingPathComponent("f").path,
              "--frames", "9..2"], "--frames: the range '9..2' is empty"),
            (["frames", scenes.appendingPathComponent("timeline.json").path, "-o", folder.appendingPathComponent("f").path,
              "--fps", "0"], "--fps: expected a number above 0, at most 1000, found 0"),
            (["serve", scenes.appendingPathComponent("timeline.json").path, "--fps", "1001"],
             "--fps: expected a number above 0, at most 1000, found 1001"),
            (["frames", scenes.appendingPathComponent("timeline.json").path], "give -o DIR, --apng FILE or both (see 'render frames --help')"),
            (["diff", folder.appendingPathComponent("a.png").path, folder.appendingPathComponent("b.png").path], "a.png: cannot read the file"),
            (["diff", "\(broken)/not-a-png.png", "\(broken)/not-a-png.png"], "not-a-png.png: not a PNG, JPEG or WebP image"),
            (["validate", runs[7].0], "root.type: unknown type 'Txet'; did you mean 'Text'?"),
            (["frmaes", scenes.appendingPathComponent("timeline.json").path, "-o", folder.path], "Error: unknown command 'frmaes'; did you mean 'frames'? (see 'render --help')"),
            (["serv"], "Error: unknown command 'serv'; did you mean 'serve'? (see 'render --help')"),
        ]
        if FileManager.default.fileExists(atPath: "/dev/full") { commands.append(([good, "-o", "/dev/full"], "/dev/full: cannot write: no space left on device")) }
        var count = 0
        for (file, extra, message) in runs {
            count += 1
            try check([file, "-o", out] + extra, message, scene: file, output: out)
        }
        for (arguments, message) in commands {
            count += 1
            try check(arguments, message, scene: arguments.first { $0.hasSuffix(".json") || $0 == folder.path }, output: out)
        }
        XCTAssertGreaterThanOrEqual(count, 60)
    }

    private func check(_ arguments: [String], _ message: String, scene: String?, output: String) throws {
        let run = try render(arguments)
        let context = arguments.map { $0.count > 60 ? String($0.prefix(60)) + "…" : $0 }.joined(separator: " ")
        XCTAssertEqual(run.status, 1, context)
        XCTAssertTrue(run.stderr.hasSuffix("\n"), context)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 1, "\(context): \(run.stderr)")
        let line = String(lines.first ?? "")
        XCTAssertTrue(line.hasPrefix("Error: "), line)
        var body = line.dropFirst("Error: ".count)
        if let scene, body.hasPrefix(scene + ": ") { body = body.dropFirst(scene.count + 2) }
        XCTAssertLessThanOrEqual(body.count, 200, line)
        for foreign in ["The operation could not be completed", "Error Domain", "NSCocoaErrorDomain", "The file “", "Swift."] {
            XCTAssertFalse(line.contains(foreign), line)
        }
        XCTAssertTrue(line.contains(message), "expected '\(message)' in: \(line)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(context) wrote \(output)")
    }

    func testPipes_StdinAndStdout() throws {
        let json = ##"{"canvas": {"width": 4, "height": 2, "background": "#00FF00"}, "root": {"type": "Rectangle", "width": 2, "fill": "#0000FF"}}"##
        let run = try render(["--stdin", "-o", "-"], stdin: Data(json.utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        let b = try PNGDecoder.decode([UInt8](run.stdout))
        XCTAssertEqual(b[0, 0], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(b[3, 1], PremultipliedColor(r: 0, g: 255, b: 0, a: 255))
        let yaml = "canvas: {width: 4, height: 2}\nroot: {type: Rectangle, fill: '#FF0000'}\n"
        let fromYAML = try render(["-", "-o", "-"], stdin: Data(yaml.utf8))
        XCTAssertEqual(fromYAML.status, 0, fromYAML.stderr)
        XCTAssertEqual(try PNGDecoder.decode([UInt8](fromYAML.stdout))[1, 1], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
    }

    /// A character no font has is one warning line naming the code points and the node;
    /// the picture is still written. `--verbose` names each Text's fallback faces;
    /// `--fonts` picks the font set over the scene's own.
    func testFonts_WarnAboutMissingCharactersAndReportFallbacks() throws {
        let json = #"""
        {"canvas": {"width": 120, "height": 60},
         "root": {"type": "VStack", "children": [
           {"type": "Text", "text": "a\u{10FFFD}\u{10FFFC}b"},
           {"type": "Text", "text": "שלום ሰላም"},
           {"type": "Text", "text": "a\u{10FFFD}\u{10FFFC}b"}]}}
        """#.replacingOccurrences(of: "\\u{10FFFD}", with: "\u{10FFFD}").replacingOccurrences(of: "\\u{10FFFC}", with: "\u{10FFFC}")
        let scene = try write(json, "fonts.json")
        let out = folder.appendingPathComponent("fonts.png").path
        let plain = try render([scene, "-o", out])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        // A text repeated is reported at each of its nodes.
        XCTAssertEqual(plain.stderr.split(separator: "\n"), ["warning: \(scene): root.children[0]: no font has U+10FFFD U+10FFFC",
                                                            "warning: \(scene): root.children[2]: no font has U+10FFFD U+10FFFC"])
        XCTAssertNoThrow(try PNGDecoder.decode(contentsOf: out))
        let verbose = try render([scene, "-o", out, "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        let fallback = verbose.stderr.split(separator: "\n").filter { $0.contains("root.children[1]: falls back to") }
        XCTAssertEqual(fallback.count, 1, verbose.stderr)
        XCTAssertTrue(fallback.first?.contains("Noto Sans Hebrew") ?? false, verbose.stderr)
        XCTAssertTrue(fallback.first?.contains("Ethiopic") ?? false, verbose.stderr)
        // The bundled set has no Ethiopic: a second warning, and nothing from the system.
        let bundled = try render([scene, "-o", out, "--fonts", "bundled", "--verbose"])
        XCTAssertEqual(bundled.status, 0, bundled.stderr)
        XCTAssertTrue(bundled.stderr.contains("warning: \(scene): root.children[1]: no font has U+1230 U+120B U+121D"),
                      bundled.stderr)
        XCTAssertFalse(bundled.stderr.contains("Ethiopic"), bundled.stderr)
        XCTAssertEqual(try render([scene, "-o", out, "--fonts", "serif"]).status, 1)
        // The option overrides a scene's own fontSet.
        let pinned = scenes.appendingPathComponent("text-bidi-chat.json").path
        for set in ["system", "bundled"] {
            let run = try render([pinned, "-o", out, "--fonts", set])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
    }

    /// `render` decodes with the seed frameworks' node types: a DCFlight tree lays out
    /// and draws, and an unknown DCFlight type fails with its path.
    func testDCFlightNodes_RenderFromTheCommandLine() throws {
        let json = #"""
        {"canvas": {"width": 200, "height": 100},
         "root": {"type": "DCFlight", "id": "screen", "root": {"type": "View", "padding": 10, "children": [
           {"type": "View", "height": 30, "backgroundColor": "#FF0000"}]}}}
        """#
        let run = try render(["layout", try write(json, "dcf.json")])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.text.contains(#""screen": [0, 0, 200, 50]"#), run.text)
        let bad = json.replacingOccurrences(of: #""height": 30, "#, with: #""type": "Slider", "#)
            .replacingOccurrences(of: #"{"type": "View", "type": "Slider""#, with: #"{"type": "Slider""#)
        let failed = try render(["layout", try write(bad, "bad-dcf.json")])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stderr.contains("root.root.children[0].type: unknown DCFlight type 'Slider'"), failed.stderr)
    }

    func testLayout_PrintsFramesOfNodesWithIDs() throws {
        let json = #"""
        {"canvas": {"width": 200, "height": 100},
         "root": {"type": "HStack", "id": "row", "spacing": 10, "padding": 5, "offset": [1, 2], "children": [
           {"type": "Rectangle", "id": "a", "width": 30, "height": 20},
           {"type": "Circle", "id": "b", "width": 40, "height": 40, "offset": [0, 7], "rotation": 45, "scale": 2}]}}
        """#
        let run = try render(["layout", try write(json, "layout.json")])
        XCTAssertEqual(run.status, 0, run.stderr)
        guard case .object(let frames) = try JSONValue.parse(run.stdout) else { return XCTFail(run.text) }
        XCTAssertEqual(frames["row"], [1, 2, 90, 50])
        XCTAssertEqual(frames["a"], [6, 17, 30, 20])
        XCTAssertEqual(frames["b"], [46, 14, 40, 40])
    }

    func testValidate_ChecksEveryFileWithoutWriting() throws {
        let good = scenes.appendingPathComponent("settings.json").path
        let yaml = scenes.appendingPathComponent("weather.yaml").path
        let ok = try render(["validate", good, yaml])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.text.split(separator: "\n").count, 2)
        let bad = try write(##"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x", "colour": "#000"}}"##, "v.json")
        let run = try render(["validate", good, bad])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("root.colour: unknown prop 'colour'"), run.stderr)
    }

    /// `render bench --json` gives every workload its median, its peak memory and its
    /// summary, and with `--threads` a drawing workload's median on that many threads; a
    /// staged workload prints its stages.
    func testBench_ReportsMemoryAndThreadedTimes() throws {
        let run = try render(["bench", "--only", "W7,C1", "--runs", "1", "--threads", "2", "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.stdout) as? [String: [String: Any]])
        XCTAssertEqual(entries["W7"]?["summary"] as? String, "50 layers 400x300 at opacity 0.6")
        let json = entries.mapValues { $0.compactMapValues { $0 as? Double } }
        let w7 = try XCTUnwrap(json["W7"]), c1 = try XCTUnwrap(json["C1"])
        XCTAssertEqual(w7["threads"], 2)
        XCTAssertGreaterThan(try XCTUnwrap(w7["threaded_median_ms"]), 0)
        XCTAssertEqual(c1["threads"], 2, "a compositing workload is composited in bands")
        XCTAssertGreaterThan(try XCTUnwrap(c1["threaded_median_ms"]), 0)
        // At least the 7.9 MB frame C1 draws into.
        XCTAssertGreaterThan(try XCTUnwrap(c1["peak_resident_bytes"]), 1920 * 1080 * 4)
        XCTAssertEqual(c1["bytes"], 50, "one raster per layer (on one thread)")
        let staged = try render(["bench", "--only", "S4", "--runs", "1"])
        XCTAssertEqual(staged.status, 0, staged.stderr)
        let text = String(decoding: staged.stdout, as: UTF8.self)
        XCTAssertTrue(text.contains("stages (medians, ms): decode "), text)
        XCTAssertTrue(text.contains("start-up, once per process (ms): fonts "), text)
    }

    /// `--version` names the release and the versions of the libraries linked, as the
    /// system's package manager and pkg-config report them.
    func testVersion_NamesTheReleaseAndTheLinkedLibraries() throws {
        let run = try render(["--version"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "render \(RenderVersion.current)")
        func system(_ arguments: [String]) throws -> String {
            String(decoding: try TestProcess.tool(arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let freeType = try system(["dpkg-query", "-W", "-f=${Version}", "libfreetype6"]).split(separator: "+").first.map(String.init) ?? "?"
        let expected = "FreeType \(freeType), HarfBuzz \(try system(["pkg-config", "--modversion", "harfbuzz"])), "
            + "libpng \(try system(["pkg-config", "--modversion", "libpng"])), fontconfig \(try system(["pkg-config", "--modversion", "fontconfig"]))"
        XCTAssertEqual(lines.dropFirst().first, expected)
    }

    func testComponentsAndSchema_ListEveryType() throws {
        let components = try render(["components"])
        XCTAssertEqual(components.status, 0)
        let schema = try render(["schema"])
        XCTAssertEqual(schema.status, 0)
        guard case .object(let top) = try JSONValue.parse(schema.stdout), case .object(let defs)? = top["$defs"] else {
            return XCTFail("schema is not an object with $defs")
        }
        // `render` knows the standard types and the seed frameworks' (a DCFlight tree).
        for name in SceneRegistry.withSeedFrameworks.typeNames {
            XCTAssertTrue(components.text.contains("\(name): "), name)
            XCTAssertNotNil(defs["node.\(name)"], name)
        }
        XCTAssertNotNil(defs["node.DCFlight"])
        XCTAssertEqual(try JSONValue.parse(schema.stdout), SceneSchema.schema(registry: .withSeedFrameworks))
    }

    /// `render diff --report DIR` puts a failing comparison on the golden report's page
    /// (expected, actual and diff images, the slider and the accept box), and `render
    /// golden accept` then makes the actual the reference, so the same diff passes.
    func testDiff_ReportPageAndAccept() throws {
        let a = try Bitmap(width: 8, height: 4, color: PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        let b = a.copy()
        b[2, 1] = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        let pa = folder.appendingPathComponent("card.png").path, pb = folder.appendingPathComponent("card-new.png").path
        try PNGEncoder.standard.write(a, to: pa)
        try PNGEncoder.standard.write(b, to: pb)
        let report = folder.appendingPathComponent("report")
        let run = try render(["diff", pa, pb, "--report", report.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.text.contains("report: \(report.appendingPathComponent("index.html").path)"), run.text)
        let page = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("card-new") && page.contains("type=\"range\"") && page.contains("render golden accept"), page)
        for kind in ["expected", "actual", "diff"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent("card-new.\(kind).png").path), kind)
        }
        XCTAssertTrue(try PNGDecoder.decode(contentsOf: report.appendingPathComponent("card-new.actual.png").path).pixelsEqual(b))
        // A match adds nothing; accepting copies the actual over the expected image.
        XCTAssertEqual(try render(["diff", pa, pa, "--report", report.path]).status, 0)
        let entries = try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent(".entries").path)
        XCTAssertEqual(entries.filter { $0.hasSuffix(".json") }.count, 1, "the match added no entry: \(entries)")
        let accepted = try render(["golden", "accept", "card-new", "--artifacts", report.path])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertEqual(try render(["diff", pa, pb]).status, 0, "the expected image is now the actual one")
        // A WebP reference stays a WebP file (lossless: the same pixels).
        let webp = folder.appendingPathComponent("card.webp").path
        try Data(try ImageEncoder(format: .webp).encode(a)).write(to: URL(fileURLWithPath: webp))
        XCTAssertEqual(try render(["diff", webp, pb, "--report", report.path]).status, 1)
        XCTAssertEqual(try render(["golden", "accept", "card-new", "--artifacts", report.path]).status, 0)
        XCTAssertEqual(ImageFormat.sniff([UInt8](try Data(contentsOf: URL(fileURLWithPath: webp)))), .webp)
        XCTAssertEqual(try render(["diff", webp, pb]).status, 0, "the WebP reference now holds the actual pixels")
    }

    func testDiff_ReportsHowImagesDiffer() throws {
        let a = try Bitmap(width: 8, height: 4, color: PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        let b = try Bitmap(width: 8, height: 4, color: PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        b[2, 1] = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        b[5, 3] = PremultipliedColor(r: 250, g: 255, b: 255, a: 255)
        let pa = folder.appendingPathComponent("a.png").path, pb = folder.appendingPathComponent("b.png").path
        try PNGEncoder.standard.write(a, to: pa)
        try PNGEncoder.standard.write(b, to: pb)
        let same = try render(["diff", pa, pa])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.text.hasPrefix("identical"), same.text)
        let diffPath = folder.appendingPathComponent("diff.png").path
        let differ = try render(["diff", pa, pb, "-o", diffPath])
        XCTAssertEqual(differ.status, 1)
        XCTAssertTrue(differ.text.contains("2 of 32 pixels differ"), differ.text)
        XCTAssertTrue(differ.text.contains("max channel difference 255"), differ.text)
        XCTAssertTrue(differ.text.contains("x 2..<6, y 1..<4"), differ.text)
        let diff = try PNGDecoder.decode(contentsOf: diffPath)
        XCTAssertEqual(diff[2, 1], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertNotEqual(diff[0, 0], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        // The tolerance options: the faint change passes a perceptual threshold, the black
        // pixel needs a budget.
        let perceptual = try render(["diff", pa, pb, "--threshold", "0.1"])
        XCTAssertEqual(perceptual.status, 1)
        XCTAssertTrue(perceptual.text.contains("1 of 32 pixels differ (3.125 %) under perceptual, threshold 0.1"), perceptual.text)
        XCTAssertTrue(perceptual.text.contains("1 changed within the threshold"), perceptual.text)
        let budget = try render(["diff", pa, pb, "--threshold", "0.1", "--max-pixels", "1"])
        XCTAssertEqual(budget.status, 0, budget.text)
        XCTAssertTrue(budget.text.contains("1 allowed") && budget.text.contains("; matches"), budget.text)
        XCTAssertEqual(try render(["diff", pa, pb, "--max-fraction", "0.0625"]).status, 0)
        XCTAssertEqual(try render(["diff", pa, pb, "--max-fraction", "0.03"]).status, 1)
        for bad in [["--threshold", "1.5"], ["--include-antialiasing"], ["--max-pixels=-1"], ["--max-fraction", "2"]] {
            let refused = try render(["diff", pa, pb] + bad)
            XCTAssertEqual(refused.status, 1, "\(bad): \(refused.stderr)")
            XCTAssertTrue(refused.stderr.contains(bad[0].split(separator: "=")[0]), refused.stderr)
        }
        let notPNG = try write("nope", "x.png")
        let unreadable = try render(["diff", pa, notPNG])
        XCTAssertEqual(unreadable.status, 1)
        XCTAssertEqual(unreadable.stderr.split(separator: "\n").count, 1, unreadable.stderr)
    }

    /// The output's format follows its extension or --format; image nodes read PNG, JPEG
    /// and WebP by their content.
    func testFormats_ByExtensionOrOption() throws {
        let scene = scenes.appendingPathComponent("buttons.json").path
        for (name, extra, format) in [("a.jpg", [String](), ImageFormat.jpeg), ("b.JPEG", ["--quality", "50"], .jpeg),
                                      ("c.webp", [], .webp), ("d.webp", ["--quality", "70"], .webp), ("e.png", [], .png),
                                      ("f", [], .png), ("g.png", ["--format", "webp"], .webp)] {
            let path = folder.appendingPathComponent(name).path
            let run = try render([scene, "-o", path] + extra)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(ImageFormat.sniff(bytes), format, name)
            XCTAssertNoThrow(try ImageDecoder.decode(bytes), name)
        }
        let piped = try render([scene, "-o", "-", "--format", "webp"])
        XCTAssertEqual(ImageFormat.sniff([UInt8](piped.stdout)), .webp)
        // Lossless WebP holds exactly the PNG's pixels.
        let png = try ImageDecoder.decode(contentsOf: folder.appendingPathComponent("e.png").path)
        XCTAssertTrue(try ImageDecoder.decode(contentsOf: folder.appendingPathComponent("c.webp").path).pixelsEqual(png))
        // An Image node reads the JPEG and the WebP just written.
        for source in ["a.jpg", "c.webp"] {
            let file = try write(#"{"canvas": {"width": 40, "height": 40}, "root": {"type": "Image", "src": "\#(source)"}}"#, "img-\(source).json")
            let run = try render([file, "-o", folder.appendingPathComponent("img-\(source).png").path])
            XCTAssertEqual(run.status, 0, "\(source): \(run.stderr)")
        }
    }

    /// A clear canvas (64 x 40 at scale 2) with an opaque and a translucent shape moving
    /// over it: 1 s at 10 fps, 11 frames.
    static let movingShapes = #"""
        {"canvas": {"width": 64, "height": 40, "scale": 2, "background": "clear"},
         "root": {"type": "ZStack", "children": [
           {"type": "Circle", "id": "dot", "width": 20, "height": 20, "fill": "#E0301E", "offset": [-16, 0]},
           {"type": "Rectangle", "id": "bar", "width": 24, "height": 8, "fill": "rgb(30 90 200 / 60%)", "offset": [10, 12]}]},
         "animation": {"duration": 1, "fps": 10, "events": [
           {"at": 0, "set": {"dot": {"offset": [16, 0]}, "bar": {"offset": [-10, -12]}}, "transition": {"duration": 0.9}}]}}
        """#

    /// `frames -o X.webp` writes a lossless animated WebP (ffmpeg's libwebp encoder):
    /// libwebp's own animation decoder reads back, at every 100 ms of the clip, exactly the
    /// PNG frame's pixels (the colour of fully transparent ones aside), looping forever. `render SCENE -o X.webp` stays one still image.
    func testFrames_AnimatedWebPRoundTripsThroughLibwebp() throws {
        let scene = try write(Self.movingShapes, "moving.json")
        let pngFolder = folder.appendingPathComponent("reference").path
        XCTAssertEqual(try render(["frames", scene, "-o", pngFolder]).status, 0)
        let reference = try (0..<11).map { i -> [UInt8] in
            [UInt8](try TestProcess.tool(["ffmpeg", "-v", "error", "-i", pngFolder + String(format: "/frame_%05d.png", i),
                                          "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
        }
        let webp = folder.appendingPathComponent("clip.webp").path
        let run = try render(["frames", scene, "-o", webp])
        XCTAssertEqual(run.status, 0, run.stderr)
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: webp)))
        var frames: [[UInt8]] = [], timestamps: [Int32] = []
        var info = WebPAnimInfo()
        file.withUnsafeBufferPointer { bytes in
            var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            var options = WebPAnimDecoderOptions()
            XCTAssertEqual(WebPAnimDecoderOptionsInit(&options), 1)
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return XCTFail("libwebp cannot read \(webp)") }
            defer { WebPAnimDecoderDelete(decoder) }
            XCTAssertEqual(WebPAnimDecoderGetInfo(decoder, &info), 1)
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0,
                  let pixels {
                frames.append(Array(UnsafeBufferPointer(start: pixels, count: Int(info.canvas_width * info.canvas_height) * 4)))
                timestamps.append(timestamp)
            }
        }
        XCTAssertEqual([info.canvas_width, info.canvas_height, info.loop_count], [128, 80, 0])
        // The encoder may show an unchanged frame longer instead of repeating it (the
        // last two frames are the same: the transition ends at 0.9 s), so the frames are
        // compared on the clip's timeline, 100 ms a frame.
        XCTAssertEqual(timestamps.last, 1100)
        var shown: [[UInt8]] = []
        for (frame, end) in zip(frames, timestamps) {
            XCTAssertEqual(end % 100, 0, "frames change on the 10 fps grid")
            while shown.count < Int(end) / 100 { shown.append(frame) }
        }
        XCTAssertEqual(shown.count, 11)
        for (i, (decoded, expected)) in zip(shown, reference).enumerated() {
            XCTAssertEqual(decoded.count, expected.count)
            var differing = 0
            for p in stride(from: 0, to: min(decoded.count, expected.count), by: 4) {
                let same = expected[p + 3] == 0 ? decoded[p + 3] == 0 : decoded[p..<(p + 4)] == expected[p..<(p + 4)]
                if !same { differing += 1 }
            }
            XCTAssertEqual(differing, 0, "WebP frame \(i) differs from frame_\(i).png at \(differing) pixels")
        }
        XCTAssertTrue(shown[0] != shown[10], "the shapes move")
        // One image stays one image.
        let still = folder.appendingPathComponent("still.webp").path
        XCTAssertEqual(try render([scene, "-o", still]).status, 0)
        XCTAssertEqual(try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: still))), maxPixels: 1 << 20).width, 128)
    }

    /// `frames -o X.mp4|.webm|.gif` streams the frames to ffmpeg: ffprobe finds every
    /// frame at the canvas size in the container's codec, and ffmpeg's decoding of the
    /// first frame is close to the rendered one. Without ffmpeg: one clear line, no file.
    /// Every frame-sequence format round-trips through the reference decoder, ffmpeg
    /// (ffprobe for the streams): an animated PNG gives back exactly the PNG frames, with
    /// their delays; MP4, MOV, WebM and GIF give every frame within a PSNR bound; WebM
    /// keeps alpha (VP9's own decoder) and GIF keeps fully transparent pixels.
    func testFrames_EveryFormatRoundTripsThroughFFmpeg() throws {
        let scene = try write(Self.movingShapes, "moving.json")
        let pngFolder = folder.appendingPathComponent("reference").path
        XCTAssertEqual(try render(["frames", scene, "-o", pngFolder]).status, 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: pngFolder).filter { $0.hasSuffix(".png") }.count
        XCTAssertEqual(count, 11, "1 s at 10 fps, both ends")
        func system(_ arguments: [String]) throws -> Data { try TestProcess.tool(arguments) }
        /// Every frame of `file` as ffmpeg decodes it: straight RGBA, 128 x 80.
        func decodedFrames(_ file: String, decoder: [String] = []) throws -> [[UInt8]] {
            let raw = [UInt8](try system(["ffmpeg", "-v", "error"] + decoder + ["-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
            let size = 128 * 80 * 4
            XCTAssertEqual(raw.count % size, 0, file)
            return stride(from: 0, to: raw.count - size + 1, by: size).map { Array(raw[$0..<($0 + size)]) }
        }
        let reference = try (0..<count).map { try decodedFrames(pngFolder + String(format: "/frame_%05d.png", $0))[0] }
        XCTAssertTrue(reference[0].enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 }, "the canvas is clear")
        XCTAssertTrue(reference[0] != reference[count - 1], "the shapes move")

        // Animated PNG: lossless, so ffmpeg's frames are the PNG frames exactly, 0.1 s apart.
        let apng = folder.appendingPathComponent("clip.apng").path
        XCTAssertEqual(try render(["frames", scene, "-o", apng]).status, 0)
        let fromAPNG = try decodedFrames(apng)
        XCTAssertEqual(fromAPNG.count, count, "APNG frames")
        for (i, (a, b)) in zip(fromAPNG, reference).enumerated() { XCTAssertTrue(a == b, "APNG frame \(i) differs from frame_\(i).png") }
        let times = String(decoding: try system(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "frame=pts_time",
                                                 "-of", "csv=p=0", apng]), as: UTF8.self)
            .split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        XCTAssertEqual(times.count, count)
        for (i, t) in times.enumerated() { XCTAssertEqual(t, Double(i) / 10, accuracy: 0.001, "APNG frame \(i)") }

        /// PSNR of the colour channels over the pixels both frames show opaque enough.
        func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
            var squared = 0.0, n = 0
            for i in stride(from: 0, to: a.count, by: 4) where a[i + 3] > 200 {
                for c in 0..<3 { squared += pow(Double(a[i + c]) - Double(b[i + c]), 2) }
                n += 3
            }
            return 10 * log10(255 * 255 / max(squared / Double(max(n, 1)), 1e-9))
        }
        for (ext, codec, minimum) in [("mp4", "h264", 26.0), ("mov", "h264", 26.0), ("webm", "vp9", 26.0), ("gif", "gif", 40.0)] {
            let video = folder.appendingPathComponent("clip.\(ext)").path
            let run = try render(["frames", scene, "-o", video])
            XCTAssertEqual(run.status, 0, "\(ext): \(run.stderr)")
            let probe = String(decoding: try system(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                                                     "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", video]),
                               as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(probe, "\(codec),128,80,\(count)", ext)
            // VP9's alpha is read by libvpx's decoder, not ffmpeg's native one.
            let frames = try decodedFrames(video, decoder: ext == "webm" ? ["-c:v", "libvpx-vp9"] : [])
            XCTAssertEqual(frames.count, count, ext)
            for (i, (decoded, expected)) in zip(frames, reference).enumerated() {
                // Video codecs keep colour where the canvas is opaque; over clear pixels
                // H.264 has no alpha to show, so compare the colour the frame was given.
                XCTAssertGreaterThan(psnr(expected, decoded), minimum, "\(ext) frame \(i)")
                guard ext == "webm" || ext == "gif" else { continue }
                // WebM's alpha plane within its quantisation (a few edge pixels may stray
                // further); GIF's one-bit transparency keeps every clear pixel clear and
                // every opaque one opaque.
                var alphaMismatch = 0
                for p in stride(from: 3, to: expected.count, by: 4) {
                    let e = expected[p], d = decoded[p]
                    if ext == "gif" ? (e == 0 && d != 0) || (e == 255 && d != 255) : abs(Int(e) - Int(d)) > 32 { alphaMismatch += 1 }
                }
                XCTAssertLessThanOrEqual(alphaMismatch, ext == "gif" ? 0 : expected.count / 4 / 200, "\(ext) frame \(i): alpha differs at \(alphaMismatch) pixels")
            }
        }
        let missing = folder.appendingPathComponent("nothing.mp4").path
        let run = try render(["frames", scene, "-o", missing], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "Error: \(missing): writing .mp4 needs ffmpeg, which is not installed (apt-get install ffmpeg, or scripts/deps.sh)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }, [])
    }

    /// `--format` says what -o is whatever its name: a folder called clip.v2, a GIF
    /// without an extension.
    func testFrames_FormatOverridesTheName() throws {
        let scene = scenes.appendingPathComponent("timeline.json").path
        let odd = folder.appendingPathComponent("clip.v2").path
        XCTAssertEqual(try render(["frames", scene, "-o", odd, "--format", "png", "--frames", "0..1"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: odd + "/frame_00001.png"))
        // An existing folder is a folder, whatever its name.
        XCTAssertEqual(try render(["frames", scene, "-o", odd, "--frames", "2..2"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: odd + "/frame_00002.png"))
        let gif = folder.appendingPathComponent("animation").path
        XCTAssertEqual(try render(["frames", scene, "-o", gif, "--format", "gif", "--frames", "0..2"]).status, 0)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: gif)).prefix(6)), Array("GIF89a".utf8))
        let apng = folder.appendingPathComponent("animation-png").path
        XCTAssertEqual(try render(["frames", scene, "-o", apng, "--format", "apng", "--frames", "0..2"]).status, 0)
        XCTAssertEqual(try FrameExportTests.chunkTypes(Array(try Data(contentsOf: URL(fileURLWithPath: apng)))).filter { $0 == "fcTL" }.count, 3)
    }

    /// Ctrl-C during a video export, delivered as a terminal does to render's process
    /// group (Foundation starts ffmpeg in a group of its own, so render stops it): one
    /// line saying it was interrupted and how far it got, status 1, and no video and no
    /// temporary file left.
    func testFrames_VideoExportInterruptedByCtrlC() throws {
        let scene = scenes.appendingPathComponent("timeline.json").path
        let video = folder.appendingPathComponent("stopped.mp4").path
        let script = """
        import os, signal, subprocess, sys, time
        p = subprocess.Popen(sys.argv[1:], start_new_session=True, stderr=subprocess.PIPE, text=True)
        # The export is under way once render has started its ffmpeg, a child of render; a
        # fixed wait could land before render has even started on a busy machine.
        def encoder():
            for entry in os.listdir("/proc"):
                if entry.isdigit() and int(entry) != p.pid:
                    try:
                        fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                    except OSError:
                        continue
                    if int(fields[1]) == p.pid and fields[0] != "Z":
                        return True
            return False
        deadline = time.monotonic() + 60
        while not encoder() and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.2)
        os.killpg(p.pid, signal.SIGINT)
        err = p.communicate(timeout=60)[1]
        print(p.returncode)
        print(err, end="")
        """
        let out = String(decoding: try TestProcess.tool(["python3", "-c", script, binary.path, "frames", scene, "-o", video,
                                                         "--fps", "1000", "--quiet"]), as: UTF8.self)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "1", out)
        XCTAssertTrue(out.contains("Error: interrupted after ") && out.contains("frames; \(video) was not written"), out)
        XCTAssertFalse(out.contains("ffmpeg stopped"), out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: video))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("stopped") }, [])
    }

    /// `render watch` renders, renders again on each save of the scene or a file beside
    /// it, reports a broken scene in one line and keeps the last good image.
    func testWatch_RendersAgainOnSave() throws {
        let scene = folder.appendingPathComponent("watched.json")
        // Written and dated aside, then renamed over the scene as editors save, so the
        // watch never sees the new text with the write's own date (two looks, two renders).
        func save(_ fill: String, age: TimeInterval) throws {
            let aside = folder.appendingPathComponent(".watched.json.tmp")   // hidden: watch skips it
            try Data(#"{"canvas": {"width": 4, "height": 4}, "root": {"type": "Rectangle", "fill": "\#(fill)"}}"#.utf8).write(to: aside)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: age)], ofItemAtPath: aside.path)
            guard rename(aside.path, scene.path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: scene.path]) }
        }
        try save("red", age: -10)
        let out = folder.appendingPathComponent("watched.png").path
        let process = Process()
        process.executableURL = binary
        process.arguments = ["watch", scene.path, "-o", out, "--interval", "0.05"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func waitFor(_ what: String, _ condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(20)
            while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            XCTAssertTrue(condition(), what)
        }
        func pixel() -> PremultipliedColor? { (try? ImageDecoder.decode(contentsOf: out))?[1, 1] }
        waitFor("first render") { pixel() == Color(r: 255, g: 0, b: 0).premultiplied }
        try save("blue", age: -5)
        waitFor("render after a save") { pixel() == Color(r: 0, g: 0, b: 255).premultiplied }
        try save("not-a-colour", age: 0)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(pixel(), Color(r: 0, g: 0, b: 255).premultiplied, "the last good image stays")
        process.terminate()
        process.waitUntilExit()
        let lines = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("rendered \(out) in ") }.count, 2, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains("Error: ") && $0.contains("root.fill: 'not-a-colour'") }.count, 1, "\(lines)")
    }

    /// On a terminal, frames show a bar with the rate and the time left, then one summary
    /// line; off a terminal, or with --quiet, nothing.
    func testFrames_ProgressOnATerminalOnly() throws {
        let scene = scenes.appendingPathComponent("timeline.json").path
        func onTerminal(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            let command = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-qec", command, "/dev/null"]
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, text)
            return text
        }
        let dir = folder.appendingPathComponent("progress").path
        let shown = try onTerminal(["frames", scene, "-o", dir, "--frames", "0..19"])
        XCTAssertTrue(shown.contains("frames [##############################] 20/20 100%"), shown)
        XCTAssertTrue(shown.contains(" fps "), shown)
        let last = shown.components(separatedBy: "\r").last ?? ""
        XCTAssertTrue(last.range(of: #"^20 frames, [0-9.]+ KB in [0-9.]+ s, [0-9.]+ fps"#, options: .regularExpression) != nil, last)
        func size(_ path: String) throws -> Int { try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1 }
        let written = try (0..<20).map { try size(dir + String(format: "/frame_%05d.png", $0)) }.reduce(0, +)
        XCTAssertTrue(last.hasPrefix("20 frames, \(SceneLimits.describe(bytes: written)) in "), "the frames' bytes: \(last)")
        // A video's summary gives the file's size, an animated PNG's its own.
        for name in ["clip.gif", "clip.apng"] {
            let file = folder.appendingPathComponent(name).path
            let summary = try onTerminal(["frames", scene, "-o", file, "--frames", "0..9"]).components(separatedBy: "\r").last ?? ""
            XCTAssertTrue(summary.hasPrefix("10 frames, \(SceneLimits.describe(bytes: try size(file))) in "), "\(name): \(summary)")
        }
        let resumed = try onTerminal(["frames", scene, "-o", dir, "--frames", "0..29"])
        XCTAssertTrue((resumed.components(separatedBy: "\r").last ?? "").hasPrefix("10 frames (20 already there), "), resumed)
        XCTAssertEqual(try onTerminal(["frames", scene, "-o", dir + "2", "--frames", "0..9", "--quiet"]), "")
        let offTerminal = try render(["frames", scene, "-o", dir + "3", "--frames", "0..9"])
        XCTAssertEqual(offTerminal.stderr, "")
    }

    func testFrames_WritesNumberedFramesAndAnAnimatedPNG() throws {
        let scene = scenes.appendingPathComponent("timeline.json").path
        let dir = folder.appendingPathComponent("frames").path
        let apng = folder.appendingPathComponent("anim.png").path
        let run = try render(["frames", scene, "-o", dir, "--frames", "40..", "--jobs", "2", "--apng", apng])
        XCTAssertEqual(run.status, 0, run.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, [".render-frames"] + (40...45).map { String(format: "frame_%05d.png", $0) })
        // The animated PNG's default image is the first frame of the range.
        let first = try PNGDecoder.decode(contentsOf: dir + "/frame_00040.png")
        XCTAssertTrue(try PNGDecoder.decode(contentsOf: apng).pixelsEqual(first))
        // The same frame from a run with other jobs and range has the same bytes.
        let other = folder.appendingPathComponent("other").path
        XCTAssertEqual(try render(["frames", scene, "-o", other, "--frames", "38..41", "--jobs", "1"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: other + "/frame_00041.png")),
                       try Data(contentsOf: URL(fileURLWithPath: dir + "/frame_00041.png")))
        // A range outside the scene fails before anything is written.
        let bad = folder.appendingPathComponent("bad").path
        let outside = try render(["frames", scene, "-o", bad, "--frames", "40..99"])
        XCTAssertEqual(outside.status, 1)
        XCTAssertTrue(outside.stderr.contains("--frames: the scene has frames 0..45"), outside.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: bad))
        XCTAssertEqual(try render(["frames", scene]).status, 1, "needs -o or --apng")
    }

    /// An export stopped midway (frames missing, a temporary file a kill left, SIGINT or
    /// SIGTERM during the run) continues when run again: only the missing frames are
    /// rendered, and the folder ends with exactly the bytes of an uninterrupted export.
    /// A changed scene starts over.
    func testFrames_ResumeWhereAnExportStopped() throws {
        let scene = scenes.appendingPathComponent("timeline.json").path
        let fm = FileManager.default
        let whole = folder.appendingPathComponent("whole").path
        XCTAssertEqual(try render(["frames", scene, "-o", whole, "--jobs", "2"]).status, 0)
        func frames(_ dir: String) throws -> [String: Data] {
            var result: [String: Data] = [:]
            for name in try fm.contentsOfDirectory(atPath: dir) where name.hasPrefix("frame_") {
                result[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            }
            return result
        }
        let expected = try frames(whole)
        XCTAssertEqual(expected.count, 46)
        // Frames missing and a stale temporary file: only the missing ones are written.
        let partial = folder.appendingPathComponent("partial").path
        try fm.copyItem(atPath: whole, toPath: partial)
        for i in [0, 10, 11, 12, 30, 45] { try fm.removeItem(atPath: partial + String(format: "/frame_%05d.png", i)) }
        try Data("half".utf8).write(to: URL(fileURLWithPath: partial + "/.frame_00010.png.0000.tmp"))
        let kept = partial + "/frame_00005.png"
        let keptInode = try fm.attributesOfItem(atPath: kept)[.systemFileNumber] as? Int
        let resumed = try render(["frames", scene, "-o", partial, "--jobs", "3", "--apng", folder.appendingPathComponent("a.png").path])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try frames(partial), expected)
        XCTAssertEqual(try fm.attributesOfItem(atPath: kept)[.systemFileNumber] as? Int, keptInode, "a present frame is not written again")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: partial).filter { $0.hasSuffix(".tmp") }, [])
        XCTAssertTrue(try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("a.png").path)
            .pixelsEqual(PNGDecoder.decode(contentsOf: whole + "/frame_00000.png")), "the animated PNG reads the frames already there")
        // Other options in the same folder: every frame is rendered again.
        let otherFPS = try render(["frames", scene, "-o", partial, "--fps", "10"])
        XCTAssertEqual(otherFPS.status, 0, otherFPS.stderr)
        XCTAssertNotEqual(try fm.attributesOfItem(atPath: kept)[.systemFileNumber] as? Int, keptInode, "other options start over")
        // Signals: stopped between frames, every frame present is complete, and running
        // again finishes with the same bytes.
        for signal in [SIGINT, SIGTERM] {
            let dir = folder.appendingPathComponent("signal\(signal)").path
            let process = Process()
            process.executableURL = binary
            process.arguments = ["frames", scene, "-o", dir, "--jobs", "1", "--quiet"]
            let err = Pipe()
            process.standardError = err
            try process.run()
            while !fm.fileExists(atPath: dir + "/frame_00003.png") && process.isRunning { usleep(2_000) }
            kill(process.processIdentifier, signal)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit)
            if process.terminationStatus == 1 {
                XCTAssertTrue(stderr.contains("every frame written is complete, and the same command continues"), stderr)
            }
            for (name, data) in try frames(dir) { XCTAssertEqual(data, expected[name], name) }
            XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }, [])
            XCTAssertEqual(try render(["frames", scene, "-o", dir, "--jobs", "1"]).status, 0)
            XCTAssertEqual(try frames(dir), expected)
        }
    }
}
