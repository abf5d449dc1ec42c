import Foundation
import Testing

/// `folio asset set CODE --isin ISIN` keeps a security's ISIN, checked by its check digit, and
/// `folio asset list` shows it.
@Suite struct AssetISINCommandTests {
    @Test func anISINIsSetCheckedAndListed() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let quotes = directory.appendingPathComponent("q.csv")
        try "date,asset,currency,price,market,source\n2024-01-02,AAPL,USD,185,exchange,test\n".write(
            to: quotes,
            atomically: true,
            encoding: .utf8
        )
        #expect(try FolioProcess.run(["import", "quotes", quotes.path, "--db", db]).status == 0)

        let typo = try FolioProcess.run(["asset", "set", "AAPL", "--isin", "US0378331006", "--db", db])
        #expect(
            typo.status != 0
                && typo.stderr
                    == "Error: --isin: US0378331006 is not an ISIN: expected 2 letters, 9 letters or digits and a check digit, such as US0378331005\n"
        )
        let set = try FolioProcess.run(["asset", "set", "AAPL", "--isin", "us0378331005", "--db", db])
        #expect(set.status == 0 && set.stdout == "AAPL: stock, \"AAPL\", ISIN US0378331005\n", "\(set.stderr)")
        let listed = try FolioProcess.run(["asset", "list", "--format", "csv", "--db", db])
        #expect(
            listed.stdout.split(whereSeparator: \.isNewline).map(String.init) == [
                "code,name,kind,decimals,quotes,isin", "AAPL,AAPL,stock,2,1,US0378331005", "USD,USD,fiat,2,0,",
            ]
        )
    }
}
