import FolioCore
import Foundation

/// A report as data, read from `reports/NAME.yaml` (or a user's copy): page geometry, the header and
/// footer lines, and sections of blocks. Each section starts on a new page and flows onto as many pages
/// as its blocks need.
public struct ReportDefinition: Hashable, Sendable {
    public var name: String
    /// Document title template (PDF metadata and the cover heading).
    public var title: String
    public var page: PageSetup
    public var header: PageLine
    public var footer: PageLine
    public var sections: [Section]
    /// The asset a portfolio's returns are compared with (the performance table and the `cumulative`
    /// chart), unless the command or the jobs file names another.
    public var benchmark: AssetCode?
    /// Whether the portfolio's daily image set (`folio report daily`, `folio mail --report daily`, a
    /// batch `daily` job) also draws the drawdown and the cumulative return.
    public var dailyPerformance = false
    /// The daily images' canvas in points and the pixels per point they are written at: mail is read on
    /// a phone, which shows an image about 375 CSS pixels wide, so the set is drawn on a phone's width
    /// (390 points) at scale 3 — 1,170 pixels, sharp on the phone's screen and text it can read.
    var dailyWidth = 390.0
    var dailyHeight = 300.0
    var dailyScale = 3.0

    public init(
        name: String,
        title: String,
        page: PageSetup,
        header: PageLine,
        footer: PageLine,
        sections: [Section],
        benchmark: AssetCode? = nil,
        dailyPerformance: Bool = false
    ) {
        self.name = name
        self.title = title
        self.page = page
        self.header = header
        self.footer = footer
        self.sections = sections
        self.benchmark = benchmark
        self.dailyPerformance = dailyPerformance
    }

    public struct Section: Hashable, Sendable {
        /// Skip the section unless this dataset has content (`negative-balances` for the diagnostics page).
        public var when: String?
        public var blocks: [BlockDefinition]
        /// Where the section sits in its file, `pages[2]`, for errors found while building.
        public var path: String
    }
}

/// Page size in points, orientation applied, and the margins around the content.
public struct PageSetup: Hashable, Sendable {
    public enum Size: String, Hashable, Sendable, CaseIterable {
        case a4 = "A4"
        case letter = "Letter"
        /// Portrait width and height in points (1/72 inch).
        public var points: (width: Double, height: Double) {
            switch self {
            case .a4: (595.28, 841.89)
            case .letter: (612, 792)
            }
        }
    }
    public enum Orientation: String, Hashable, Sendable, CaseIterable { case portrait, landscape }

    public var size: Size
    public var orientation: Orientation
    public var margins: Margins

    public init(size: Size = .a4, orientation: Orientation = .portrait, margins: Margins = Margins()) {
        self.size = size
        self.orientation = orientation
        self.margins = margins
    }

    public var width: Double { orientation == .portrait ? size.points.width : size.points.height }
    public var height: Double { orientation == .portrait ? size.points.height : size.points.width }
}

public struct Margins: Hashable, Sendable {
    public var top = 56.0, right = 42.0, bottom = 56.0, left = 42.0
    public init() {}
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// A header or footer: templates at the left and right edge (`{portfolio}`, `{asOf}`, `{page}`,
/// `{pages}`, `{generated}`, `{t.key}`). Empty templates draw nothing.
public struct PageLine: Hashable, Sendable {
    public var left: String
    public var right: String
    public init(left: String = "", right: String = "") {
        self.left = left
        self.right = right
    }
    public var isEmpty: Bool { left.isEmpty && right.isEmpty }
}

/// One block of a section, as written in the definition.
public struct BlockDefinition: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case heading, text, kpis, chart, table
        case pageBreak = "page-break"
    }

    public var kind: Kind
    /// heading/text: the template; chart/table: an optional title template.
    public var text: String
    /// chart: the chart kind (`pie`, `donut`, `line`, `bars`, `hbars`, `correlation`, `compare`,
    /// `small-multiples`); other blocks leave it empty.
    public var chart: String
    /// chart/table: the dataset the block shows (`allocation`, `trades`…).
    public var data: String
    /// kpis: the tiles in order, and how many to a row (nil: as many as the width takes, up to four); a row
    /// written as a sum has its operators between them (`value`, `=`, `net-deposits`, `+`, `gain`).
    public var items: [String]
    var perRow: Int?
    /// kpis: the first tile leads (wider, a larger figure).
    var lead = false
    /// chart: parameters of the dataset (`by: kind`, `mode: percent`, `days: 7`).
    public var parameters: [String: String]
    /// chart: height in points (small multiples: of one row of panels).
    public var height: Double?
    /// table: the columns in order; empty = the dataset's default columns.
    public var columns: [String]
    public var sort: SortOrder?
    public var limit: Int?
    /// Skip the block unless this condition of the data holds (as a page's `when`).
    public var when: String?
    /// `pages[0].blocks[3]`, for errors found while building.
    public var path: String

    public init(
        kind: Kind,
        text: String = "",
        chart: String = "",
        data: String = "",
        items: [String] = [],
        parameters: [String: String] = [:],
        height: Double? = nil,
        columns: [String] = [],
        sort: SortOrder? = nil,
        limit: Int? = nil,
        path: String = ""
    ) {
        self.kind = kind
        self.text = text
        self.chart = chart
        self.data = data
        self.items = items
        self.parameters = parameters
        self.height = height
        self.columns = columns
        self.sort = sort
        self.limit = limit
        self.path = path
    }
}

/// A table's order: a column and a direction (`sort: -time` in YAML is descending by time).
public struct SortOrder: Hashable, Sendable {
    public var column: String
    var descending: Bool
    public init(column: String, descending: Bool) {
        self.column = column
        self.descending = descending
    }
}
