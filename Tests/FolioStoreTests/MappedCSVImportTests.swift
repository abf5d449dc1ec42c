import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import csv`: quotes from a CSV of any shape through a column mapping, long or wide.
@Suite struct MappedCSVImportTests {
    static func mapping(
        _ columns: String,
        asset: AssetCode? = nil,
        currency: AssetCode? = nil,
        _ change: (inout CSVMapping) -> Void = { _ in }
    ) throws -> CSVMapping {
        var mapping = CSVMapping()
        mapping.columns = try CSVMapping.columns(columns, "--columns")
        mapping.asset = asset
        mapping.currency = currency
        change(&mapping)
        return mapping
    }

    @Test(arguments: [
        ("dd.MM.yyyy", "01.03.2024", "2024-03-01T00:00:00Z"),
        ("MM/dd/yyyy", "03/01/2024", "2024-03-01T00:00:00Z"),
        ("d.M.yyyy", "1.3.2024", "2024-03-01T00:00:00Z"),
        ("yyyy-MM-dd HH:mm", "2024-03-01 09:30", "2024-03-01T09:30:00Z"),
        ("yyyyMMdd'T'HHmmss", "20240301T093015", "2024-03-01T09:30:15Z"),
    ])
    func datePatternsReadTheirDates(_ pattern: String, _ text: String, _ expected: String) throws {
        let parsed = try DatePattern.parse(pattern).get()
        let ms = try #require(parsed.milliseconds(text))
        #expect(ISOTime.format(Date(unixMilliseconds: ms)) == expected)
    }

    @Test func datePatternsRefuseWhatIsNotTheirs() throws {
        let dotted = try DatePattern.parse("dd.MM.yyyy").get()
        #expect(dotted.milliseconds("31.02.2024") == nil)  // no such day, not 2 March
        #expect(dotted.milliseconds("2024-03-01") == nil)
        #expect(dotted.milliseconds("01.03.2024 ") == nil)
        #expect(dotted.example == "01.03.2024")
        #expect(throws: DatePattern.PatternError.self) { try DatePattern.parse("dd.MM.yy").get() }
        #expect(throws: DatePattern.PatternError.self) { try DatePattern.parse("yyyy-MM").get() }
    }

    @Test func aSemicolonFileWithDecimalCommasAndDottedDates() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            """
            Datum;Kurs;Ticker
            01.03.2024;41,25;EUR
            02.03.2024;;EUR
            04.03.2024;41,5;eur

            """,
            "kurse.csv",
            in: t.directory
        )
        let mapping = try Self.mapping("date=Datum,price=Kurs,asset=Ticker", currency: "UAH") {
            $0.delimiter = UInt8(ascii: ";")
            $0.decimalComma = true
            $0.dateFormat = try! DatePattern.parse("dd.MM.yyyy").get()
            $0.market = .cash
        }
        let summary = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping))[0]
        #expect(
            summary.lines == [
                "\(file.path): read 3, inserted 2, skipped 0 as duplicates, ignored 1",
                "  Kurs: 1 empty cell skipped, the first at line 3",
            ]
        )
        let stored = try t.store.quotes(asset: "EUR", currency: "UAH", market: .cash)
        #expect(stored.map(\.price) == [41.25, 41.5])
        #expect(stored.map(\.source) == ["csv", "csv"])
        #expect(ISOTime.format(stored[1].time) == "2024-03-04T00:00:00Z")
    }

    @Test(arguments: [
        (
            "Date,Price\n2024-03-01,80\n2024-03-32,81\n", "date=Date,price=Price",
            ":3: Date: found \"2024-03-32\", expected an ISO 8601 date"
        ),
        (
            "Date,Price\n2024-03-01,80\n2024-03-02,n/a\n", "date=Date,price=Price",
            ":3: Price: found \"n/a\", expected a number such as 12.5"
        ),
        (
            "Date,Price\n2024-03-01,80\n", "date=Date,price=Close",
            ":1: header: no \"Close\" column for the price, expected one of \"Date\", \"Price\""
        ),
        (
            "Date,Price,Asset\n2024-03-01,80,BRENT OIL\n", "date=Date,price=Price,asset=Asset",
            ":2: Asset: found \"BRENT OIL\", expected an asset code"
        ),
    ])
    func badRowsAndColumnsWriteNothing(_ text: String, _ columns: String, _ expected: String) throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(text, "brent.csv", in: t.directory)
        // A file's asset column and --asset together are refused (MappingConflictTests): the constant is
        // for files without one.
        let mapping = try Self.mapping(columns, asset: columns.contains("asset=") ? nil : "BRENT", currency: "USD")
        #expect { _ = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping)) } throws: {
            error in
            "\(error)".hasPrefix(file.path + expected)
        }
        #expect(try t.count("quote") == 0)
    }

    @Test func aMappingThatCannotMakeAQuoteIsRefusedBeforeAnyFileIsRead() throws {
        #expect(throws: ArgumentError("--asset", "no asset, expected --asset CODE or asset=COLUMN in --columns")) {
            try Self.mapping("date=Date,price=Price", currency: "USD").validate()
        }
        #expect(throws: ArgumentError("--columns", "no column for the price, expected price=COLUMN")) {
            try Self.mapping("date=Date", asset: "BRENT", currency: "USD").validate()
        }
        #expect(throws: ArgumentError("--currency", "--wide needs the currency every column is priced in")) {
            try Self.mapping("date=date") { $0.wide = true }.validate()
        }
        #expect(
            throws: ArgumentError(
                "--columns",
                "unknown field \"close\", expected one of date, price, bid, ask, asset, currency, market, source"
            )
        ) {
            try CSVMapping.columns("date=Date,close=Close", "--columns")
        }
    }

    @Test func theCommandLineOverridesAMappingFileKeyByKey() throws {
        let saved = try Self.mapping("date=Date,price=Price", asset: "BRENT", currency: "USD") { $0.market = .exchange }
        let given = try Self.mapping("price=Close", currency: "EUR")
        let merged = saved.overridden(by: given)
        #expect(merged.columns == [.date: "Date", .price: "Close"])
        #expect((merged.asset, merged.currency, merged.market) == ("BRENT", "EUR", .exchange))
    }

    @Test func aWideFileStoresEachCellAsItsColumnsQuote() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            """
            date,USD,EUR,XAU,day note
            2022-02-24,29.2549,32.9312,,war
            2022-02-25,29.2549,,56123.4,

            """,
            "wide.csv",
            in: t.directory
        )
        let mapping = try Self.mapping("date=date", currency: "UAH") {
            $0.wide = true
            $0.market = .nbu
            $0.ignoreColumns = ["Day Note"]
        }
        let summary = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping))[0]
        #expect(
            summary.lines == [
                "\(file.path): read 6, inserted 4, skipped 0 as duplicates, ignored 2",
                "  XAU: 1 empty cell skipped, the first at line 2", "  EUR: 1 empty cell skipped, the first at line 3",
            ]
        )
        #expect(try t.store.quotes(asset: "USD", currency: "UAH", market: .nbu).map(\.price) == [29.2549, 29.2549])
        #expect(try t.store.quotes(asset: "XAU", currency: "UAH", market: .nbu).map(\.price) == [56123.4])

        // Without --ignore-columns the note column is named as no asset.
        var strict = mapping
        strict.ignoreColumns = nil
        #expect { _ = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: strict)) } throws: {
            error in
            "\(error)"
                == "\(file.path):1: header: column 5 \"day note\" is not an asset code, expected a code such as USD or XAU (or --ignore-columns \"day note\")"
        }
    }

    @Test func aWideHeaderThatIsNoAssetWritesNothing() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write("date,USD,Unnamed: 2\n2022-02-24,29.2549,1\n", "wide.csv", in: t.directory)
        let mapping = try Self.mapping("date=date", currency: "UAH") { $0.wide = true }
        #expect { _ = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping)) } throws: {
            error in
            "\(error)"
                == "\(file.path):1: header: column 3 \"Unnamed: 2\" is not an asset code, expected a code such as USD or XAU (or --ignore-columns \"Unnamed: 2\")"
        }
        #expect(try t.count("quote") == 0)
    }

    @Test func aCorrectedPriceIsNamedAndReplacedThroughTheSharedConflictRule() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write("Date,Price\n2024-03-01,80\n2024-03-04,81\n", "brent.csv", in: t.directory)
        let mapping = try Self.mapping("date=Date,price=Price", asset: "BRENT", currency: "USD")
        _ = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping))
        try "Date,Price\n2024-03-01,80\n2024-03-04,82.5\n".write(to: file, atomically: true, encoding: .utf8)
        let kept = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping))[0]
        #expect(kept.differenceLines == ["\(file.path):3: price 82.5 differs from the stored 81"])
        let replaced = try t.store.importFiles([file], kind: .csv, options: ImportOptions(replace: true, csv: mapping))[
            0
        ]
        #expect((replaced.updated, replaced.duplicates) == (1, 1))
        #expect(try t.store.quotes(asset: "BRENT").map(\.price) == [80, 82.5])
    }
}
