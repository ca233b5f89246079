import ArgumentParser
import Foundation
import Raster

/// `render serve SCENE`: a local web page showing the scene, drawn again on every save of
/// it or of a file it names, with a timeline slider, layout bounds, the node under the
/// pointer and the error line of a broken scene.
///
/// The server (`HTTPServer`) answers only: `/` (the page), `/state` (a long poll for the
/// next load), `/frame.png` and `/layout.json` (frame N of the current load; 409 when
/// their `v` names an earlier load) and
/// `/files/I/NAME` (the scene file and the files it names); every other path is 404.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview a scene in a web browser, drawn again each time it or a file it names is saved.",
        discussion: """
        Prints the page's address and serves it until Ctrl-C. The page shows the scene as \
        `render` draws it, a slider over the animation's frames (frame N as `render frames` \
        draws it), the layout bounds of every node, the node under the pointer with its \
        type, id, JSON path, frame and props, and, while the scene is broken, the error line \
        the command line prints. Listens on 127.0.0.1 unless --host says otherwise; serves \
        nothing but the page, its images and JSON, the scene file and the files it names.
        """
    )

    @OptionGroup var input: SceneInput

    @Option(help: "The address to listen on: 127.0.0.1 is this machine only, 0.0.0.0 every network.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port.")
    var port = 8000

    @Option(help: "Pixels per point; overrides canvas.scale.")
    var scale: Double?

    @Option(help: "Frames per second of the timeline (default: the scene's animation.fps, else 60).")
    var fps: Double?

    @Option(help: "Seconds between looks at the files.")
    var interval: Double = 0.25

    func validate() throws {
        guard input.scene != nil, !input.readsStandardInput else { throw ValidationError("serve needs a scene file") }
        guard (0...65535).contains(port) else { throw ValidationError("--port: expected 0 to 65535, found \(port)") }
        try OptionBounds.checkInterval(interval)
        try OptionBounds.checkFPS(fps)
    }

    func run() throws {
        let file = input.scene ?? ""
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CommandFailure(description: "\(file): cannot read the scene file (\(isFolder.boolValue ? "it is a folder" : "no such file"))")
        }
        let input = self.input, scale = self.scale
        let preview = ScenePreview(sceneFile: file, fps: fps) {
            var scene = try input.load()
            try SceneOptions.apply(scale: scale, to: &scene)
            do { try scene.canvas.checkSize() } catch let error as SceneError {
                throw CommandFailure(description: "\(input.name): \(error)")
            }
            return scene
        }
        let server = try HTTPServer(host: host, port: port)
        Self.report(preview.reloadIfChanged())
        try printOut("Serving \(file) at \(server.url) (Ctrl-C stops)")
        let stop = Interruption()
        let interval = self.interval
        Thread.detachNewThread {
            while !stop.requested {
                if let status = preview.reloadIfChanged() { Self.report(status) }
                Thread.sleep(forTimeInterval: interval)
            }
        }
        server.run(until: { stop.requested }) { request in Self.respond(to: request, preview: preview) }
        stop.end()
        printError("stopped")
    }

    private static func report(_ status: ScenePreview.Status?) {
        guard let status else { return }
        let time = WatchCommand.clock()
        if let error = status.error {
            writeStandardError("\(time) \(error)\n")
        } else {
            writeStandardError("\(time) loaded version \(status.version) (\(status.frameCount) frame\(status.frameCount == 1 ? "" : "s"))\n")
        }
    }

    /// The response to one request; blocks up to 15 s on `/state` while nothing changes.
    static func respond(to request: HTTPRequest, preview: ScenePreview) -> HTTPResponse {
        switch request.path {
        case "/", "/index.html":
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8))
        case "/state":
            let after = request.query["after"].flatMap { Int($0) } ?? -1
            return .json(stateJSON(preview.wait(after: after, timeout: 15), preview: preview))
        case "/frame.png", "/layout.json":
            guard let index = Int(request.query["frame"] ?? "0"), index >= 0, index < preview.current.frameCount else { return .notFound }
            var wanted: Int?
            if let v = request.query["v"] {
                guard let number = Int(v) else { return .notFound }
                wanted = number
            }
            let (version, drawn) = preview.frame(index, version: wanted)
            guard let result = drawn else {
                // The page asked for a version since replaced; its long poll brings the next.
                return .text(409, "version \(wanted ?? -1) is not the current one (\(version))")
            }
            switch result {
            case .success(let frame):
                return request.path == "/frame.png"
                    ? HTTPResponse(status: 200, contentType: "image/png", body: frame.png) : .json(frame.layout)
            case .failure(let failure):
                return request.path == "/frame.png"
                    ? .text(500, failure.description) : .json(JSONValue.object(["error": .string(failure.description)]).jsonText(), status: 500)
            }
        default:
            return file(at: request.path, preview: preview)
        }
    }

    /// `/files/I/NAME`: file I of the scene's files, when NAME is its name.
    static func file(at path: String, preview: ScenePreview) -> HTTPResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let files = preview.current.files
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "files", let index = Int(parts[2]), files.indices.contains(index),
              parts[3] == (files[index] as NSString).lastPathComponent,
              let data = FileManager.default.contents(atPath: files[index]) else { return .notFound }
        var response = HTTPResponse(status: 200, contentType: contentType(of: files[index]), body: [UInt8](data))
        response.sandboxed = true
        return response
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "json": return "application/json"
        case "yaml", "yml": return "text/plain; charset=utf-8"
        case "ttf": return "font/ttf"
        case "otf": return "font/otf"
        default: return "application/octet-stream"
        }
    }

    /// `{"version", "ok", "error", "scene", "frameCount", "fps", "canvas", "files": [{"name", "url"}]}`.
    static func stateJSON(_ status: ScenePreview.Status, preview: ScenePreview) -> String {
        let folder = URL(fileURLWithPath: preview.sceneFile).standardizedFileURL.deletingLastPathComponent().path + "/"
        let files: [JSONValue] = status.files.enumerated().map { index, path in
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let name = absolute.hasPrefix(folder) ? String(absolute.dropFirst(folder.count)) : absolute
            let last = (path as NSString).lastPathComponent
            let escaped = last.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? ""
            return .object(["name": .string(name), "url": .string("/files/\(index)/\(escaped)")])
        }
        var object: JSONObject = [
            "version": .number(Double(status.version)),
            "ok": .bool(status.error == nil),
            "error": status.error.map { .string($0) } ?? .null,
            "scene": .string((preview.sceneFile as NSString).lastPathComponent),
            "frameCount": .number(Double(status.frameCount)),
            "fps": .number(status.fps),
            "files": .array(files),
        ]
        if let canvas = status.scene?.canvas {
            object["canvas"] = .object(["width": .number(canvas.width), "height": .number(canvas.height), "scale": .number(canvas.scale)])
        }
        return JSONValue.object(object).jsonText()
    }
}
