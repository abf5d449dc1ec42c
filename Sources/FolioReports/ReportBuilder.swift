import FolioCharts
import FolioDatasets
import FolioYAML

/// The report pipeline, written down once (docs/internals.md, Vega-Lite style):
/// definition (YAML, checked with paths) + data source (analytics results)
///   → layout blocks, each measured for the content width (charts over the same days one after another
///     share their plots' x extent, `ChartBlock.aligningTimePlots`)
///   → `Paginator.paginate` (pure: split, keep headings and captions with their blocks, fill holes, page breaks)
///   → `PageComposer` (scenes, then header and footer with "page X of Y")
///   → `[Scene]` that FolioRender writes as one PDF page each.
/// Everything up to the scenes is data, testable without Cairo.
public struct ReportBuilder: Sendable {
    public var definition: ReportDefinition
    public var style: ReportStyle
    public var strings: Catalogue
    let measurer: any TextMeasurer

    public init(definition: ReportDefinition, theme: Theme, locale: ChartLocale, measurer: any TextMeasurer) {
        self.definition = definition
        self.style = ReportStyle(theme: theme, locale: locale, measurer: measurer)
        self.strings = Catalogue.for(locale)
        self.measurer = measurer
    }

    public func title(_ data: some ReportDataSource) -> String {
        Template.render(definition.title, values: data.values, strings: strings)
    }

    public var composer: PageComposer {
        PageComposer(
            setup: definition.page,
            header: definition.header,
            footer: definition.footer,
            style: style,
            strings: strings,
            values: [:],
            title: ""
        )
    }

    /// Pages as laid out, before headers and footers.
    ///
    /// A text that names the page a table starts on (`{pageOf.diagnostics}`: page 1 pointing at the list
    /// of negative balances) is first laid out with a stand-in number, never printed: the blocks are
    /// paginated, the text written with the pages found and the blocks paginated again, until the pages
    /// the texts name are the pages their tables start on (a shorter number can move the table up).
    /// Pagination is pure and cheap, and the charts are not drawn twice.
    public func pages(_ data: some ReportDataSource) throws -> [LaidOutPage] {
        let content = composer.content
        var blocks: [any LayoutBlock] = []
        var pointers: [(index: Int, block: BlockDefinition, after: BlockDefinition.Kind?)] = []
        for section in definition.sections where try holds(section.when, section.path, data) {
            if !blocks.isEmpty { blocks.append(PageBreakBlock()) }
            var previous: BlockDefinition?
            for block in section.blocks where try holds(block.when, block.path, data) {
                if block.kind == .text && !Template.pagePointers(in: block.text).isEmpty {
                    pointers.append((blocks.count, block, previous?.kind))
                }
                var laid = try layoutBlocks(
                    block,
                    after: previous?.kind,
                    data: data,
                    width: content.width,
                    pageHeight: content.height
                )
                // An untitled table right under a chart of the same data is the chart's figures: it stays
                // with the chart, which moves to the next page with it rather than leave it there alone.
                if block.kind == .table, block.text.isEmpty, previous?.kind == .chart, previous?.data == block.data,
                    var table = laid.first as? TableBlock
                {
                    table.followsChart = true
                    laid[0] = table
                }
                blocks += laid
                previous = block
            }
        }
        blocks = ChartBlock.aligningTimePlots(blocks, width: content.width)
        var pages = Paginator.paginate(blocks, content: content, gap: style.blockGap)
        guard !pointers.isEmpty else { return pages }
        var written: [String: Int]?
        var passes = 0
        while true {
            let found = Self.tableStarts(pages)
            if found == written { return pages }
            guard passes < 4 else {
                throw DefinitionError(
                    file: definition.name,
                    path: pointers[0].block.path + ".text",
                    problem: "the pages it names move each time they are written (\(found))"
                )
            }
            for pointer in pointers {
                var page: [String: String] = [:]
                for data in Template.pagePointers(in: pointer.block.text) {
                    // Not reached with a definition that was read: its check draws the table whenever the text is.
                    guard let number = found[data] else {
                        throw DefinitionError(
                            file: definition.name,
                            path: pointer.block.path + ".text",
                            problem: "names the page of a table of \(data), which this report does not draw"
                        )
                    }
                    page[Template.pageOf + data] = "\(number)"
                }
                blocks[pointer.index] = TextBlock(
                    text: text(pointer.block.text, data, pages: page),
                    isCaption: pointer.after == .chart || pointer.after == .table,
                    style: style
                )
            }
            written = found
            passes += 1
            pages = Paginator.paginate(blocks, content: content, gap: style.blockGap)
        }
    }

    /// The page (from 1) each table, by its data, starts on: its first rows, or the line saying it has none.
    static func tableStarts(_ pages: [LaidOutPage]) -> [String: Int] {
        var found: [String: Int] = [:]
        for (number, page) in pages.enumerated().reversed() {
            for placed in page.blocks {
                guard let source = (placed.block as? TableBlock)?.source ?? (placed.block as? TextBlock)?.standsFor
                else { continue }
                found[source] = number + 1
            }
        }
        return found
    }

    /// Pages as scenes, headers and footers included.
    public func scenes(_ data: some ReportDataSource) throws -> [Scene] {
        var composer = composer
        composer.values = data.values
        composer.title = title(data)
        return composer.scenes(try pages(data))
    }

    /// Whether a page or block with this `when` is drawn; a condition the data does not know is an error.
    private func holds(_ when: String?, _ path: String, _ data: some ReportDataSource) throws -> Bool {
        guard let when else { return true }
        guard let holds = data.condition(when) else {
            throw DefinitionError(
                file: definition.name,
                path: path + ".when",
                expected: "a known condition (" + data.conditionNames.joined(separator: ", ") + ")",
                found: "\"\(when)\""
            )
        }
        return holds
    }

    /// `pages`: the page each table starts on, by `{pageOf.…}` name; nil while the pages are not known
    /// yet, when a two-digit stand-in takes the number's room for the first pagination (`pages(_:)`
    /// replaces every such text before a page is drawn).
    func text(_ template: String, _ data: some ReportDataSource, pages: [String: String]? = nil) -> String {
        Template.render(template, values: data.values, strings: strings) { name in
            name.hasPrefix(Template.pageOf) ? pages.map { $0[name] ?? "" } ?? "99" : nil
        }
    }
}

/// A definition's columns, sorting and limit applied to a data table.
struct TableShaping {
    let table: DataTable
    let block: BlockDefinition
    let file: String

    func shaped() throws -> (columns: [TableColumn], rows: [[TableBlock.Cell]]) {
        let keys = block.columns.isEmpty ? table.defaultColumns : block.columns
        let known = table.columns.map(\.key)
        var indices: [Int] = []
        for (i, key) in keys.enumerated() {
            guard let index = known.firstIndex(of: key) else {
                throw DefinitionError(
                    file: file,
                    path: block.path + ".columns[\(i)]",
                    expected: "one of " + known.joined(separator: ", "),
                    found: "\"\(key)\""
                )
            }
            indices.append(index)
        }
        // Rows by index, so that a table that makes its rows when asked (`DataTable.LazyRows`) makes only
        // those it shows.
        let count = table.lazyRows?.count ?? table.rows.count
        let made = table.lazyRows == nil ? table.rows : []
        func key(_ row: Int, _ column: Int) -> DataTable.Cell {
            table.lazyRows?.sortKey(row, column) ?? made[row][column]
        }
        var order = Array(0..<count)
        if let sort = block.sort {
            guard let c = known.firstIndex(of: sort.column) else {
                throw DefinitionError(
                    file: file,
                    path: block.path + ".sort",
                    expected: "one of " + known.joined(separator: ", "),
                    found: "\"\(sort.column)\""
                )
            }
            // Stable: rows equal on the sort column keep the data's own order.
            let keys = order.map { key($0, c) }
            order.sort { a, b in
                let x = keys[a]
                let y = keys[b]
                let before: Bool?
                if let p = x.sortNumber, let q = y.sortNumber {
                    before = p == q ? nil : (p < q) != sort.descending
                } else {
                    before = x.text == y.text ? nil : (x.text < y.text) != sort.descending
                }
                return before ?? (a < b)
            }
        }
        if let limit = block.limit { order = Array(order.prefix(limit)) }
        var rows = order.map { table.lazyRows?.row($0) ?? made[$0] }
        rows += table.totals
        let columns = indices.map {
            TableColumn(
                title: table.columns[$0].title,
                numeric: table.columns[$0].numeric,
                alignsDecimals: table.columns[$0].alignsDecimals,
                keepsRowsTogether: table.columns[$0].keepsRowsTogether,
                group: table.columns[$0].group
            )
        }
        return (columns, rows.map { row in indices.map { TableBlock.Cell(row[$0].text, bold: row[$0].bold) } })
    }
}
