import FolioCharts
import FolioDatasets

/// Turns laid-out pages into scenes and adds the header and footer afterwards, when the page count is
/// known, so "page 3 of 7" needs no second rendering pass.
public struct PageComposer: Sendable {
    public var setup: PageSetup
    public var header: PageLine
    public var footer: PageLine
    public var style: ReportStyle
    public var strings: Catalogue
    /// Placeholder values shared by every page (`portfolio`, `asOf`, `generated`…).
    public var values: [String: String]
    public var title: String

    public init(
        setup: PageSetup,
        header: PageLine,
        footer: PageLine,
        style: ReportStyle,
        strings: Catalogue,
        values: [String: String],
        title: String
    ) {
        self.setup = setup
        self.header = header
        self.footer = footer
        self.style = style
        self.strings = strings
        self.values = values
        self.title = title
    }

    /// The rectangle blocks flow into.
    public var content: Rect {
        let m = setup.margins
        return Rect(x: m.left, y: m.top, width: setup.width - m.left - m.right, height: setup.height - m.top - m.bottom)
    }

    public func scenes(_ pages: [LaidOutPage]) -> [Scene] {
        pages.enumerated().map { index, page in
            var primitives = page.blocks.flatMap { $0.block.draw(in: $0.rect) }
            var v = values
            v["page"] = "\(index + 1)"
            v["pages"] = "\(pages.count)"
            let c = content
            // Header sits in the top margin, its rule half-way between text and content; footer mirrors it.
            primitives += line(header, values: v, baselineY: c.minY - 22, rule: c.minY - 12)
            primitives += line(footer, values: v, baselineY: c.maxY + 26, rule: c.maxY + 12)
            return Scene(
                width: setup.width,
                height: setup.height,
                background: style.theme.background,
                primitives: primitives,
                title: title
            )
        }
    }

    private func line(_ line: PageLine, values: [String: String], baselineY: Double, rule: Double) -> [Primitive] {
        guard !line.isEmpty else { return [] }
        let c = content
        let s = style.pageLine
        let right = Template.render(line.right, values: values, strings: strings)
        let rightRun = style.layout.run(right, at: Point(x: c.maxX, y: baselineY), anchor: .end, style: s)
        let leftRoom = c.width - (right.isEmpty ? 0 : rightRun.width + 12)
        let left = style.layout.fit(
            Template.render(line.left, values: values, strings: strings),
            maxWidth: max(leftRoom, 0),
            style: s
        )
        var out: [Primitive] = [
            .path(
                .segment(
                    Point(x: c.minX, y: rule),
                    Point(x: c.maxX, y: rule),
                    stroke: Stroke(color: style.theme.grid, width: 0.5)
                )
            )
        ]
        if !left.isEmpty { out.append(.text(style.layout.run(left, at: Point(x: c.minX, y: baselineY), style: s))) }
        if !right.isEmpty { out.append(.text(rightRun)) }
        return out
    }
}
