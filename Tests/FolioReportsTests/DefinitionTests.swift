import FolioCharts
import FolioDatasets
import FolioYAML
import Testing

@testable import FolioReports

@Suite struct DefinitionTests {
    let parser = DefinitionParser(file: "mine.yaml")

    func error(_ yaml: String) -> DefinitionError? {
        do {
            _ = try parser.parse(yaml)
            return nil
        } catch let e as DefinitionError { return e } catch { return nil }
    }

    @Test func builtInPortfolioDefinitionReads() throws {
        let d = try ReportFiles.builtIn("portfolio")
        #expect(d.page.size == .a4 && d.page.orientation == .portrait)
        #expect(d.sections.count >= 6)
        // The list of negative balances follows the holdings, drawn only when there are some.
        let blocks = try #require(d.sections.first { $0.blocks.contains { $0.data == "holdings" } }?.blocks)
        let holdings = try #require(blocks.firstIndex { $0.data == "holdings" })
        #expect(blocks[(holdings + 1)...].prefix(3).allSatisfy { $0.when == "negative-balances" })
        #expect(d.footer.right.contains("{pages}"))
    }

    @Test func pageSizeAndOrientation() throws {
        let d = try parser.parse(
            """
            page: {size: Letter, orientation: landscape, margins: 30}
            pages:
              - blocks: [{kind: heading, text: Hi}]
            """
        )
        #expect(d.page.width == 792 && d.page.height == 612 && d.page.margins.left == 30)
    }

    @Test func wrongBlockKindNamesItsPath() throws {
        let e = try #require(
            error(
                """
                pages:
                  - blocks: [{kind: heading, text: A}]
                  - blocks: [{kind: text, text: B}]
                  - blocks:
                      - {kind: heading, text: C}
                      - {kind: chrt, data: allocation}
                """
            )
        )
        #expect(e.file == "mine.yaml" && e.path == "pages[2].blocks[1].kind" && e.line == 6)
        #expect(e.expected.contains("heading, text, kpis, chart, table, page-break"))
        #expect(e.description.contains("found \"chrt\""))
    }

    @Test(arguments: [
        ("page: {size: A5}\npages: [{blocks: []}]", "page.size", "A4, Letter"),
        ("page: {margins: {top: -3}}\npages: [{blocks: []}]", "page.margins.top", "a number from 0 to 200"),
        ("pages: [{blocks: [{kind: kpis, items: [value, profit]}]}]", "pages[0].blocks[0].items[1]", "change-1d"),
        ("pages: [{blocks: [{kind: chart, chart: pie}]}]", "pages[0].blocks[0].data", "a dataset name"),
        (
            "pages: [{blocks: [{kind: table, data: trades, limit: -1}]}]", "pages[0].blocks[0].limit",
            "a positive whole number"
        ),
        ("pages: [{blocks: [{kind: heading, text: \"{t.nope}\"}]}]", "pages[0].blocks[0].text", "a catalogue key"),
        ("pages: [{blocks: [{kind: text, text: \"{when}\"}]}]", "pages[0].blocks[0].text", "{asOf}"),
        ("header: {middle: x}\npages: [{blocks: []}]", "header.middle", "left, right"),
        ("pages: [{blocks: [{kind: heading}]}]", "pages[0].blocks[0].text", "text"),
        ("pages: []", "pages", "a non-empty list"),
        ("title: x", "pages", "a list of pages"),
        ("pages: [{blocks: [{kind: table, data: trades, colour: red}]}]", "pages[0].blocks[0].colour", "columns"),
        // A sum: tiles and operators in turn, one "=", the total alone on its side.
        (
            "pages: [{blocks: [{kind: kpis, items: [value, \"=\", gain, \"*\", realised]}]}]",
            "pages[0].blocks[0].items[3]", "+, − or ="
        ),
        ("pages: [{blocks: [{kind: kpis, items: [value, \"+\", gain]}]}]", "pages[0].blocks[0].items", "one ="),
        (
            "pages: [{blocks: [{kind: kpis, items: [realised, \"+\", unrealised, \"=\", gain, \"+\", value]}]}]",
            "pages[0].blocks[0].items", "one tile on a side"
        ),
        ("pages: [{blocks: [{kind: kpis, items: [value], lead: maybe}]}]", "pages[0].blocks[0].lead", "true or false"),
        // A page number is written into a text once its table is placed: only a text may name one, and only
        // of a table drawn whenever the text is.
        ("pages: [{blocks: [{kind: heading, text: \"{pageOf.trades}\"}]}]", "pages[0].blocks[0].text", "kind text"),
        ("title: \"p. {pageOf.trades}\"\npages: [{blocks: []}]", "title", "only in a block of kind text"),
        ("pages: [{blocks: [{kind: text, text: \"{pageOf.}\"}]}]", "pages[0].blocks[0].text", "a table's data"),
        (
            "pages: [{blocks: [{kind: text, text: \"p. {pageOf.trades}\"}, {kind: table, data: holdings}]}]",
            "pages[0].blocks[0].text", "a table of trades drawn whenever this text is"
        ),
        (
            "pages:\n  - blocks: [{kind: text, text: \"p. {pageOf.diagnostics}\"}]\n"
                + "  - {when: negative-balances, blocks: [{kind: table, data: diagnostics}]}",
            "pages[0].blocks[0].text", "a table of diagnostics drawn whenever this text is"
        ),
    ])
    func invalidDefinitionsSayWhereAndWhat(yaml: String, path: String, expected: String) throws {
        let e = try #require(error(yaml))
        #expect(e.path == path, "\(e)")
        #expect(e.expected.contains(expected), "\(e)")
    }

    @Test func brokenYAMLIsReportedToo() throws {
        let e = try #require(error("pages: [ {kind: "))
        #expect(e.expected == "valid YAML")
    }

    @Test func unknownDatasetsAndColumnsAreFoundWhenBuilding() throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 2, trades: 4), locale: .en)
        func buildError(_ yaml: String) throws -> DefinitionError? {
            let builder = ReportBuilder(
                definition: try parser.parse(yaml),
                theme: .light,
                locale: .en,
                measurer: ApproximateMeasurer()
            )
            do {
                _ = try builder.pages(data)
                return nil
            } catch let e as DefinitionError { return e }
        }
        let table = try #require(
            try buildError("pages: [{blocks: [{kind: table, data: trades, columns: [time, colour]}]}]")
        )
        #expect(table.path == "pages[0].blocks[0].columns[1]" && table.expected.contains("quantity"))
        let chart = try #require(try buildError("pages: [{blocks: [{kind: chart, chart: pie, data: trades}]}]"))
        #expect(chart.path == "pages[0].blocks[0].data" && chart.expected.contains("allocation"))
        let kind = try #require(try buildError("pages: [{blocks: [{kind: chart, chart: line, data: allocation}]}]"))
        #expect(kind.path == "pages[0].blocks[0].chart" && kind.expected.contains("donut"))
        let when = try #require(try buildError("pages: [{when: sunny, blocks: []}]"))
        #expect(when.path == "pages[0].when")
    }

    /// Chart parameters are the chart request's fields, checked in the same words; what the report sets
    /// for every chart, or a dataset does not read, is refused rather than ignored.
    @Test(arguments: [
        ("{by: kind, months: zero}", "pages[0].blocks[0].parameters.months: \"zero\" is not a whole number"),
        (
            "{by: colour}",
            "pages[0].blocks[0].parameters.by: unknown grouping \"colour\", expected asset, kind, currency or category"
        ),
        (
            "{portfolio: Other}",
            "pages[0].blocks[0].parameters.portfolio: unknown parameter, expected one of asset, days, months, window, currency, by, percent, log, normalise, benchmark, period (the report sets portfolio for every chart)"
        ),
        (
            "{as-of: 2017-01-01}",
            "pages[0].blocks[0].parameters.as-of: unknown parameter, expected one of asset, days, months, window, currency, by, percent, log, normalise, benchmark, period (the report sets as-of for every chart)"
        ),
        ("{percent: true}", "pages[0].blocks[0].parameters.percent: not used by donut charts of allocation"),
        ("{currency: XYZ}", "pages[0].blocks[0].parameters.currency: XYZ has no quotes in this report's data"),
    ])
    func chartParametersAreCheckedAsRequests(_ parameters: String, _ message: String) throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 2, trades: 4), locale: .en)
        let yaml = "pages: [{blocks: [{kind: chart, chart: donut, data: allocation, parameters: \(parameters)}]}]"
        let builder = ReportBuilder(
            definition: try parser.parse(yaml),
            theme: .light,
            locale: .en,
            measurer: ApproximateMeasurer()
        )
        #expect { _ = try builder.pages(data) } throws: {
            "\($0)" == "definition: " + message || "\($0)".hasSuffix(": " + message)
        }
    }

    /// `log: true` in a block's parameters is `--log`: the line, the panels and the comparison on a log scale.
    @Test func aBlockCanAskForALogScale() throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 2, trades: 4), locale: .en)
        let frame = ChartFrame(width: 500, height: 260)
        guard
            case .chart(let line as LineChart) = try data.chart(
                .line,
                data: "prices",
                parameters: ["asset": "S01", "log": "true"],
                frame: frame
            ),
            case .smallMultiples(let panels) = try data.chart(
                .smallMultiples,
                data: "prices",
                parameters: ["log": "yes"],
                frame: frame
            ),
            case .chart(let compare as CompareChart) = try data.chart(
                .compare,
                data: "normalised",
                parameters: ["log": "true"],
                frame: frame
            )
        else {
            Issue.record("not the charts asked for")
            return
        }
        #expect(line.logScale && panels.logScale && compare.logScale)
        let yaml = "pages: [{blocks: [{kind: chart, chart: small-multiples, data: prices, parameters: {log: true}}]}]"
        let builder = ReportBuilder(
            definition: try parser.parse(yaml),
            theme: .light,
            locale: .en,
            measurer: ApproximateMeasurer()
        )
        let blocks = try builder.pages(data).flatMap(\.blocks).compactMap { $0.block as? SmallMultiplesBlock }
        #expect(blocks.count == 1 && blocks.allSatisfy(\.logScale))
    }

    @Test func sortingAndLimitsApply() throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 3, trades: 20), locale: .en)
        let block = BlockDefinition(
            kind: .table,
            data: "trades",
            columns: ["time", "asset"],
            sort: SortOrder(column: "time", descending: true),
            limit: 5,
            path: "pages[0].blocks[0]"
        )
        let shaped = try TableShaping(table: try #require(try data.table("trades")), block: block, file: "x").shaped()
        #expect(shaped.rows.count == 5 && shaped.columns.map(\.title) == ["Date", "Asset"])
        let times = data.input.trades.sorted { $0.time > $1.time }.prefix(5).map {
            DateText.date(.init($0.time), locale: .en)
        }
        #expect(shaped.rows.map { $0[0].text } == Array(times))
    }

    /// The trades table makes its rows when asked (a report keeps 500 of what may be a million): sorted by
    /// any column either way and cut, it shows what the same table with every row made shows.
    @Test func aTableThatMakesItsRowsWhenAskedShapesAsOneMadeWhole() throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 4, trades: 60), locale: .uk)
        let lazy = try #require(try data.table("trades"))
        #expect(lazy.lazyRows != nil)
        let made = DataTable(
            columns: lazy.columns,
            rows: lazy.rows,
            totals: lazy.totals,
            defaultColumns: lazy.defaultColumns
        )
        for column in lazy.columns.map(\.key) {
            for descending in [false, true] {
                let block = BlockDefinition(
                    kind: .table,
                    data: "trades",
                    sort: SortOrder(column: column, descending: descending),
                    limit: 17
                )
                let a = try TableShaping(table: lazy, block: block, file: "x").shaped()
                let b = try TableShaping(table: made, block: block, file: "x").shaped()
                #expect(a.rows == b.rows, "\(column) \(descending)")
                #expect(a.rows.count == 17)
            }
        }
    }
}
