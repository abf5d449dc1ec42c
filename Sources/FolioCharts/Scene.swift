import Foundation

/// A point in scene space: points, origin top-left, y down.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in scene space.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    /// Strict overlap: rectangles that only touch do not intersect.
    package func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    public func contains(_ other: Rect, tolerance: Double = 0.01) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }
    func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

/// One step of a path outline.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// A circular arc around `center`, angles in radians measured clockwise from the +x axis (y is down).
    case arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
    case close
}

/// A stroke: width and optional dash pattern, in points.
public struct Stroke: Hashable, Sendable {
    public var color: Color
    public var width: Double
    public var dash: [Double]
    public init(color: Color, width: Double, dash: [Double] = []) {
        self.color = color
        self.width = width
        self.dash = dash
    }
}

/// A filled and/or stroked outline.
public struct PathShape: Hashable, Sendable {
    public var elements: [PathElement]
    public var fill: Color?
    public var stroke: Stroke?
    /// Round joins and caps for data lines; butt caps keep grid lines crisp.
    public var roundCaps: Bool
    public init(elements: [PathElement], fill: Color? = nil, stroke: Stroke? = nil, roundCaps: Bool = false) {
        self.elements = elements
        self.fill = fill
        self.stroke = stroke
        self.roundCaps = roundCaps
    }

    public static func rect(_ r: Rect, fill: Color) -> PathShape {
        PathShape(
            elements: [
                .move(Point(x: r.minX, y: r.minY)), .line(Point(x: r.maxX, y: r.minY)),
                .line(Point(x: r.maxX, y: r.maxY)), .line(Point(x: r.minX, y: r.maxY)), .close,
            ],
            fill: fill
        )
    }
    public static func segment(_ a: Point, _ b: Point, stroke: Stroke) -> PathShape {
        PathShape(elements: [.move(a), .line(b)], stroke: stroke)
    }
    static func disc(center: Point, radius: Double, fill: Color, outline: Stroke?) -> PathShape {
        PathShape(
            elements: [
                .move(Point(x: center.x + radius, y: center.y)),
                .arc(center: center, radius: radius, start: 0, end: 2 * .pi, clockwise: true), .close,
            ],
            fill: fill,
            stroke: outline
        )
    }

    /// The bounding box of the points and arcs (arcs by their full circle: conservative, and cheap).
    public var bounds: Rect? {
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point, _ r: Double = 0) {
            x0 = min(x0, p.x - r)
            y0 = min(y0, p.y - r)
            x1 = max(x1, p.x + r)
            y1 = max(y1, p.y + r)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .arc(let c, let r, _, _, _): add(c, r)
            case .close: break
            }
        }
        guard x0.isFinite else { return nil }
        let half = (stroke?.width ?? 0) / 2
        return Rect(x: x0 - half, y: y0 - half, width: x1 - x0 + 2 * half, height: y1 - y0 + 2 * half)
    }
}

/// Font weights the charts use; each maps to one file in `fonts/`.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular
    case bold
}

/// What a piece of text is for; the theme decides size, weight and colour per role.
public enum FontRole: String, Hashable, Sendable {
    case title, subtitle, axis, annotation, footnote, legend, cell, header
}

/// Where the anchor point sits on the text's line box horizontally.
public enum TextAnchor: String, Hashable, Sendable {
    case start, middle, end
}

/// A single line of text. `origin` is the baseline start after anchoring (unrotated text) or the rotation
/// pivot (rotated text); `box` is the measured box the text occupies in scene space.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var origin: Point
    public var size: Double
    public var weight: FontWeight
    public var color: Color
    public var role: FontRole
    public var anchor: TextAnchor
    /// Rotation in radians around `origin`, negative = counter-clockwise (up), as in Cairo with y down.
    public var rotation: Double
    /// Axis-aligned bounds of the text (of the turned rectangle, for rotated text).
    public var box: Rect
    /// Measured advance width, and the line's extent above and below the baseline, in points.
    public var width: Double
    public var ascent: Double
    public var descent: Double

    public init(
        text: String,
        origin: Point,
        size: Double,
        weight: FontWeight,
        color: Color,
        role: FontRole,
        anchor: TextAnchor,
        rotation: Double = 0,
        box: Rect,
        width: Double,
        ascent: Double,
        descent: Double
    ) {
        self.text = text
        self.origin = origin
        self.size = size
        self.weight = weight
        self.color = color
        self.role = role
        self.anchor = anchor
        self.rotation = rotation
        self.box = box
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// The four corners of the text's line box in scene space (turned with the text).
    var corners: [Point] {
        let (c, s) = (cos(rotation), sin(rotation))
        return [(0.0, -ascent), (width, -ascent), (width, descent), (0.0, descent)].map { (x, y) in
            Point(x: origin.x + x * c - y * s, y: origin.y + x * s + y * c)
        }
    }

    /// Whether the line boxes of two runs overlap by more than `tolerance` points (separating-axis test,
    /// so turned labels are compared by their real outlines, not their bounding boxes).
    public func overlaps(_ other: TextRun, tolerance: Double = 0.25) -> Bool {
        guard box.insetBy(dx: tolerance, dy: tolerance).intersects(other.box.insetBy(dx: tolerance, dy: tolerance))
        else { return false }
        let a = corners
        let b = other.corners
        for quad in [a, b] {
            for i in 0..<4 {
                let p = quad[i]
                let q = quad[(i + 1) % 4]
                let axis = Point(x: -(q.y - p.y), y: q.x - p.x)
                let length = (axis.x * axis.x + axis.y * axis.y).squareRoot()
                guard length > 0 else { continue }
                let project = { (pt: Point) in (pt.x * axis.x + pt.y * axis.y) / length }
                let pa = a.map(project)
                let pb = b.map(project)
                if pa.max()! <= pb.min()! + tolerance || pb.max()! <= pa.min()! + tolerance { return false }
            }
        }
        return true
    }
}

/// A drawing primitive.
public enum Primitive: Hashable, Sendable {
    case path(PathShape)
    case text(TextRun)
}

/// What a chart turns into: a canvas and a flat list of primitives in paint order. Render draws it;
/// tests read it.
public struct Scene: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var background: Color
    public var primitives: [Primitive]
    /// Document title for PDF/SVG metadata.
    public var title: String

    public init(width: Double, height: Double, background: Color, primitives: [Primitive] = [], title: String = "") {
        self.width = width
        self.height = height
        self.background = background
        self.primitives = primitives
        self.title = title
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    public var texts: [TextRun] {
        primitives.compactMap { if case .text(let t) = $0 { t } else { nil } }
    }
    public var paths: [PathShape] {
        primitives.compactMap { if case .path(let p) = $0 { p } else { nil } }
    }
}
