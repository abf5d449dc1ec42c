import FolioCharts

/// A section heading: one line, kept on the same page as the block after it.
public struct HeadingBlock: LayoutBlock {
    public var text: String
    let style: ReportStyle

    public init(text: String, style: ReportStyle) {
        self.text = text
        self.style = style
    }

    public func height(width: Double) -> Double { style.lineHeight(style.heading) + 2 }
    public var keepsWithNext: Bool { true }

    public func draw(in rect: Rect) -> [Primitive] {
        let s = style.heading
        let line = style.layout.fit(text, maxWidth: rect.width, style: s)
        return [.text(style.layout.run(line, at: Point(x: rect.minX, y: rect.minY), baseline: .top, style: s))]
    }
}

/// A paragraph wrapped at word boundaries for the width; splits between lines.
public struct TextBlock: LayoutBlock {
    public var text: String
    /// The note under a chart or table (what its marks mean): kept with it.
    var isCaption: Bool
    let style: ReportStyle
    /// Lines already wrapped, when this block is the rest of a split paragraph.
    var prewrapped: [String]?
    /// The data of the table this line stands in for ("No data"): a text that names the table's page
    /// (`{pageOf.…}`) names this line's.
    var standsFor: String?

    public init(text: String, isCaption: Bool = false, style: ReportStyle) {
        self.text = text
        self.isCaption = isCaption
        self.style = style
    }

    public var keepsWithPrevious: Bool { isCaption }

    func lines(width: Double) -> [String] {
        prewrapped ?? style.layout.wrapped(text, width: width, style: style.body)
    }

    public func height(width: Double) -> Double { Double(lines(width: width).count) * style.lineHeight(style.body) }
    public func minimumHeight(width: Double) -> Double { min(height(width: width), 2 * style.lineHeight(style.body)) }

    public func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        let all = lines(width: width)
        let n = min(all.count, Int(height / style.lineHeight(style.body)))
        if n >= all.count { return (self, nil) }
        if n == 0 { return (nil, self) }
        var head = self
        var tail = self
        head.prewrapped = Array(all[..<n])
        tail.prewrapped = Array(all[n...])
        return (head, tail)
    }

    public func draw(in rect: Rect) -> [Primitive] {
        lines(width: rect.width).enumerated().map { i, line in
            .text(
                style.layout.run(
                    line,
                    at: Point(x: rect.minX, y: rect.minY + Double(i) * style.lineHeight(style.body)),
                    baseline: .top,
                    style: style.body
                )
            )
        }
    }
}

/// `page-break` in a definition.
public struct PageBreakBlock: LayoutBlock {
    public init() {}
    public func height(width: Double) -> Double { 0 }
    public func draw(in rect: Rect) -> [Primitive] { [] }
    public var breaksPage: Bool { true }
}

extension TextLayout {
    /// `text` wrapped at spaces into lines no wider than `width` (a word wider than that is cut with an
    /// ellipsis), each "\n" starting a new line.
    func wrapped(_ text: String, width: Double, style: TextStyle) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if line.isEmpty || self.width(candidate, style) <= width {
                    line = candidate
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(fit(line, maxWidth: width, style: style))
        }
        return lines
    }
}
