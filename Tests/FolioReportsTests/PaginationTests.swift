import FolioCharts
import FolioCore
import Testing

@testable import FolioReports

/// Pagination on pages as data, with the approximate measurer (no Cairo, no fonts).
@Suite struct PaginationTests {
    let measurer = ApproximateMeasurer()

    func report(
        assets: Int,
        trades: Int,
        negative: Bool = false,
        locale: ChartLocale = .en
    ) throws -> (ReportBuilder, PortfolioReportData) {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: measurer
        )
        let data = PortfolioReportData(
            SyntheticPortfolio.input(assets: assets, trades: trades, negativeBalance: negative),
            locale: locale
        )
        return (builder, data)
    }

    @Test func threeHundredTradesSplitByRowsWithTheHeaderOnEveryPage() throws {
        let (builder, data) = try report(assets: 5, trades: 300)
        let pages = try builder.pages(data)
        PageChecks.verify(pages, content: builder.composer.content)
        let tradePages = pages.filter {
            $0.blocks.contains { ($0.block as? TableBlock)?.columns.first?.title == "Date" }
        }
        #expect(tradePages.count >= 3)
        let tables = tradePages.flatMap { $0.blocks.compactMap { $0.block as? TableBlock } }.filter {
            $0.columns.first?.title == "Date"
        }
        #expect(tables.reduce(0) { $0 + $1.rows.count } == 300)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        for page in scenes where page.texts.contains(where: { $0.text == "Side" }) {
            // The header row is drawn on every page the table reaches, above all its rows.
            let header = try #require(page.texts.first { $0.text == "Side" && $0.role == .header })
            let cells = page.texts.filter { $0.role == .cell && ($0.text == "Buy" || $0.text == "Sell") }
            #expect(cells.allSatisfy { $0.box.minY > header.box.maxY })
        }
    }

    /// Forty holdings: twelve panels (four rows; a row that does not fit goes on, "continued"), and the
    /// other 28 holdings in a table under them (`ManyHoldingsTests` checks which).
    @Test func fortyHoldingsGetTwelvePanelsAndATable() throws {
        let (builder, data) = try report(assets: 40, trades: 40)
        let pages = try builder.pages(data)
        PageChecks.verify(pages, content: builder.composer.content)
        let multiples = pages.flatMap { $0.blocks.compactMap { $0.block as? SmallMultiplesBlock } }
        #expect(multiples.reduce(0) { $0 + $1.series.count } == 12)
        #expect(multiples.dropFirst().allSatisfy { $0.title.contains("continued") })
        let blocks = pages.flatMap(\.blocks).map(\.block)
        let heading = try #require(
            blocks.firstIndex { ($0 as? HeadingBlock)?.text == "The other 28 holdings, last 7 days" }
        )
        #expect((blocks[heading + 1] as? TableBlock)?.rows.count == 28)
        PageChecks.verify(try builder.scenes(data), setup: builder.definition.page)
    }

    @Test func emptyPortfolioStillGivesPagesThatSayNoData() throws {
        let (builder, data) = try report(assets: 0, trades: 0)
        let scenes = try builder.scenes(data)
        #expect(!scenes.isEmpty)
        PageChecks.verify(scenes, setup: builder.definition.page)
        #expect(scenes.flatMap(\.texts).contains { $0.text == "No data" })
    }

    @Test func oneAssetPortfolio() throws {
        let (builder, data) = try report(assets: 1, trades: 3)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        PageChecks.verify(try builder.pages(data), content: builder.composer.content)
    }

    @Test func pageNumbersCountAllPagesAndDiagnosticsAppearOnlyWhenBalancesWentNegative() throws {
        let (builder, data) = try report(assets: 3, trades: 30, negative: true)
        let scenes = try builder.scenes(data)
        for (i, scene) in scenes.enumerated() {
            #expect(scene.texts.contains { $0.text == "Page \(i + 1) of \(scenes.count)" })
        }
        // The list comes after the holdings, on their page or the next.
        let holdings = try #require(scenes.firstIndex { $0.texts.contains { $0.text == "Holdings" } })
        let list = try #require(scenes.firstIndex { $0.texts.contains { $0.text == "Diagnostics" } })
        #expect(list == holdings || list == holdings + 1)
        let (_, healthy) = try report(assets: 3, trades: 30)
        #expect(healthy.diagnostics.isEmpty, "\(healthy.diagnostics)")
        #expect(try builder.scenes(healthy).flatMap(\.texts).contains { $0.text == "Diagnostics" } == false)
    }

    /// A text that names a table's page (`{pageOf.…}`) is written with the page the table starts on as
    /// drawn, found in the scenes' own text; a table with no rows, the page of the line that says so.
    @Test(arguments: [0, 40, 300]) func aTextNamesThePageItsTableStartsOn(trades: Int) throws {
        let definition = try DefinitionParser(file: "mine.yaml").parse(
            """
            pages:
              - blocks:
                  - {kind: text, text: "Trades on page {pageOf.trades}, holdings on page {pageOf.holdings}."}
                  - {kind: table, data: trades, title: Trades}
                  - {kind: table, data: holdings, title: Holdings}
            """
        )
        let builder = ReportBuilder(definition: definition, theme: .light, locale: .en, measurer: measurer)
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 50, trades: trades), locale: .en)
        let scenes = try builder.scenes(data)
        func page(_ title: String) throws -> Int {
            try #require(scenes.firstIndex { $0.texts.contains { $0.text == title } }) + 1
        }
        let pointer = try #require(scenes.first?.texts.first { $0.text.hasPrefix("Trades on page") })
        #expect(pointer.text == "Trades on page \(try page("Trades")), holdings on page \(try page("Holdings")).")
        if trades == 0 { #expect(scenes[0].texts.contains { $0.text == "No data" }) }
        if trades == 300 { #expect(try page("Holdings") > 2) }
    }

    /// An empty portfolio's tables are "No data" lines, each where its table would be: a text that names
    /// their pages names those.
    @Test func aTextNamesThePageOfATablesNoDataLine() throws {
        let tables = ["holdings", "trades", "attribution", "cash-flows", "drawdowns"]
        let definition = try DefinitionParser(file: "mine.yaml").parse(
            "pages:\n  - blocks:\n      - {kind: text, text: \""
                + tables.map { "\($0) {pageOf.\($0)}" }.joined(separator: ", ") + "\"}\n"
                + tables.map { "      - {kind: table, data: \($0), title: T\($0)}\n" }.joined()
        )
        let builder = ReportBuilder(definition: definition, theme: .light, locale: .en, measurer: measurer)
        let scenes = try builder.scenes(
            PortfolioReportData(SyntheticPortfolio.input(assets: 0, trades: 0), locale: .en)
        )
        let text = scenes[0].texts.map(\.text).joined(separator: " ")
        for table in tables {
            let page = try #require(scenes.firstIndex { $0.texts.contains { $0.text == "T" + table } }) + 1
            #expect(text.contains("\(table) \(page)"), "\(text)")
        }
        #expect(scenes.flatMap(\.texts).filter { $0.text == "No data" }.count == tables.count)
    }

    @Test func headingNeverEndsAPage() {
        let style = ReportStyle(theme: .light, locale: .en, measurer: measurer)
        let content = Rect(x: 0, y: 0, width: 400, height: 300)
        let rows = (0..<5).map { ["r\($0)", "\($0)"] }
        let blocks: [any LayoutBlock] = [
            TextBlock(text: String(repeating: "word ", count: 300), style: style),
            HeadingBlock(text: "Heading", style: style),
            TableBlock(
                columns: [TableColumn(title: "a", numeric: false), TableColumn(title: "b", numeric: true)],
                rows: rows,
                style: style
            ),
        ]
        let pages = Paginator.paginate(blocks, content: content, gap: 10)
        PageChecks.verify(pages, content: content)
        let headingPage = pages.firstIndex { $0.blocks.contains { $0.block is HeadingBlock } }
        #expect(headingPage.map { pages[$0].blocks.last?.block is TableBlock } == true)
    }

    /// A split table keeps at least three rows on each page: no page of one row (a widow), no table
    /// that ends a page with its header and one row (an orphan).
    @Test func aSplitTableLeavesNoPageWithFewerThanThreeRows() {
        let style = ReportStyle(theme: .light, locale: .en, measurer: measurer)
        let columns = [TableColumn(title: "a", numeric: false), TableColumn(title: "b", numeric: true)]
        let table = TableBlock(columns: columns, rows: [["r", "1"]], style: style)
        let rowHeight = table.height(width: 400) / 2
        // Room for the header and 10 rows per page.
        let content = Rect(x: 0, y: 0, width: 400, height: rowHeight * 11 + 1)
        for count in 1...40 {
            for lead in [0.0, 7.5, 9.5] {
                let rows = (0..<count).map { ["r\($0)", "\($0)"] }
                let blocks: [any LayoutBlock] = [
                    SpacerBlock(height: rowHeight * lead),
                    TableBlock(columns: columns, rows: rows, style: style),
                ]
                let pages = Paginator.paginate(blocks, content: content, gap: 0)
                PageChecks.verify(pages, content: content)
                let parts = pages.flatMap { $0.blocks.compactMap { ($0.block as? TableBlock)?.rows.count } }
                #expect(parts.reduce(0, +) == count, "\(count) rows after \(lead)")
                if parts.count > 1 { #expect(parts.allSatisfy { $0 >= 3 }, "\(count) rows after \(lead): \(parts)") }
            }
        }
    }

    /// A table of at most half a page moves whole, with its heading, to the next page rather than leave a
    /// few rows behind (the budget's 12 months were split 7 + 5); a longer one still splits, each part
    /// keeping at least three rows.
    @Test func aShortTableMovesWholeWithItsHeadingALongOneSplits() throws {
        let style = ReportStyle(theme: .light, locale: .en, measurer: measurer)
        let columns = [TableColumn(title: "a", numeric: false), TableColumn(title: "b", numeric: true)]
        let row = TableBlock(columns: columns, rows: [["r", "1"]], style: style).height(width: 400) / 2
        let content = Rect(x: 0, y: 0, width: 400, height: row * 40 + 1)
        func layout(_ count: Int) -> [[String]] {
            let table = TableBlock(columns: columns, rows: (0..<count).map { ["r\($0)", "\($0)"] }, style: style)
            // Room for a heading and the header and seven rows below the spacer.
            let heading = HeadingBlock(text: "Months", style: style)
            let spacer = SpacerBlock(height: content.height - heading.height(width: 400) - 8 * row - 1)
            let pages = Paginator.paginate([spacer, heading, table], content: content, gap: 0)
            PageChecks.verify(pages, content: content)
            return pages.map {
                $0.blocks.map {
                    ($0.block as? TableBlock).map { "\($0.rows.count) rows" } ?? ($0.block is HeadingBlock ? "h" : "s")
                }
            }
        }
        #expect(layout(12) == [["s"], ["h", "12 rows"]])
        #expect(layout(19) == [["s"], ["h", "19 rows"]])
        // 21 rows and the header are more than half of 40: read page by page, split after seven.
        #expect(layout(21) == [["s", "h", "7 rows"], ["14 rows"]])
        // Seven rows fit where they are.
        #expect(layout(7) == [["s", "h", "7 rows"]])
    }

    /// A table whose first column keeps its rows together (the market's rates, by currency) splits between
    /// groups when a group boundary leaves each part at least three rows, and between rows when one group
    /// is longer than the room.
    @Test func aSplitFallsBetweenGroupsWhereItCan() throws {
        let style = ReportStyle(theme: .light, locale: .en, measurer: measurer)
        let columns = [
            TableColumn(title: "Currency", numeric: false, keepsRowsTogether: true),
            TableColumn(title: "Rate", numeric: true),
        ]
        func parts(_ groups: [(String, Int)], room: Int) throws -> [[String]] {
            let rows = groups.flatMap { code, n in (0..<n).map { [code, "\($0)"] } }
            let table = TableBlock(columns: columns, rows: rows, style: style)
            let row = table.height(width: 400) / Double(rows.count + 1)
            let (head, tail) = table.split(width: 400, height: row * Double(room + 1) + 0.5)
            return try [#require(head as? TableBlock), #require(tail as? TableBlock)].map { part in
                Array(Set(part.rows.map(\.[0].text))).sorted().map { code in
                    "\(code)×\(part.rows.filter { $0[0].text == code }.count)"
                }
            }
        }
        #expect(try parts([("EUR", 8), ("PLN", 8), ("USD", 8)], room: 11) == [["EUR×8"], ["PLN×8", "USD×8"]])
        #expect(try parts([("EUR", 8), ("PLN", 8), ("USD", 8)], room: 20) == [["EUR×8", "PLN×8"], ["USD×8"]])
        // A boundary after two rows leaves too few: the cut stays between rows.
        #expect(try parts([("EUR", 2), ("USD", 22)], room: 11) == [["EUR×2", "USD×9"], ["USD×13"]])
        #expect(try parts([("USD", 24)], room: 11) == [["USD×11"], ["USD×13"]])
    }

    @Test func pageBreakStartsANewPageButNeverLeavesAnEmptyOne() {
        let style = ReportStyle(theme: .light, locale: .en, measurer: measurer)
        let content = Rect(x: 0, y: 0, width: 400, height: 300)
        let pages = Paginator.paginate(
            [
                PageBreakBlock(), HeadingBlock(text: "A", style: style), PageBreakBlock(), PageBreakBlock(),
                TextBlock(text: "B", style: style),
            ],
            content: content,
            gap: 10
        )
        #expect(pages.count == 2)
    }
}

/// Pages with holes (issue 19): what moves up into a hole, and what does not.
@Suite struct HoleFillingTests {
    let style = ReportStyle(theme: .light, locale: .en, measurer: ApproximateMeasurer())
    let content = Rect(x: 0, y: 0, width: 400, height: 300)

    /// Each page's blocks, as the spacers' heights and "h" for a heading, "c" for a caption.
    func names(_ pages: [LaidOutPage]) -> [[String]] {
        pages.map { page in
            page.blocks.map { placed in
                if let spacer = placed.block as? SpacerBlock { return "\(Int(spacer.height))" }
                return placed.block is HeadingBlock ? "h" : "c"
            }
        }
    }
    var caption: TextBlock { TextBlock(text: "What the marks mean.", isCaption: true, style: style) }

    @Test func aLaterBlockMovesUpWithItsHeadingAndCaption() {
        // 250 does not fit below 100: the page would be two thirds empty.
        let pages = Paginator.paginate(
            [
                SpacerBlock(height: 100), SpacerBlock(height: 250), SpacerBlock(height: 40),
                HeadingBlock(text: "C", style: style), SpacerBlock(height: 60), caption,
            ],
            content: content,
            gap: 10
        )
        PageChecks.verify(pages, content: content)
        #expect(names(pages) == [["100", "40", "h", "60", "c"], ["250"]])
        #expect(pages.map(\.endsSection) == [false, true])
    }

    @Test func aSmallHoleKeepsTheOrder() {
        // 80 of 300 empty is less than a third: nothing moves.
        let pages = Paginator.paginate(
            [SpacerBlock(height: 220), SpacerBlock(height: 250), SpacerBlock(height: 30)],
            content: content,
            gap: 10
        )
        #expect(names(pages) == [["220"], ["250", "30"]])
    }

    @Test func nothingMovesPastAPageBreakOrAwayFromItsBlock() {
        // The caption stays under the 250 it describes; the block after the page break stays in its section.
        let pages = Paginator.paginate(
            [SpacerBlock(height: 100), SpacerBlock(height: 250), caption, PageBreakBlock(), SpacerBlock(height: 40)],
            content: content,
            gap: 10
        )
        #expect(names(pages) == [["100"], ["250", "c"], ["40"]])
        #expect(pages.map(\.endsSection) == [false, true, true])
    }

    @Test func aCaptionsFirstLinesStayOnItsBlocksPage() {
        // 250 fits below 30, its caption not: both go on.
        let pages = Paginator.paginate(
            [SpacerBlock(height: 30), SpacerBlock(height: 250), caption],
            content: content,
            gap: 10
        )
        #expect(names(pages) == [["30"], ["250", "c"]])
    }
}

/// A block of a fixed height that does not split: room taken above the block under test.
private struct SpacerBlock: LayoutBlock {
    var height: Double
    func height(width: Double) -> Double { height }
    func draw(in rect: Rect) -> [Primitive] { [] }
}
