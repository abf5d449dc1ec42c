import Foundation

/// Every colour, size and stroke a chart uses (docs/chart-style.md). Sizes are for a 1200×675 canvas and are
/// scaled with the canvas's shorter side by `scaled(for:)`.
public struct Theme: Hashable, Sendable {
    public var name: String
    public var background: Color
    public var text: Color
    public var secondaryText: Color
    public var grid: Color
    public var axis: Color
    /// Okabe–Ito, in the style guide's order; the eighth colour contrasts with the background.
    public var series: [Color]
    public var up: Color
    public var down: Color
    /// Deposits and withdrawals: a neutral pair, dark and light, wherever money moves in or out.
    public var deposits: Color
    public var withdrawals: Color
    /// A portfolio's own total: near-black on light (near-white on dark), never an asset's colour.
    public var total: Color
    /// Asset kinds and classes, largest first: one hue (ColorBrewer Purples), darkest first.
    public var kinds: [Color]
    /// ColorBrewer RdBu, 11 classes, −1 → +1.
    var diverging: [Color]
    /// The heatmap's diverging scale, 11 classes, −1 → +1: RdBu on light; on dark the same hues around a
    /// dark midpoint, lighter outwards, so that the strongest months are the brightest cells and a flat one
    /// recedes (RdBu's near-white zero would make the quietest months the loudest blocks on a dark page).
    public var heatmap: [Color]
    public var zebra: Color
    /// Black and white candidates for text on coloured cells: with RdBu, one of the two always reaches
    /// 4.5:1 (the worst cell, luminance ≈ 0.18, gets 4.58:1), which near-black #1A1A1A would not.
    var cellTextCandidates: [Color]

    var titleSize = 22.0
    var subtitleSize = 15.0
    var axisSize = 13.0
    var annotationSize = 13.0
    var footnoteSize = 11.0
    public var margin = 24.0
    var singleLineWidth = 2.5
    var multiLineWidth = 2.0
    var markerRadius = 3.5
    var markerOutline = 1.5
    var averageLineWidth = 1.5
    var gridWidth = 1.0
    /// A stretch of time marked behind a chart's lines (a drawdown): the secondary text, faint.
    var shade: Color { secondaryText.withAlpha(0.12) }

    static let okabeIto: [Color] = [0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0xCC79A7, 0x56B4E9, 0xF0E442]
        .map { Color(hex: $0) }
    static let rdBu: [Color] = [
        0x67001F, 0xB2182B, 0xD6604D, 0xF4A582, 0xFDDBC7, 0xF7F7F7, 0xD1E5F0, 0x92C5DE, 0x4393C3, 0x2166AC, 0x053061,
    ].map { Color(hex: $0) }
    /// For a dark page: RdBu's hues from its lightest strong classes at ±1 inwards to a near-background
    /// #22262D at zero (±0.4: halfway between RdBu's two darkest; ±0.2: halfway from those to zero). The
    /// contrast with the background rises with |value| on both sides, from 1.2 : 1 at zero to 9 : 1 at the
    /// ends, and near-black or white text keeps ≥ 4.6 : 1 on every colour between the classes.
    static let rdBuOnDark: [Color] = [
        0xF4A582, 0xD6604D, 0xB2182B, 0x8C0C25, 0x571929, 0x22262D, 0x1A385A, 0x134B86, 0x2166AC, 0x4393C3, 0x92C5DE,
    ].map { Color(hex: $0) }

    public static let light = Theme(
        name: "light",
        background: Color(hex: 0xFFFFFF),
        text: Color(hex: 0x1A1A1A),
        secondaryText: Color(hex: 0x5A5A5A),
        grid: Color(hex: 0xE6E6E6),
        axis: Color(hex: 0xBDBDBD),
        // Okabe–Ito's yellow (1.2:1 on white) darkened to 3:1, the contrast WCAG asks of a graphic, for
        // every mark alike, so that an asset is one colour as a slice and as a line; black is the eighth.
        series: Array(okabeIto.dropLast()) + [Color(hex: 0x9F972C), Color(hex: 0x000000)],
        up: Color(hex: 0x009E73),
        down: Color(hex: 0xD55E00),
        deposits: Color(hex: 0x4D4D4D),
        withdrawals: Color(hex: 0xA6A6A6),
        total: Color(hex: 0x1A1A1A),
        kinds: [0x54278F, 0x756BB1, 0x9E9AC8, 0xBCBDDC, 0xDADAEB].map { Color(hex: $0) },
        diverging: rdBu,
        heatmap: rdBu,
        zebra: Color(hex: 0xF5F5F5),
        cellTextCandidates: [Color(hex: 0x000000), Color(hex: 0xFFFFFF)]
    )

    public static let dark = Theme(
        name: "dark",
        background: Color(hex: 0x111418),
        text: Color(hex: 0xECECEC),
        secondaryText: Color(hex: 0xA0A0A0),
        grid: Color(hex: 0x2A2F36),
        axis: Color(hex: 0x4A515B),
        series: okabeIto + [Color(hex: 0xFFFFFF)],
        up: Color(hex: 0x009E73),
        down: Color(hex: 0xD55E00),
        deposits: Color(hex: 0xC8C8C8),
        withdrawals: Color(hex: 0x6E6E6E),
        total: Color(hex: 0xECECEC),
        kinds: [0xBCBDDC, 0x9E9AC8, 0x807DBA, 0x6A51A3, 0x54278F].map { Color(hex: $0) },
        diverging: rdBu,
        heatmap: rdBuOnDark,
        zebra: Color(hex: 0x1A1E24),
        cellTextCandidates: [Color(hex: 0x000000), Color(hex: 0xFFFFFF)]
    )

    public static func named(_ name: String) -> Theme? {
        switch name {
        case "light": .light
        case "dark": .dark
        default: nil
        }
    }

    /// The theme with sizes scaled for a canvas; small canvases keep at least 75 % so text stays legible.
    public func scaled(for width: Double, _ height: Double) -> Theme {
        scaled(by: max(0.75, min(width, height) / 675))
    }

    /// The theme for an image read on a phone, where a mail app draws it about 375 CSS pixels wide: on
    /// a canvas of 375–400 points the title is 21 points and every other text 13, so that the title's
    /// line is at least 14 CSS pixels and the digits of the as-of line at least 8 (docs/chart-style.md).
    public func forPhone() -> Theme {
        var t = self
        (t.titleSize, t.subtitleSize, t.axisSize, t.annotationSize, t.footnoteSize, t.margin) = (21, 13, 13, 13, 13, 14)
        return t
    }

    /// The theme with every size times `k`.
    public func scaled(by k: Double) -> Theme {
        var t = self
        t.titleSize *= k
        t.subtitleSize *= k
        t.axisSize *= k
        t.annotationSize *= k
        t.footnoteSize *= k
        t.margin *= k
        t.singleLineWidth *= k
        t.multiLineWidth *= k
        t.markerRadius *= k
        t.markerOutline *= k
        t.averageLineWidth *= k
        return t
    }

    func seriesColor(_ index: Int) -> Color { series[index % series.count] }

    /// The colour of a text that names or values a coloured mark (a line's label, a change in the up or
    /// down colour): the mark's hue at ≥ 4.5:1 against the background, so that no label vanishes.
    func labelColor(for mark: Color) -> Color { mark.readable(on: background) }

    /// The colour a line of series colour `color` is stroked in: the colour itself, or for one that barely
    /// stands out from the background (Okabe–Ito yellow on white, 1.2:1) its hue darkened to 3:1, the
    /// contrast WCAG asks of a graphic; its slices and bars keep the colour, with an outline.
    package func lineColor(_ color: Color) -> Color {
        color.contrast(with: background) < 1.5 ? color.readable(on: background, minimum: 3) : color
    }

    /// A thin outline for fills that barely stand out from the background (Okabe–Ito yellow on white,
    /// contrast 1.2:1), so that the area stays visible; `nil` for every other fill.
    func outline(for fill: Color) -> Stroke? {
        fill.contrast(with: background) < 1.5 ? Stroke(color: axis, width: 1) : nil
    }

    /// The RdBu colour for a correlation in −1…+1, interpolated between the 11 classes.
    func divergingColor(_ value: Double) -> Color { Self.interpolated(diverging, value) }

    /// The heatmap's colour for a value in −1…+1 (beyond: the end colour).
    func heatmapColor(_ value: Double) -> Color { Self.interpolated(heatmap, value) }

    private static func interpolated(_ classes: [Color], _ value: Double) -> Color {
        let v = min(max(value, -1), 1)
        let position = (v + 1) / 2 * Double(classes.count - 1)
        let i = min(Int(position), classes.count - 2)
        return classes[i].mixed(with: classes[i + 1], amount: position - Double(i))
    }
}
