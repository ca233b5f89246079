import Foundation
import Raster

/// The damage workloads: an animation's frames rendered and encoded as PNG one after the
/// other, by one player, from the first frame to the last. `A2` redraws only what each
/// frame changed (the compositor's damage, and PNG bands of unchanged rows reused);
/// `A2f` renders and encodes every frame whole. Both write the same bytes.
public enum DamageWorkloads {
    public static let names = ["A2", "A2f"]

    /// The settings list's frame rate and length: a tap at 0.05 s, its release at 0.15 s
    /// (`ScenePlayer.tapDuration`) switching a toggle over 0.3 s.
    static let fps = 60.0
    static let duration = 0.45
    /// The row tapped.
    static let tappedRow = 7

    static func summary(_ name: String, frames: Int) -> String {
        switch name {
        case "A2": return "damage: \(frames) frames of a 30-row settings list (a row tapped, a toggle switched over 0.3 s), only changes redrawn and re-encoded"
        case "A2f": return "damage: the A2 frames, each rasterized, composited and encoded whole"
        default: return ""
        }
    }

    /// The scene file of a workload (what `render bench --export` writes).
    public static func scene(_ name: String) -> JSONValue? {
        names.contains(name) ? settingsList() : nil
    }

    public static func make(_ name: String) throws -> Workload? {
        guard let json = scene(name) else { return nil }
        let scene = try SceneDecoder().decode(json)
        let redrawAll = name == "A2f"
        let export = FrameExport(scene: scene, fps: fps)
        let size = scene.canvas
        return Workload(name: name, summary: summary(name, frames: export.frameCount), width: Int(size.width * size.scale),
                        height: Int(size.height * size.scale), frames: export.frameCount, draw: { _ in }, encode: {
            try encodeFrames(export, redrawAll: redrawAll).frames.reduce(0) { $0 + $1.count }
        })
    }

    /// Every frame of `export` as PNG bytes, rendered by one player in order, and what
    /// the encoder did: with `redrawAll`, each frame is rasterized, composited and encoded
    /// whole; otherwise only what changed is, and the bands of rows that did not change
    /// are reused.
    public static func encodeFrames(_ export: FrameExport, redrawAll: Bool) throws
        -> (frames: [[UInt8]], statistics: PNGFrameEncoder.Statistics) {
        var frames: [[UInt8]] = []
        let statistics = try export.renderPNGs(0...(export.frameCount - 1), redrawAll: redrawAll) { _, bytes in
            frames.append(bytes)
            return true
        }
        return (frames, statistics)
    }

    /// A2's scene: a settings screen of 30 rows in three groups, every third row with a
    /// toggle; row `tappedRow` is tapped, which highlights it and switches its toggle on.
    public static func settingsList() -> JSONValue {
        let labels = ["Airplane Mode", "Wi-Fi", "Bluetooth", "Cellular", "Personal Hotspot", "VPN", "Notifications",
                      "Sounds & Haptics", "Focus", "Screen Time", "General", "Control Centre", "Display & Brightness",
                      "Home Screen", "Accessibility", "Wallpaper", "Siri & Search", "Face ID & Passcode",
                      "Emergency SOS", "Exposure Notifications", "Battery", "Privacy & Security", "App Store",
                      "Wallet", "Passwords", "Mail", "Contacts", "Calendar", "Notes", "Reminders"]
        let colours = ["#FF9500", "#0A84FF", "#0A84FF", "#34C759", "#34C759", "#0A84FF", "#FF3B30", "#FF2D55",
                       "#5856D6", "#5856D6", "#8E8E93", "#8E8E93", "#0A84FF", "#0A84FF", "#0A84FF", "#32ADE6"]
        func row(_ i: Int) -> JSONValue {
            let trailing: [JSONValue]
            if i % 3 == 1 {
                trailing = [["type": "Toggle", "id": .string("toggle-\(i)"), "isOn": .bool(i % 2 == 0),
                             "label": ["type": "Text", "text": ""]]]
            } else {
                trailing = [["type": "Text", "text": .string(i % 2 == 0 ? "On" : "Off"), "color": "secondary"],
                            ["type": "Path", "d": "M1 1 L7 7 L1 13", "width": 8, "height": 14,
                             "stroke": ["paint": "tertiary", "width": 2, "cap": "round", "join": "round"]]]
            }
            let content: JSONValue = [
                "type": "HStack", "spacing": 12, "padding": [7, 16, 7, 16], "frame": ["maxWidth": "infinity"],
                "background": "background",
                "children": .array([["type": "RoundedRectangle", "width": 30, "height": 30, "cornerRadius": 7,
                                     "smoothCorners": true, "fill": .string(colours[i % colours.count])],
                                    ["type": "Text", "text": .string(labels[i]), "layoutPriority": 1],
                                    ["type": "Spacer"]] + trailing)]
            var button: JSONObject = ["type": "Button", "id": .string("row-\(i)"), "style": "plain",
                                      "content": content]
            if i == tappedRow {
                button["onTap"] = [["set": ["toggle-\(i)": ["isOn": true]],
                                    "transition": ["duration": 0.3, "curve": "easeInOut"]]]
            }
            return .object(button)
        }
        func group(_ title: String, _ rows: Range<Int>) -> [JSONValue] {
            var children: [JSONValue] = []
            for i in rows {
                if i > rows.lowerBound {
                    children.append(["type": "Rectangle", "height": 0.5, "fill": "separator", "padding": [0, 58, 0, 0]])
                }
                children.append(row(i))
            }
            return [["type": "Text", "text": .string(title), "font": ["size": 13], "color": "secondary",
                     "padding": [16, 16, 0, 0]],
                    ["type": "VStack", "fill": true, "background": "background", "cornerRadius": 10,
                     "smoothCorners": true, "clip": true, "children": .array(children)]]
        }
        let children: [JSONValue] = [["type": "Text", "text": "Settings", "font": ["size": 34, "weight": "bold"]]]
            + group("CONNECTIONS", 0..<10) + group("SYSTEM", 10..<20) + group("ACCOUNTS", 20..<30)
        return [
            "canvas": ["width": 390, "height": 1600, "scale": 2, "background": "secondaryBackground"],
            "root": ["type": "VStack", "alignment": "leading", "spacing": 8, "padding": [24, 16, 16, 16],
                     "frame": ["maxWidth": "infinity", "alignment": "topLeading"], "children": .array(children)],
            "animation": ["duration": .number(duration), "fps": .number(fps),
                          "events": [["at": 0.05, "tap": .string("row-\(tappedRow)")]]],
        ]
    }
}
