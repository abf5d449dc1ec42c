import Foundation
import Testing

/// Issue 42, point 6: the currency legs a broker's file implies (Trading 212's trades in dollars paid
/// from euros, and the sale's dollars brought back) are shown on the report's Trades page as the
/// exchanges they are, one row each ("Exchange 379.21 EUR for 414.48 USD"), in both of the report's
/// languages — never as a currency bought like a security ("Buy USD 414.48 at 0.9149 EUR"). A dividend
/// is booked in euros, as it was received (point 3): it implies no exchange.
@Suite struct OwnBrokerTradesPageTests {
    /// The Trades page's table rows of the report of `portfolio`, as `pdftotext -layout` reads them, with
    /// no-break spaces as spaces.
    static func tradesRows(_ s: ImportScratch, _ portfolio: String, locale: String) throws -> [String] {
        let pdf = s.directory.appendingPathComponent("\(portfolio)-\(locale).pdf").path
        let report = try s.folio(["report", "portfolio", "--portfolio", portfolio, "--locale", locale, "--out", pdf])
        #expect(report.status == 0, "\(report.stderr)")
        let text = try FolioProcess.tool("pdftotext", ["-layout", pdf, "-"]).stdout
            .replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        let title = locale == "uk" ? "Угоди" : "Trades"
        let pages = text.split(separator: "\u{0C}").filter {
            $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == title }
        }
        #expect(pages.count == 1, "\(title): \(pages.count) pages")
        // A row starts with its date: `3 May 2017`, `03.05.2017`.
        return pages.flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.first?.isNumber == true && $0.contains("2017") }
    }

    @Test(arguments: ["en", "uk"])
    func eachCurrencyLegIsOneExchangeRow(_ locale: String) throws {
        let s = try ImportScratch(demoCopy: ())
        defer { s.remove() }
        let t212 = try OwnBrokerFiles.write(in: s).t212
        let imported = try s.importing("trading212", [t212], portfolio: "T")
        #expect(imported.status == 0, "\(imported.stderr)")
        let rows = try Self.tradesRows(s, "T", locale: locale)
        let uk = locale == "uk"
        // What each exchange gave and got: the three buys' dollars (Total less the conversion fee, in
        // euros) and the sale's proceeds.
        let exchanges = [
            ("379.21 EUR", "414.48 USD"), ("269.09 EUR", "294.12 USD"), ("396.34 EUR", "433.20 USD"),
            ("171.05 USD", "144.36 EUR"),
        ]
        let shown = rows.filter { $0.contains(uk ? " Обмін " : " Exchange ") }
        #expect(shown.count == exchanges.count, "\(rows)")
        for (gave, got) in exchanges {
            let words =
                uk
                ? "\(gave.replacingOccurrences(of: ".", with: ",")) на \(got.replacingOccurrences(of: ".", with: ","))"
                : "\(gave) for \(got)"
            #expect(shown.filter { $0.contains(words) }.count == 1, "\(words): \(rows)")
        }
        // The four trades are the only other rows, and no currency is bought or sold as a security.
        let trades = rows.filter { !shown.contains($0) }
        #expect(trades.count == 4, "\(rows)")
        for row in trades {
            let columns = row.split(separator: "  ", omittingEmptySubsequences: true).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(columns.count > 2 && ["AAPL", "KO", "MSFT"].contains(columns[2]), "\(row)")
        }
    }
}
