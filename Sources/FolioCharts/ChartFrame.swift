import FolioCore
import Foundation

/// What every chart has around its data: canvas, theme, locale, title, subtitle and a source line.
public struct ChartFrame: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var theme: Theme
    public var locale: ChartLocale
    public var title: String
    public var subtitle: String
    /// Bottom-left source/as-of line, e.g. "Source: NBU · as of 21.11.2026".
    public var footnote: String
    /// Sizes of text, lines and margins relative to the theme's; nil scales them with the canvas
    /// (`Theme.scaled(for:)`). An image for a narrow column (the daily mail set, 600 points wide) keeps 1,
    /// so that its text is as large as on a desktop canvas twice as wide.
    public var sizeScale: Double?
    /// The most ticks a value or time axis shows; nil: as many as the canvas takes. A phone-width image
    /// keeps four, which a reader still reads at 375 CSS pixels.
    public var maxTicks: Int?

    public init(
        width: Double = 1200,
        height: Double = 675,
        theme: Theme = .light,
        locale: ChartLocale = .en,
        title: String = "",
        subtitle: String = "",
        footnote: String = ""
    ) {
        self.width = width
        self.height = height
        self.theme = theme
        self.locale = locale
        self.title = title
        self.subtitle = subtitle
        self.footnote = footnote
    }
}

/// A chart's frame laid out: its title, subtitle and footnote lines placed, and the body they leave.
struct FrameLayout {
    var runs: [TextRun]
    var body: Rect
}

/// Accumulates primitives for one chart and knows its scaled theme and text layout.
struct SceneBuilder {
    let frame: ChartFrame
    let theme: Theme
    let layout: TextLayout
    var primitives: [Primitive] = []

    init(frame: ChartFrame, measurer: any TextMeasurer) {
        self.frame = frame
        self.theme =
            frame.sizeScale.map { frame.theme.scaled(by: $0) } ?? frame.theme.scaled(for: frame.width, frame.height)
        self.layout = TextLayout(measurer: measurer)
        primitives.reserveCapacity(64)
    }

    var titleStyle: TextStyle { TextStyle(size: theme.titleSize, weight: .bold, color: theme.text, role: .title) }
    var subtitleStyle: TextStyle {
        TextStyle(size: theme.subtitleSize, weight: .regular, color: theme.secondaryText, role: .subtitle)
    }
    var axisStyle: TextStyle {
        TextStyle(size: theme.axisSize, weight: .regular, color: theme.secondaryText, role: .axis)
    }
    var annotationStyle: TextStyle {
        TextStyle(size: theme.annotationSize, weight: .bold, color: theme.text, role: .annotation)
    }
    var footnoteStyle: TextStyle {
        TextStyle(size: theme.footnoteSize, weight: .regular, color: theme.secondaryText, role: .footnote)
    }
    var legendStyle: TextStyle {
        TextStyle(size: theme.axisSize, weight: .regular, color: theme.text, role: .legend)
    }

    mutating func add(_ shape: PathShape) { primitives.append(.path(shape)) }
    mutating func add(_ run: TextRun) { primitives.append(.text(run)) }

    /// Draws title, subtitle and footnote and returns the rectangle left for the chart body.
    mutating func drawFrame(subtitleTrailingWidth: Double = 0) -> Rect {
        let laidOut = layOutFrame(subtitleTrailingWidth: subtitleTrailingWidth)
        draw(laidOut)
        return laidOut.body
    }

    mutating func draw(_ laidOut: FrameLayout) { primitives += laidOut.runs.map(Primitive.text) }

    /// Title, subtitle and footnote placed, and the rectangle they leave for the chart body, with nothing
    /// drawn: what a chart measures before it draws (a report's plots aligned, a bar's height).
    /// Long titles are shortened with an ellipsis rather than clipped.
    func layOutFrame(subtitleTrailingWidth: Double = 0) -> FrameLayout {
        let m = theme.margin
        let innerWidth = frame.width - 2 * m
        var runs: [TextRun] = []
        var top = m
        if !frame.title.isEmpty {
            let text = layout.fit(frame.title, maxWidth: innerWidth, style: titleStyle)
            runs.append(layout.run(text, at: Point(x: m, y: top), baseline: .top, style: titleStyle))
            top += layout.height(titleStyle) + theme.subtitleSize * 0.2
        }
        if !frame.subtitle.isEmpty || subtitleTrailingWidth > 0 {
            // A line each (a note under the days: "Not shown: …"); the first leaves room for the trailing text.
            for (i, line) in frame.subtitle.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let room = innerWidth - (i > 0 ? 0 : subtitleTrailingWidth + (subtitleTrailingWidth > 0 ? m : 0))
                let text = layout.fit(String(line), maxWidth: max(room, 0), style: subtitleStyle)
                if !line.isEmpty {
                    runs.append(layout.run(text, at: Point(x: m, y: top), baseline: .top, style: subtitleStyle))
                }
                top += layout.height(subtitleStyle)
            }
        }
        if top > m { top += theme.margin * 0.75 }
        var bottom = frame.height - m
        if !frame.footnote.isEmpty {
            let text = layout.fit(frame.footnote, maxWidth: innerWidth, style: footnoteStyle)
            runs.append(layout.run(text, at: Point(x: m, y: bottom), baseline: .bottom, style: footnoteStyle))
            bottom -= layout.height(footnoteStyle) + theme.margin * 0.5
        }
        return FrameLayout(runs: runs, body: Rect(x: m, y: top, width: innerWidth, height: max(bottom - top, 0)))
    }

    /// The y position of the subtitle line's top, for text placed at its right end (change over a window).
    func subtitleTop() -> Double {
        theme.margin + (frame.title.isEmpty ? 0 : layout.height(titleStyle) + theme.subtitleSize * 0.2)
    }

    func scene() -> Scene {
        Scene(
            width: frame.width,
            height: frame.height,
            background: theme.background,
            primitives: primitives,
            title: frame.title
        )
    }

    /// A centred message for charts without data, so an empty chart says why it is empty.
    mutating func drawNoData(in body: Rect, note: String? = nil) {
        add(
            layout.run(
                layout.fit(note ?? frame.locale.noData, maxWidth: body.width, style: subtitleStyle),
                at: Point(x: body.midX, y: body.midY),
                anchor: .middle,
                baseline: .middle,
                style: subtitleStyle
            )
        )
    }
}

extension ChartFrame {
    /// The source/as-of line in the frame's locale: "Source: NBU · as of 21 Nov 2026",
    /// "Джерело: НБУ · станом на 21.11.2026". Either part may be left out.
    public static func footnote(source: String?, asOf: Day?, locale: ChartLocale) -> String {
        var parts: [String] = []
        if let source, !source.isEmpty { parts.append(locale.source + ": " + source) }
        if let asOf { parts.append(locale.asOf + " " + DateText.date(asOf, locale: locale)) }
        return parts.joined(separator: " · ")
    }
}
