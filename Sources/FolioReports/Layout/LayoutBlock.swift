import FolioCharts

/// A block ready for pages (the ReportLab/typst idea): it measures itself for a width, splits itself for
/// a height, and draws into a rectangle. Blocks are values, so pagination is a pure function over them.
public protocol LayoutBlock: Sendable {
    /// Height for a content width.
    func height(width: Double) -> Double
    /// The smallest first piece worth starting on a page (a table's header and one row); pagination uses it
    /// to keep a heading with what follows.
    func minimumHeight(width: Double) -> Double
    /// The part that fits in `height` and the rest; `fitting` is nil when not even the smallest part fits.
    func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?)
    /// Primitives in page coordinates inside `rect`.
    func draw(in rect: Rect) -> [Primitive]
    /// A heading: never the last thing on a page.
    var keepsWithNext: Bool { get }
    /// A caption: starts on the page of the block before it, and moves with it.
    var keepsWithPrevious: Bool { get }
    /// A page break: starts a new page unless the current one is empty.
    var breaksPage: Bool { get }
    /// Split only when long (a table): one short enough (`Paginator.shortBlock`) moves whole to the next
    /// page rather than leave a few rows behind.
    var splitsOnlyWhenLong: Bool { get }
}

extension LayoutBlock {
    public func minimumHeight(width: Double) -> Double { height(width: width) }
    public func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        self.height(width: width) <= height ? (self, nil) : (nil, self)
    }
    public var keepsWithNext: Bool { false }
    public var keepsWithPrevious: Bool { false }
    public var breaksPage: Bool { false }
    public var splitsOnlyWhenLong: Bool { false }
}

/// Sizes and colours of report text, from the theme, so that a dark report is dark everywhere.
public struct ReportStyle: Sendable {
    public var theme: Theme
    public var locale: ChartLocale
    public var layout: TextLayout
    var headingSize = 16.0
    var bodySize = 9.5
    var cellSize = 8.0
    var pageLineSize = 7.5
    public var blockGap = 14.0

    public init(theme: Theme, locale: ChartLocale, measurer: any TextMeasurer) {
        self.theme = theme
        self.locale = locale
        self.layout = TextLayout(measurer: measurer)
    }

    var heading: TextStyle { TextStyle(size: headingSize, weight: .bold, color: theme.text, role: .title) }
    var body: TextStyle { TextStyle(size: bodySize, weight: .regular, color: theme.text, role: .subtitle) }
    var cell: TextStyle { TextStyle(size: cellSize, weight: .regular, color: theme.text, role: .cell) }
    var headerCell: TextStyle { TextStyle(size: cellSize, weight: .bold, color: theme.secondaryText, role: .header) }
    var pageLine: TextStyle {
        TextStyle(size: pageLineSize, weight: .regular, color: theme.secondaryText, role: .footnote)
    }
    func lineHeight(_ s: TextStyle) -> Double { layout.height(s) * 1.25 }
}

/// Moves primitives laid out at the origin onto the page.
func translated(_ primitives: [Primitive], dx: Double, dy: Double) -> [Primitive] {
    func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
    return primitives.map { primitive in
        switch primitive {
        case .path(var shape):
            shape.elements = shape.elements.map {
                switch $0 {
                case .move(let p): .move(move(p))
                case .line(let p): .line(move(p))
                case .arc(let c, let r, let s, let e, let cw):
                    .arc(center: move(c), radius: r, start: s, end: e, clockwise: cw)
                case .close: .close
                }
            }
            return .path(shape)
        case .text(var run):
            run.origin = move(run.origin)
            run.box.x += dx
            run.box.y += dy
            return .text(run)
        }
    }
}
