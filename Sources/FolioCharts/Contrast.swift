import Foundation

/// WCAG 2 contrast, the measure of whether a text can be read against what is behind it, and the one
/// rule that turns a series colour into a text colour: a line may be light orange, its label may not.
extension Color {
    /// WCAG AA for body text: a chart's smallest text (11–13 pt) is body text, never "large".
    public static let minimumTextContrast = 4.5

    /// WCAG 2 relative luminance.
    var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio, 1…21.
    public func contrast(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Of the candidates, the one with the highest contrast against this colour (used for text on cells).
    func bestText(among candidates: [Color]) -> Color {
        candidates.max { contrast(with: $0) < contrast(with: $1) } ?? Color(hex: 0x000000)
    }

    /// This colour's hue, darkened towards black on a light background or lightened towards white on a
    /// dark one, by the smallest step that reaches `minimum` against `background`; itself when it already
    /// does. Steps are whole bytes, so the colour checked is the colour a PNG or an SVG writes.
    public func readable(on background: Color, minimum: Double = Color.minimumTextContrast) -> Color {
        guard contrast(with: background) < minimum else { return self }
        let black = Color(hex: 0x000000)
        let white = Color(hex: 0xFFFFFF)
        let toward = background.contrast(with: black) >= background.contrast(with: white) ? black : white
        for step in 1...255 {
            let shade = mixed(with: toward, amount: Double(step) / 255).byteRounded
            if shade.contrast(with: background) >= minimum { return shade }
        }
        return toward
    }

    /// The colour with each component on the nearest of the 256 levels an 8-bit image stores.
    var byteRounded: Color {
        func byte(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() / 255 }
        return Color(red: byte(red), green: byte(green), blue: byte(blue), alpha: alpha)
    }
}
