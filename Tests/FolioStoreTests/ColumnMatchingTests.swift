import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// A column name never silently picks one of two columns (issue 30): on 8232a12 `price=price_` read
/// `Price`, `$` read `%`, a duplicate header gave its first column, `date=` with `time=` or `price=`
/// twice took the last, and `--ignore-columns ZZ-A` dropped `ZZA` too — each with exit 0.
@Suite struct ColumnMatchingTests {
    static func mapping(_ columns: String, _ change: (inout CSVMapping) -> Void = { _ in }) throws -> CSVMapping {
        var mapping = CSVMapping()
        mapping.columns = try CSVMapping.columns(columns, "--columns")
        (mapping.asset, mapping.currency) = ("ZZA", "USD")
        change(&mapping)
        return mapping
    }

    enum Imported: Equatable {
        case stored([Double])
        case refused(String)
    }

    /// The prices a mapped import of `text` stores, or what it throws (paths cut to the file's name).
    static func imported(_ text: String, _ mapping: CSVMapping) throws -> Imported {
        let t = try TemporaryStore()
        let file = try TestPaths.write(text, "in.csv", in: t.directory)
        do {
            _ = try t.store.importFiles([file], kind: .csv, options: ImportOptions(csv: mapping))
            return .stored(try t.store.quotes(from: Date(timeIntervalSince1970: 0), to: Date()).map(\.price))
        } catch {
            #expect(try t.count("quote") == 0)
            return .refused("\(error)".replacingOccurrences(of: t.directory.path + "/", with: ""))
        }
    }

    @Test func anExactNameWinsOverALooseOne() throws {
        #expect(
            try Self.imported("Date,Price,price_\n2024-01-02,10,20\n", Self.mapping("date=Date,price=price_"))
                == .stored([20])
        )
        #expect(
            try Self.imported("Date,Price,price_\n2024-01-02,10,20\n", Self.mapping("date=Date,price=Price"))
                == .stored([10])
        )
        // Punctuation alone has no loose name: `$` is found only as written, never as `%`.
        #expect(try Self.imported("Date,%,$\n2024-01-02,10,20\n", Self.mapping("date=Date,price=$")) == .stored([20]))
    }

    @Test func aNameThatMatchesTwoColumnsIsRefusedNamingBoth() throws {
        #expect(
            try Self.imported("Date,Price,price_\n2024-01-02,10,20\n", Self.mapping("date=Date,price=PRICE"))
                == .refused(
                    "in.csv:1: header: \"PRICE\" matches columns 2 \"Price\" and 3 \"price_\", expected one column"
                )
        )
        #expect(
            try Self.imported("Date,Price,Price\n2024-01-02,10,20\n", Self.mapping("date=Date,price=Price"))
                == .refused(
                    "in.csv:1: header: \"Price\" matches columns 2 \"Price\" and 3 \"Price\", expected one column"
                )
        )
        // A name that is all punctuation matches no other punctuation.
        #expect(
            try Self.imported("Date,%,Price\n2024-01-02,10,20\n", Self.mapping("date=Date,price=$"))
                == .refused(
                    "in.csv:1: header: no \"$\" column for the price, expected one of \"Date\", \"%\", \"Price\""
                )
        )
        // Headers named twice that no mapping asks for are left alone.
        #expect(
            try Self.imported("Date,Price,Note,Note\n2024-01-02,10,a,b\n", Self.mapping("date=Date,price=Price"))
                == .stored([10])
        )
    }

    /// The importers of fixed formats find their columns the same way.
    @Test func aFixedFormatsColumnNamedTwiceIsRefused() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            "date,asset,currency,Price,PRICE,market,source\n2024-01-02,ZZA,USD,1,2,exchange,x\n",
            "q.csv",
            in: t.directory
        )
        #expect(
            throws: ImportError(
                file: file.path,
                line: 1,
                field: "header",
                message: "\"price\" matches columns 4 \"Price\" and 5 \"PRICE\", expected one column"
            )
        ) {
            _ = try t.store.importFiles([file], kind: .quotes)
        }
    }

    @Test func aFieldGivenTwiceIsRefusedNamingBoth() throws {
        #expect(
            throws: ArgumentError("--columns", "found date= and time=, both the date column, expected each field once")
        ) {
            try CSVMapping.columns("date=Date,time=Time,price=Price", "--columns")
        }
        #expect(throws: ArgumentError("--columns", "found price= twice, expected each field once")) {
            try CSVMapping.columns("date=Date,price=P1,price=P2", "--columns")
        }
    }

    /// `--asset` with an asset column was silently the column's; it is one or the other.
    @Test func aColumnAndAConstantForOneFieldAreRefused() throws {
        #expect(throws: ArgumentError("--asset", "not taken with asset= in --columns, which reads each row's asset")) {
            try Self.mapping("date=Date,price=Price,asset=Sym").validate()
        }
        #expect(
            throws: ArgumentError(
                "--currency",
                "not taken with currency= in --columns, which reads each row's currency"
            )
        ) {
            try Self.mapping("date=Date,price=Price,currency=Cur").validate()
        }
    }

    @Test func anIgnoredColumnIsFoundAsAnyColumnIs() throws {
        func wide(_ ignored: [String]) throws -> Imported {
            try Self.imported(
                "date,ZZ-A,ZZA,ZZH\n2024-01-02,1,2,3\n",
                Self.mapping("date=date") {
                    ($0.asset, $0.wide, $0.ignoreColumns) = (nil, true, ignored)
                }
            )
        }
        // ZZ-A is the column written so, not ZZA as well.
        #expect(try wide(["ZZ-A"]) == .stored([2, 3]))
        // zza is ZZA only loosely, and so is ZZ-A: it names neither.
        #expect(
            try wide(["zza"])
                == .refused("in.csv:1: header: \"zza\" matches columns 2 \"ZZ-A\" and 3 \"ZZA\", expected one column")
        )
    }

    @Test func twoWideColumnsOfOneAssetAreRefused() throws {
        let result = try Self.imported(
            "date,USD,usd\n2024-01-02,41,42\n",
            Self.mapping("date=date") {
                ($0.asset, $0.currency, $0.wide) = (nil, "UAH", true)
            }
        )
        #expect(
            result
                == .refused(
                    "in.csv:1: header: column 3 \"usd\" is the asset of column 2 \"USD\" too, expected one column per asset"
                )
        )
    }
}
