import FolioCharts
import Foundation

/// A scene as text for a baseline: the canvas on the first line, then one line per primitive, sorted,
/// so that a diff reads as "this label moved, that one is new" and paint order alone changes nothing.
///
/// A text run is its text, role, weight, size, colour and box (where it is; the box already says how it
/// was anchored and measured); a path is its fill, stroke and bounds, and how many steps its outline
/// has — its exact shape is the image baseline's to check. Points are written to a tenth: the measurer
/// reads unhinted font units, so the same fonts give the same numbers on every machine, and a tenth of a
/// point is well under a pixel.
extension Scene {
    public var snapshotText: String {
        let header =
            "scene \(Self.number(width))×\(Self.number(height)) background \(Self.colour(background)) title \(Self.quoted(title))"
        let lines = primitives.map { primitive -> String in
            switch primitive {
            case .text(let t): Self.line(t)
            case .path(let p): Self.line(p)
            }
        }
        return ([header] + lines.sorted()).joined(separator: "\n") + "\n"
    }

    static func line(_ t: TextRun) -> String {
        var s =
            "text \(quoted(t.text)) \(t.role.rawValue) \(t.weight.rawValue) \(number(t.size)) \(colour(t.color)) box \(rect(t.box))"
        if t.rotation != 0 { s += " turned \(number(t.rotation * 180 / .pi))°" }
        return s
    }

    static func line(_ p: PathShape) -> String {
        var s = "path"
        if let fill = p.fill { s += " fill \(colour(fill))" }
        if let stroke = p.stroke {
            s += " stroke \(colour(stroke.color)) \(number(stroke.width))"
            if !stroke.dash.isEmpty { s += " dash " + stroke.dash.map(number).joined(separator: " ") }
        }
        if p.roundCaps { s += " round" }
        s += p.bounds.map { " box " + rect($0) } ?? " empty"
        return s + " steps \(p.elements.count)"
    }

    static func rect(_ r: Rect) -> String { [r.minX, r.minY, r.width, r.height].map(number).joined(separator: " ") }

    /// To a tenth, and never "-0.0": a value a hair either side of zero is the same drawing.
    static func number(_ v: Double) -> String {
        let s = String(format: "%.1f", v)
        return s == "-0.0" ? "0.0" : s
    }

    static func colour(_ c: Color) -> String {
        c.alpha < 1 ? c.hexString + "/" + String(format: "%.2f", c.alpha) : c.hexString
    }

    /// In quotes, with the spaces a reader cannot tell apart (no-break, narrow no-break) spelt out, since
    /// a figure's spacing is part of what a baseline checks.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " ": out += " "
            case _ where scalar.properties.isWhitespace || scalar.properties.generalCategory == .control:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
