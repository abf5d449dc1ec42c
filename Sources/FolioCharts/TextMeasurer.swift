import Foundation

/// Measures text for layout. FolioRender implements it with the font files that draw, so the boxes in a
/// scene are the boxes on the page.
public protocol TextMeasurer: Sendable {
    /// Advance width of a single line of text, in points.
    func width(of text: String, size: Double, weight: FontWeight) -> Double
    /// Height above the baseline of the tallest glyphs (accented capitals, Cyrillic Й), per point of size.
    var ascent: Double { get }
    /// Depth below the baseline of descenders (g, р, Щ), per point of size, positive.
    var descent: Double { get }
}

/// A deterministic measurer for pure scene tests: fixed advances close to Noto Sans's.
package struct ApproximateMeasurer: TextMeasurer {
    package init() {}
    package func width(of text: String, size: Double, weight: FontWeight) -> Double {
        var units = 0.0
        for s in text.unicodeScalars {
            switch s.value {
            case 0x30...0x39: units += 0.572
            case 0x20, 0xA0, 0x2E, 0x2C, 0x3A: units += 0.26
            case 0x41...0x5A, 0x410...0x42F: units += 0.66
            default: units += 0.55
            }
        }
        return units * size * (weight == .bold ? 1.05 : 1)
    }
    package var ascent: Double { 0.9 }
    package var descent: Double { 0.26 }
}

/// Vertical placement of a text's anchor point.
public enum TextBaseline: Hashable, Sendable {
    /// The anchor is on the alphabetic baseline.
    case alphabetic
    /// The anchor is the vertical middle of the text box.
    case middle
    /// The anchor is the top of the text box.
    case top
    /// The anchor is the bottom of the text box.
    case bottom
}

/// A text style resolved from the theme.
public struct TextStyle: Hashable, Sendable {
    public var size: Double
    public var weight: FontWeight
    public var color: Color
    public var role: FontRole
    public init(size: Double, weight: FontWeight, color: Color, role: FontRole) {
        self.size = size
        self.weight = weight
        self.color = color
        self.role = role
    }
}

/// Lays single lines of text out with a measurer.
public struct TextLayout: Sendable {
    public let measurer: any TextMeasurer
    public init(measurer: any TextMeasurer) { self.measurer = measurer }

    public func width(_ text: String, _ style: TextStyle) -> Double {
        measurer.width(of: text, size: style.size, weight: style.weight)
    }
    public func height(_ style: TextStyle) -> Double { (measurer.ascent + measurer.descent) * style.size }

    /// A run anchored at `at`; rotation turns the run around the anchor, and the box then bounds the
    /// rotated rectangle.
    public func run(
        _ text: String,
        at p: Point,
        anchor: TextAnchor = .start,
        baseline: TextBaseline = .alphabetic,
        style: TextStyle,
        rotation: Double = 0
    ) -> TextRun {
        let w = width(text, style)
        let asc = measurer.ascent * style.size
        let desc = measurer.descent * style.size
        let dx: Double = anchor == .start ? 0 : anchor == .middle ? -w / 2 : -w
        let baselineOffset: Double
        switch baseline {
        case .alphabetic: baselineOffset = 0
        case .middle: baselineOffset = (asc - desc) / 2
        case .top: baselineOffset = asc
        case .bottom: baselineOffset = -desc
        }
        let origin: Point
        let box: Rect
        if rotation == 0 {
            origin = Point(x: p.x + dx, y: p.y + baselineOffset)
            box = Rect(x: origin.x, y: origin.y - asc, width: w, height: asc + desc)
        } else {
            // Rotated: corners of the unrotated box relative to the pivot, turned by `rotation`.
            let (c, s) = (cos(rotation), sin(rotation))
            let corners = [
                (dx, baselineOffset - asc), (dx + w, baselineOffset - asc), (dx, baselineOffset + desc),
                (dx + w, baselineOffset + desc),
            ].map { (x, y) in Point(x: p.x + x * c - y * s, y: p.y + x * s + y * c) }
            let (left, right) = (corners.map(\.x).min() ?? p.x, corners.map(\.x).max() ?? p.x)
            let (top, bottom) = (corners.map(\.y).min() ?? p.y, corners.map(\.y).max() ?? p.y)
            box = Rect(x: left, y: top, width: right - left, height: bottom - top)
            // The origin for drawing is the baseline start in the rotated frame: the pivot plus (dx, offset)
            // turned.
            origin = Point(x: p.x + dx * c - baselineOffset * s, y: p.y + dx * s + baselineOffset * c)
        }
        return TextRun(
            text: text,
            origin: origin,
            size: style.size,
            weight: style.weight,
            color: style.color,
            role: style.role,
            anchor: anchor,
            rotation: rotation,
            box: box,
            width: w,
            ascent: asc,
            descent: desc
        )
    }

    /// The text, shortened with an ellipsis to fit `maxWidth` (whole text when it fits).
    public func fit(_ text: String, maxWidth: Double, style: TextStyle) -> String {
        if width(text, style) <= maxWidth { return text }
        let chars = Array(text)
        var lo = 0
        var hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = String(chars[..<mid]).trimmingCharacters(in: .whitespaces) + "…"
            if width(candidate, style) <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        return lo == 0 ? "…" : String(chars[..<lo]).trimmingCharacters(in: .whitespaces) + "…"
    }
}
