import Foundation
import Testing

/// Issue 42, point 3: a Trading 212 dividend is what the account received. KO paid 2.75 EUR with
/// 0.56 USD withheld at the row's rate 1.1412, MSFT 1.67 EUR with 0.35 USD withheld at 1.19: the tax
/// is 0.56 / 1.1412 + 0.35 / 1.19 = 0.78 EUR, the gross 2.75 + 1.67 + 0.78 = 5.20 EUR (10 × 0.37 USD
/// and 6 × 0.39 USD at the rows' rates agree with it). EUR, the base currency, has no currency effect.
@Suite struct OwnBrokerDividendTests {
    static let tax = 0.56 / 1.1412 + 0.35 / 1.19

    @Test func dividendsAreWhatTheAccountReceived() throws {
        let s = try ImportScratch(demoCopy: ())
        defer { s.remove() }
        let imported = try s.importing("trading212", [try OwnBrokerFiles.write(in: s).t212], portfolio: "T")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stderr.contains("agrees with neither"), "\(imported.stderr)")
        // Gross and tax in euros, as stored (the text SQLite writes of the doubles, read back).
        let stored = try ["amount", "tax"].map { column in
            try s.column("SELECT \(column) FROM cash_transaction WHERE kind = 'dividend' ORDER BY time_ms").map {
                Double($0) ?? .nan
            }
        }
        // To a millionth of a cent, so that gross less tax is the net in every file that writes both.
        func r(_ x: Double) -> Double { (x * 1e8).rounded() / 1e8 }
        let expected = [[r(2.75 + r(0.56 / 1.1412)), r(1.67 + r(0.35 / 1.19))], [r(0.56 / 1.1412), r(0.35 / 1.19)]]
        #expect(zip(stored.joined(), expected.joined()).allSatisfy { abs($0 - $1) < 1e-12 }, "\(stored)")
        #expect(
            try s.column(
                "SELECT DISTINCT c.code FROM cash_transaction x JOIN asset c ON c.id = x.currency_id WHERE x.kind = 'dividend'"
            ) == ["EUR"]
        )
        let bridge = try s.json(["table", "attribution", "--portfolio", "T", "--from", "2017-05-03"])
        #expect(bridge.number(bridge.row("line", "dividends"), "amount_eur") == 5.20)
        #expect(bridge.number(bridge.row("line", "taxes"), "amount_eur") == -0.78)
        let holdings = try s.json([
            "table", "attribution", "--by", "holding", "--portfolio", "T", "--from", "2017-05-03",
        ])
        #expect(holdings.number(holdings.row("asset", "EUR"), "currency_effect") == 0)
        #expect(holdings.number(holdings.row("asset", "KO"), "income") == 2.75)
        #expect(holdings.number(holdings.row("asset", "MSFT"), "income") == 1.67)
        // The tax year's gross is the same, at the NBU's EUR rate of the day (29.697866 on 3 July 2017).
        let year = try s.folio(["table", "tax-year", "--portfolio", "T", "--year", "2017", "--format", "json"])
        #expect(year.status == 0, "\(year.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(year.stdout.utf8)) as? [String: Any])
        let income = try JSONTable(
            String(decoding: try JSONSerialization.data(withJSONObject: object["income"] ?? [:]), as: UTF8.self)
        )
        let ko = income.row("asset", "KO")
        #expect(ko?["currency"] as? String == "EUR")
        #expect(income.number(ko, "gross_uah") == ((2.75 + 0.56 / 1.1412) * 29.697866 * 100).rounded() / 100)
        #expect(income.number(ko, "withheld_uah") == (0.56 / 1.1412 * 29.697866 * 100).rounded() / 100)
    }

    /// A row whose shares × per-share agrees with neither the net nor the gross at its own rate is named
    /// at import, and booked as received.
    @Test func aDividendThatDisagreesWithItsSharesIsNamed() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        var rows = OwnBrokerFiles.trading212Rows
        rows[4] =
            "Dividend (Ordinary),2017-07-03 11:02:44,US1912161007,KO,\"Coca-Cola\",10.0000000000,0.74,USD,1.14120,,,2.75,\"EUR\",0.56,USD,,,,"
        let file = try s.file("t212.csv", OwnBrokerFiles.trading212(rows))
        let imported = try s.importing("trading212", [file], portfolio: "T")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr.split(separator: "\n").filter { $0.contains("agrees with neither") } == [
                "warning: \(file):6: a dividend of 10 × 0.74 USD is 6.48 EUR at its rate 1.1412, which agrees with neither the 2.75 received nor the 3.24 before tax; booked as received"
            ],
            "\(imported.stderr)"
        )
        #expect(
            try s.column("SELECT amount FROM cash_transaction WHERE kind = 'dividend' ORDER BY time_ms").first
                .flatMap(Double.init).map { abs($0 - 3.24071153) < 1e-12 } == true
        )
    }
}
