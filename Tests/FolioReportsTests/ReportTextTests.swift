import FolioCharts
import FolioCore
import FolioDatasets
import FolioTestSupport
import Foundation
import Testing

@testable import FolioReports

/// The demo portfolios' reports as a reader checks them, page by page, in both languages, on the text
/// poppler reads back from the PDF the `folio` binary writes (DSX crypto is the seed's real export, whose
/// balances go below zero; Demo UAH the clean one, with one negative event):
/// - every figure since inception starts on one day, and one that starts after the first activity says
///   from which day and why;
/// - nothing is annualised over fewer than 365 days;
/// - page 1 names the negative balances `folio table diagnostics` lists, and the page of the list;
/// - the tables by holding add up as printed, across and down.
@Suite(.serialized) struct ReportTextTests {
    static let portfolios = ["DSX crypto", "Demo UAH"]

    static func render(_ arguments: [String], _ name: String) throws -> URL {
        let db = try RenderedReportTests.database.get()
        let out = db.deletingLastPathComponent().appendingPathComponent(name)
        let r = try FolioProcess.run(["report"] + arguments + ["--db", db.path, "--out", out.path])
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        return out
    }

    static func portfolio(_ name: String, _ locale: ChartLocale) throws -> ReportText {
        let file = name.replacingOccurrences(of: " ", with: "-") + "-\(locale.rawValue).pdf"
        return try ReportText(
            pdf: render(["portfolio", "--portfolio", name, "--locale", locale.rawValue], file),
            locale: locale
        )
    }

    /// The as-of day in every page's header ("as of 30 Jun 2020", "станом на 30.06.2020").
    static func asOf(_ report: ReportText) throws -> Day {
        let prefix = report.locale == .uk ? "станом на " : "as of "
        let header = try #require(report.pages.first?.components(separatedBy: "\n").first)
        let text = try #require(header.components(separatedBy: prefix).last)
        return try #require(report.day(text), "\(header)")
    }

    /// "18 Sep 2019 – 30 Jun 2020" after the first " · " of a subtitle: its first day.
    static func firstDay(of subtitle: String, _ report: ReportText) -> Day? {
        let parts = subtitle.components(separatedBy: " · ")
        guard parts.count > 1 else { return nil }
        return report.day(parts[1].components(separatedBy: " – ")[0])
    }

    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func everyFigureSinceInceptionStartsOnOneDayAndSaysWhy(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let lines = report.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let uk = locale == .uk
        // The performance charts: "Time-weighted, in USD · 18 Sep 2019 – 30 Jun 2020 …".
        let twr = lines.filter { $0.hasPrefix(uk ? "Зважена за часом, у " : "Time-weighted, in ") }
        #expect(twr.count == 4, "cumulative, drawdown, monthly and annual returns: \(twr)")
        var starts: [(Day?, String)] = twr.map { (Self.firstDay(of: $0, report), $0) }
        // The bridge since inception: the line under its title.
        let bridge = try #require(lines.firstIndex(of: uk ? "З початку інвестування" : "Since inception"))
        starts.append((Self.firstDay(of: lines[bridge + 1], report), lines[bridge + 1]))
        // The performance table's last row: "Since inception", or "Since 18 Sep 2019" when it starts later.
        let performance = try #require(report.table(titled: uk ? "Дохідність" : "Performance"))
        let last = try #require(performance.rows.last?.first)
        let since = uk ? "З " : "Since "
        if last != (uk ? "З початку" : "Since inception") {
            starts.append((report.day(String(last.dropFirst(since.count))), last))
        }
        let days = Set(starts.map(\.0))
        #expect(days.count == 1 && !days.contains(nil), "one start: \(starts)")
        // A start later than the first activity says why, on every chart and table that has it, with the day.
        let why = lines.filter {
            $0.hasSuffix(uk ? ": до того вартість нижче нуля" : ": value below zero before")
        }
        if portfolio == "DSX crypto" {
            // 4 charts, the performance and drawdowns tables, 2 bridges and the contribution table.
            #expect(why.count == 9, "\(why)")
        } else {
            #expect(why.isEmpty, "\(why)")
        }
        for line in why {
            let day = report.day(String(line.dropFirst(uk ? 2 : 5).prefix { $0 != ":" }))
            #expect(day == starts.first?.0, "\(line)")
        }
    }

    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func nothingIsAnnualisedOverFewerThan365Days(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let uk = locale == .uk
        let asOf = try Self.asOf(report)
        let table = try #require(report.table(titled: uk ? "Дохідність" : "Performance"))
        #expect(
            table.header.prefix(5)
                == (uk
                    ? ["Період", "TWR", "за рік", "MWR", "XIRR/рік"] : ["Period", "TWR", "a year", "MWR", "XIRR/yr"])
        )
        // The first day of the figures since inception, from the cumulative return's subtitle.
        let subtitle = try #require(
            report.lines.first { $0.contains(uk ? "Зважена за часом, у " : "Time-weighted, in ") }
        )
        let inception = try #require(Self.firstDay(of: subtitle.trimmingCharacters(in: .whitespaces), report))
        for row in table.rows {
            let label = row[0]
            let from: Day
            switch label {
            case "1 month", "1 місяць": from = asOf.addingMonths(-1).advanced(by: 1)
            case "3 months", "3 місяці": from = asOf.addingMonths(-3).advanced(by: 1)
            case "Year to date", "З початку року": from = Day(year: asOf.year, month: 1, day: 1)!
            case "1 year", "1 рік": from = asOf.addingMonths(-12).advanced(by: 1)
            case "3 years", "3 роки": from = asOf.addingMonths(-36).advanced(by: 1)
            case "Since inception", "З початку": from = inception
            default: from = try #require(report.day(String(label.dropFirst(uk ? 2 : 6))), "\(label)")
            }
            // A row starts no earlier than the figures since inception.
            #expect(from >= inception, "\(label)")
            let days = from.distance(to: asOf) + 1
            #expect((row[2] == "—") == (days < 365), "\(label): a year \(row[2]) over \(days) days")
            #expect((row[4] == "—") == (days < 365), "\(label): XIRR \(row[4]) over \(days) days")
        }
    }

    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func pageOneNamesTheNegativeBalancesAndTheirPage(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let db = try RenderedReportTests.database.get()
        let json = try FolioProcess.run([
            "table", "diagnostics", "--portfolio", portfolio, "--db", db.path, "--format", "json",
        ]
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        let one = report.pages[0].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let uk = locale == .uk
        guard let first = rows.compactMap({ $0["time"] as? String }).min() else {
            #expect(!one.contains(uk ? "від’ємними" : "below zero"))
            return
        }
        let day = try #require(Day(iso: String(first.prefix(10))))
        let n = rows.count
        // The first shortfall with its asset and amount, as the list's first row gives it.
        let firstRow = try #require(rows.first { $0["time"] as? String == first })
        let asset = try #require(firstRow["asset"] as? String)
        let date = DateText.date(day, locale: locale).replacingOccurrences(of: "\u{00A0}", with: " ")
        let expected =
            switch (uk, n == 1) {
            case (true, true): "\(asset) став від’ємним \(date) ("
            case (true, false): "Від’ємні залишки після \(n) подій, від \(date) (перший: \(asset) −"
            case (false, true): "\(asset) went below zero on \(date) ("
            case (false, false): "Balances went below zero after \(n) events, from \(date) on (first \(asset) −"
            }
        #expect(one.contains(ReportText.plain(expected)), "\(one)")
        let marker = uk ? "на сторінці " : "the list is on page "
        let page = try #require(Int(one.components(separatedBy: marker).last?.prefix { $0.isNumber } ?? ""))
        let list = report.pages[page - 1]
        #expect(list.contains(uk ? "Діагностика" : "Diagnostics"), "page \(page)")
        // The list: one row per event, each with the broker's id, not the database's.
        let lines = list.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.contains(uk ? "Номер у брокера" : "Broker's id") })
        let listed = lines[(header + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(listed.count == n, "\(listed)")
        #expect(!listed.contains { $0.contains(uk ? "угода " : "trade ") || $0.contains(" — ") })
    }

    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func tablesByHoldingAddUpAsPrinted(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let uk = locale == .uk
        let base = portfolio == "Demo UAH" ? (uk ? "грн" : "UAH") : (uk ? "дол. США" : "USD")
        func cents(_ text: String) throws -> Int {
            Int((try #require(report.number(text), "\(text)") * 100).rounded())
        }
        func expectColumnsAddUp(_ rows: [[String]], _ total: [String], _ count: Int, _ what: String) throws {
            for k in 0..<count {
                let sum = try rows.map { try cents($0[$0.count - count + k]) }.reduce(0, +)
                #expect(sum == (try cents(total[total.count - count + k])), "\(what): column \(k) \(rows)")
            }
        }
        // Contribution: price + currency (+ income) + fees = total on every row; every column to the total row.
        let contribution = try #require(
            report.table(
                titled: (uk ? "Внесок активів з початку інвестування, " : "Contribution by holding since inception, ")
                    + base
            )
        )
        let effects = contribution.header.count - 3
        for row in contribution.rows {
            let money = try row.dropFirst().prefix(effects + 1).map(cents)
            #expect(money.dropLast().reduce(0, +) == money.last, "\(row)")
        }
        let (rows, total) = (Array(contribution.rows.dropLast()), try #require(contribution.rows.last))
        try expectColumnsAddUp(rows, total, effects + 2, "contribution")
        // Holdings: the values add up to the total, the shares of what is held to 100 %.
        let holdings = try #require(report.table(titled: uk ? "Активи" : "Holdings"))
        let assets = holdings.rows.filter { $0.count == holdings.header.count }
        let valueTotal = try #require(holdings.rows.last)
        #expect(try assets.map { try cents($0[4]) }.reduce(0, +) == (try cents(valueTotal[1])), "\(holdings.rows)")
        let shares = try assets.filter { $0[5] != "—" }.map { try cents($0[5]) }.reduce(0, +)
        #expect(shares == 10_000, "\(assets.map { $0[5] })")
        // Cost and income: cost + unrealised = value on every row; every column to the total row.
        let income = try #require(
            report.table(titled: (uk ? "Собівартість і дохід за активами, " : "Cost and income by holding, ") + base)
        )
        let money = income.header.count - 3
        for row in income.rows {
            let m = try row.suffix(money).map(cents)
            #expect(m[0] + m[3] == m[1], "cost + unrealised = value: \(row)")
        }
        try expectColumnsAddUp(Array(income.rows.dropLast()), try #require(income.rows.last), money, "cost and income")
    }

    /// Ukrainian pages name hryvnias one way, "грн", in their words and with their figures alike (never
    /// "₴" beside "Вартість, грн"), in all four reports; and the page of the value bridges writes whole
    /// hryvnias only, with no table to the kopeck beside them.
    @Test(arguments: ReportSnapshotTests.reports.map(\.name))
    func ukrainianPagesWriteHryvniasOneWay(report name: String) throws {
        let arguments = try #require(ReportSnapshotTests.reports.first { $0.name == name }?.arguments)
        let report = try ReportText(
            pdf: try Self.render(arguments + ["--locale", "uk"], "hryvnias-\(name).pdf"),
            locale: .uk
        )
        for (n, page) in report.pages.enumerated() {
            #expect(!page.contains("₴"), "page \(n + 1): \(page)")
        }
        if name == "portfolio-demo" {
            #expect(report.pages[0].contains("млн грн"))
            let bridges = try #require(report.pages.first { $0.contains("Звідки взявся прибуток") })
            let kopecks = bridges.split(whereSeparator: \.isWhitespace).filter {
                $0.range(of: #"^[−+]?\d+,\d\d$"#, options: .regularExpression) != nil
            }
            #expect(kopecks.isEmpty, "\(kopecks)")
        }
    }

    /// The lines under a chart's title, to the line `end` (the next title) or the page's footer: its
    /// subtitle, ticks and labels.
    static func block(_ report: ReportText, titled title: String, to end: String? = nil) throws -> [String] {
        let lines = report.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex(of: title), "\(title)")
        let footer = report.locale == .uk ? "Сторінка " : "Page "
        let after = lines[(start + 1)...]
        let stop = after.firstIndex { $0 == end || $0.contains(footer) } ?? lines.endIndex
        return Array(lines[(start + 1)..<stop])
    }

    /// Returns are read against axes that mean one thing: a rolling correlation always on −1…+1 (it was
    /// −1…+1 on one page and 0.5…1.0 on the other), and the annual bars with a value on every year and the
    /// year in progress marked as such.
    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func returnsAreReadOnAxesThatMeanOneThing(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let uk = locale == .uk
        let format = NumberFormat(locale: locale, style: .decimal(1))
        let rolling = try Self.block(report, titled: uk ? "Ковзна кореляція" : "Rolling correlation")
        let ticks = rolling.map { $0.trimmingCharacters(in: .whitespaces) }.filter { report.number($0) != nil }
        #expect(ticks == [1, 0.5, 0, -0.5, -1].map { ReportText.plain(format.string($0)) }, "\(rolling)")

        let annual = try Self.block(
            report,
            titled: uk ? "Дохідність за роками" : "Annual returns",
            to: uk ? "Найглибші просідання" : "Deepest drawdowns"
        )
        let asOf = try Self.asOf(report)
        let marked = "\(asOf.year) " + (uk ? "з поч. р." : "YTD")
        let years = try #require(annual.last { $0.contains("\(asOf.year)") }, "\(annual)")
        let labels = ReportText.cells(years)
        #expect((labels.last == marked) == (asOf != asOf.lastOfYear), "\(labels)")
        #expect(labels.dropLast().allSatisfy { Int($0) != nil }, "\(labels)")
        // A value on each year's bar (and on the benchmark's beside it): a signed figure per year at least.
        let values = annual.flatMap { line in
            line.split(separator: " ").filter { $0.hasPrefix("+") || ($0.hasPrefix("−") && $0.count > 1) }
        }
        #expect(values.count >= labels.count, "\(values) for \(labels)")
    }

    /// A bridge whose deposits and withdrawals are more than three times its gain draws one net-deposits
    /// bar (DSX: +$1,204 and −$1,094 dwarfed a +$199 gain), any other both bars it has: the two bridges of
    /// the page against `folio table attribution` of the same periods.
    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func grossFlowsBeyondThreeTimesTheGainAreOneNetBar(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let db = try RenderedReportTests.database.get()
        let uk = locale == .uk
        let titles =
            uk ? ["З початку інвестування", "Минулий календарний рік"] : ["Since inception", "Last calendar year"]
        for (title, period) in zip(titles, ["inception", "last-year"]) {
            let json = try FolioProcess.run([
                "table", "attribution", "--portfolio", portfolio, "--period", period, "--db", db.path, "--format",
                "json",
            ]
            )
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let rows = try #require(object["rows"] as? [[String: Any]])
            func amount(_ line: String) throws -> Double {
                let row = try #require(rows.first { $0["line"] as? String == line }, "\(line)")
                return try #require(row.first { $0.key.hasPrefix("amount_") }?.value as? Double, "\(row)")
            }
            let (deposits, withdrawals) = (try amount("deposits"), try amount("withdrawals"))
            let gain = try amount("end_value") - amount("start_value") - deposits - withdrawals
            let netted = deposits != 0 && withdrawals != 0 && deposits - withdrawals > 3 * abs(gain)
            let labels = try Self.block(report, titled: title, to: titles[1]).joined(separator: "\n")
            let (net, into, outOf) =
                uk ? ("Чисті внески", "Внески", "Виведення") : ("Net deposits", "Deposits", "Withdrawals")
            #expect(labels.contains(net) == netted, "\(title): \(deposits) \(withdrawals), gain \(gain)")
            #expect(labels.contains(into) == (!netted && deposits != 0), "\(title)")
            #expect(labels.contains(outOf) == (!netted && withdrawals != 0), "\(title)")
        }
    }

    /// The daily value image covers the "1 month" tile's days and heads itself with its return: page 1 of
    /// the PDF writes the same window and figure under the tile.
    @Test(arguments: Self.portfolios, [ChartLocale.en, .uk])
    func theDailyValueImageIsTheMonthTile(portfolio: String, locale: ChartLocale) throws {
        let report = try Self.portfolio(portfolio, locale)
        let (_, day, english) = try AssetColourTests.report(portfolio)
        let data = PortfolioReportData(english.input, locale: locale)
        let image = try #require(
            try DailyChartSet().images(data, theme: .light).first { $0.fileName == "value-30d.png" }?.chart
                as? LineChart
        )
        let first = try #require(image.series.first?.times.first)
        let from = Day(Date(timeIntervalSince1970: first))
        #expect(from == day.addingMonths(-1))
        let change = try #require(image.headlineChange?.fraction)
        let tile =
            NumberFormat(locale: locale, style: .percent(2), explicitPlus: true).string(change) + " · "
            + Catalogue.for(locale).window(from, day)
        let one = report.pages[0].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            one.contains(ReportText.plain(tile).split(whereSeparator: \.isWhitespace).joined(separator: " ")),
            "\(tile) in \(one)"
        )
    }
}
