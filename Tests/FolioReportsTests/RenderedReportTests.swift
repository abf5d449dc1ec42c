import FolioAnalytics
import FolioCharts
import FolioCore
import FolioRender
import FolioStore
import FolioTestSupport
import Foundation
import Testing

/// The real thing: the sample database built from `samples/` by the script `make demo` uses, the report
/// rendered by the `folio` binary, and the PDF read back with poppler's tools.
@Suite(.serialized) struct RenderedReportTests {
    static let asOf = "2017-12-29"

    /// The sample database, built once per test process, as the command-line tests have it.
    static let database: Result<URL, any Error> = DemoDatabase.built.map { URL(fileURLWithPath: $0) }

    func render(_ locale: String, name: String) throws -> URL {
        let db = try Self.database.get()
        let out = db.deletingLastPathComponent().appendingPathComponent(name)
        let r = try FolioProcess.run([
            "report", "portfolio", "--db", db.path, "--portfolio", "Demo UAH", "--as-of", Self.asOf,
            "--locale", locale, "--out", out.path,
        ]
        )
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    /// The report's value as the analytics compute it from the same database: the tile's (in millions,
    /// to two decimals) and the holdings table's total (to the kopeck).
    func expectedValue(_ locale: ChartLocale) throws -> (tile: String, table: String) {
        let store = try Store(path: try Self.database.get().path, access: .read)
        let portfolio = try store.portfolio(named: "Demo UAH")
        let replay = HoldingsReplay(
            trades: try store.trades(portfolio: portfolio),
            cashTransactions: try store.cashTransactions(portfolio: portfolio)
        )
        let assets = try store.assets()
        let rates = CrossRates(
            book: PriceBook(try store.quotes(assets: assets.map(\.code))),
            preference: MarketPreference(assets: assets)
        )
        let day = try #require(Day(iso: Self.asOf))
        let series = ValueSeries(replay: replay, rates: rates, base: "UAH", range: DayRange(day: day))
        let value = try #require(series.total.last ?? nil)
        return (
            NumberFormat(locale: locale, style: .compact(decimals: 2), currency: .uah).string(value),
            NumberFormat(locale: locale, style: .decimal(2)).string(value)
        )
    }

    @Test(arguments: [("en", ChartLocale.en), ("uk", ChartLocale.uk)])
    func pdfReadsBackWithPopplerTools(locale: String, chartLocale: ChartLocale) throws {
        let pdf = try render(locale, name: "portfolio-\(locale).pdf")
        let info = try FolioProcess.tool("pdfinfo", [pdf.path]).stdout
        let pages =
            Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect(pages >= 8, "\(info)")
        #expect(info.contains("595.28 x 841.89 pts (A4)"))
        let fonts = try FolioProcess.tool("pdffonts", [pdf.path]).stdout.split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { $0.contains(" yes ") }, "\(fonts)")
        // Every figure's minus sign from the report's own font: no other font is embedded.
        let names = Set(
            fonts.compactMap { $0.split(separator: " ").first?.split(separator: "+").last.map(String.init) }
        )
        #expect(names == ["NotoSans-Regular", "NotoSans-Bold"], "\(fonts)")
        // pdftotext writes the no-break spaces Ukrainian grouping uses as plain spaces.
        func plain(_ s: String) -> String {
            s.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
        }
        let text = plain(try FolioProcess.tool("pdftotext", ["-layout", pdf.path, "-"]).stdout)
        let value = try expectedValue(chartLocale)
        #expect(text.contains(plain(value.tile)), "the value tile \(value.tile) is not in the PDF")
        #expect(text.contains(plain(value.table)), "the holdings' total \(value.table) is not in the PDF")
        #expect(text.contains(chartLocale == .uk ? "станом на 29.12.2017" : "as of 29 Dec 2017"))
        #expect(text.contains(chartLocale == .uk ? "Сторінка 1 з \(pages)" : "Page 1 of \(pages)"))
        #expect(text.contains(chartLocale == .uk ? "Угоди" : "Trades"))
    }

    @Test func sameDatabaseAndDayGiveTheSameBytes() throws {
        let a = try Data(contentsOf: render("en", name: "a.pdf"))
        let b = try Data(contentsOf: render("en", name: "b.pdf"))
        #expect(a == b)
    }

    /// The footer says what the day is: the figures' as-of day. "Generated" is printed only with the
    /// real time (`--now`), which is then also the PDF's creation date; without it the creation date is
    /// the as-of day (the bytes stay the same, above).
    @Test(arguments: ["portfolio", "market", "budget"]) func footerSaysAsOfAndGeneratedOnlyWithNow(
        report: String
    ) throws {
        let db = try Self.database.get()
        let arguments: [String: [String]] = [
            "portfolio": ["--portfolio", "Demo UAH", "--as-of", Self.asOf], "market": ["--as-of", Self.asOf],
            "budget": ["--as-of", "2026-11-30"],
        ]
        let day =
            report == "budget"
            ? ("30 Nov 2026", "30.11.2026", "Nov 30 00:00:00 2026")
            : ("29 Dec 2017", "29.12.2017", "Dec 29 00:00:00 2017")
        func footers(_ locale: String, now: Bool) throws -> (lines: [String], info: String) {
            let out = db.deletingLastPathComponent().appendingPathComponent("\(report)-\(locale)-\(now).pdf")
            let r = try FolioProcess.run(
                ["report", report, "--db", db.path, "--locale", locale, "--out", out.path]
                    + arguments[report, default: []] + (now ? ["--now"] : [])
            )
            #expect(r.status == 0, "\(r.stderr)")
            let text = try FolioProcess.tool("pdftotext", ["-layout", out.path, "-"]).stdout
                .replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
            let lines = text.split(separator: "\n").map(String.init).filter {
                $0.contains(locale == "uk" ? "Сторінка" : "Page ")
            }
            return (lines, try FolioProcess.tool("pdfinfo", [out.path]).stdout)
        }
        let before = Date().addingTimeInterval(-1)
        for (locale, asOf, generated) in [
            ("en", "as of " + day.0, "generated"), ("uk", "станом на " + day.1, "створено"),
        ] {
            let plain = try footers(locale, now: false)
            #expect(!plain.lines.isEmpty)
            for line in plain.lines {
                #expect(line.contains(asOf), "\(line)")
                #expect(!line.lowercased().contains(generated), "\(line)")
            }
            #expect(plain.info.contains("CreationDate:") && plain.info.contains(day.2), "\(plain.info)")
            let stamped = try footers(locale, now: true)
            let today = DateText.date(Day(Date()), locale: locale == "uk" ? .uk : .en)
            for line in stamped.lines {
                #expect(line.contains(asOf + " · " + generated + " " + today), "\(line)")
                #expect(line.contains(" UTC"), "\(line)")
            }
            let created = try #require(stamped.info.split(separator: "\n").first { $0.hasPrefix("CreationDate:") })
            #expect(
                created.contains(String(Calendar(identifier: .gregorian).component(.year, from: before))),
                "\(created)"
            )
            #expect(!created.contains(day.2), "\(created)")
        }
    }

    @Test func budgetReportOfTheSampleMonth() throws {
        let db = try Self.database.get()
        let out = db.deletingLastPathComponent().appendingPathComponent("budget.pdf")
        let r = try FolioProcess.run([
            "report", "budget", "--db", db.path, "--as-of", "2026-11-30", "--locale", "en", "--out", out.path,
        ]
        )
        #expect(r.status == 0, "\(r.stderr)")
        let text = try FolioProcess.tool("pdftotext", [out.path, "-"]).stdout
        #expect(text.contains("Budget report: Nov 2026") && text.contains("Income and expenses by month"))
    }

    @Test func marketReportOfTheSampleRates() throws {
        let db = try Self.database.get()
        let out = db.deletingLastPathComponent().appendingPathComponent("market.pdf")
        let r = try FolioProcess.run(["report", "market", "--db", db.path, "--locale", "uk", "--out", out.path]
        )
        #expect(r.status == 0, "\(r.stderr)")
        let text = try FolioProcess.tool("pdftotext", [out.path, "-"]).stdout
        #expect(text.contains("Курси за ринками") && text.contains("Криптовалютний ринок") && text.contains("BTC"))
    }

    @Test func badDefinitionIsRejectedWithItsPath() throws {
        let db = try Self.database.get()
        let file = db.deletingLastPathComponent().appendingPathComponent("bad.yaml")
        try "pages:\n  - blocks:\n      - {kind: chrt}\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try FolioProcess.run([
            "report", "portfolio", "--db", db.path, "--portfolio", "Demo UAH",
            "--definition", file.path, "--out", db.deletingLastPathComponent().appendingPathComponent("x.pdf").path,
        ]
        )
        #expect(r.status != 0)
        #expect(r.stderr.contains("bad.yaml: pages[0].blocks[0].kind (line 3): expected one of heading"), "\(r.stderr)")
    }
}

struct ToolFailure: Error { var message: String }
