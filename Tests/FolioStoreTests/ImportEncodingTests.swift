import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// Text importers take UTF-8 only, and bounded lines and fields: anything else is refused with its file
/// and line, and nothing is written.
@Suite struct ImportEncodingTests {
    /// "Продукти" as Windows-1251 writes it: a Ukrainian spreadsheet's default "CSV".
    static let cp1251Groceries: [UInt8] = [0xCF, 0xF0, 0xEE, 0xE4, 0xF3, 0xEA, 0xF2, 0xE8]

    static func file(_ lines: [[UInt8]], _ name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(lines.joined(separator: [0x0A])).write(to: url)
        return url
    }

    @Test(arguments: [
        (
            ImportKind.budget, "budget.csv", "date,type,category,amount,currency,note", "2026-01-05,expense,",
            ",120,UAH,"
        ),
        (.quotes, "quotes.csv", "date,asset,currency,price,market,source", "2024-03-01,USD,UAH,38,nbu,", ""),
        (
            .trades, "trades.csv", "time,side,asset,quantity,price,price_currency,id", "2024-03-01,buy,AAPL,1,100,USD,",
            ""
        ),
        (.transactions, "cash.csv", "time,type,currency,amount,id", "2024-03-01,deposit,USD,100,", ""),
        (.stockCSV, "AAPL_data.csv", "date,open,high,low,close,volume,Name", "2024-03-01,1,1,1,1,1,", ""),
        (.dsxTrades, "dsx.csv", "", "2019-01-01 0:00:00;btcusd;Buy;1;BTC;100;USD;0;0;0;USD;0;", ";x"),
    ])
    func aWindows1251FileIsRefusedAtItsFirstBadByte(
        _ kind: ImportKind,
        _ name: String,
        _ header: String,
        _ before: String,
        _ after: String
    ) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        let good = Array(before.utf8) + Array("ok".utf8) + Array(after.utf8)
        let bad = Array(before.utf8) + Self.cp1251Groceries + Array(after.utf8)
        let lines = (header.isEmpty ? [] : [Array(header.utf8)]) + [good, bad]
        let url = try Self.file(lines, name, in: t.directory)
        #expect {
            _ = try t.store.importFiles([url], kind: kind, options: ImportOptions(portfolio: "P"))
        } throws: { error in
            "\(error)"
                == "\(url.path):\(lines.count): not UTF-8 (found byte 0xCF); convert with iconv -f CP1251 -t UTF-8"
        }
        for table in ["quote", "trade", "budget_entry", "budget_category"] { #expect(try t.count(table) == 0) }
    }

    @Test func aNBUBodyInAnotherEncodingIsRefusedWithItsLine() throws {
        let t = try TemporaryStore()
        let head = Array("[\n{\"r030\":840,\"txt\":\"".utf8)
        let tail = Array("\",\"rate\":29.2549,\"cc\":\"USD\",\"exchangedate\":\"24.02.2022\"}\n]".utf8)
        let url = t.directory.appendingPathComponent("rates.json")
        try Data(head + [0xC4, 0xEE, 0xEB, 0xE0, 0xF0] + tail).write(to: url)
        #expect { _ = try t.store.importFiles([url], kind: .nbuJSON) } throws: { error in
            "\(error)" == "\(url.path):2: not UTF-8 (found byte 0xC4); convert with iconv -f CP1251 -t UTF-8"
        }
        #expect(try t.count("quote") == 0)
    }

    @Test func aUTF16FileIsToldToConvertFromUTF16() throws {
        let t = try TemporaryStore()
        let url = t.directory.appendingPathComponent("quotes.csv")
        try Data([0xFF, 0xFE] + "date,asset\n".utf8.flatMap { [$0, 0] }).write(to: url)
        #expect { _ = try t.store.importFiles([url], kind: .quotes) } throws: { error in
            "\(error)".hasSuffix(":1: not UTF-8 (found byte 0xFF); convert with iconv -f UTF-16 -t UTF-8")
        }
    }

    /// A value quoted back in an error comes from the file: a terminal escape in it is shown, not obeyed.
    @Test func foundValuesAreQuotedWithTheirControlCharactersEscaped() throws {
        let t = try TemporaryStore()
        let url = try Self.file(
            [
                Array("date,asset,currency,price,market,source".utf8),
                Array("2024-03-01,USD,UAH,\u{1B}[2J38,nbu,x".utf8),
            ],
            "quotes.csv",
            in: t.directory
        )
        #expect { _ = try t.store.importFiles([url], kind: .quotes) } throws: { error in
            "\(error)" == "\(url.path):2: price: found \"\\x1B[2J38\", expected a number such as 12.5"
        }
    }

    @Test func aFieldOver64KiBIsRefused() throws {
        let t = try TemporaryStore()
        let header = Array("date,type,category,amount,currency,note".utf8)
        let row = { (note: Int) in Array("2026-01-05,expense,Food,1,UAH,".utf8) + [UInt8](repeating: 0x61, count: note)
        }
        let fits = try Self.file([header, row(DelimitedFile.maxFieldBytes)], "fits.csv", in: t.directory)
        #expect(try t.store.importFiles([fits], kind: .budget)[0].inserted == 1)
        let long = try Self.file([header, row(1), row(100_000)], "long.csv", in: t.directory)
        #expect { _ = try t.store.importFiles([long], kind: .budget) } throws: { error in
            "\(error)" == "\(long.path):3: field 6: 100000 bytes, more than 64 KiB, the limit for a field"
        }
        #expect(try t.count("budget_entry") == 1)
    }

    /// A 100 MB "field" without a line end is refused after reading little more than the limit.
    @Test func aLineOver1MiBIsRefusedBeforeItIsRead() throws {
        let t = try TemporaryStore()
        let url = t.directory.appendingPathComponent("quotes.csv")
        try Data("date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38,nbu,".utf8).write(to: url)
        let handle = try FileHandle(forUpdating: url)
        try handle.seekToEnd()
        let block = Data(repeating: 0x78, count: 1 << 20)
        for _ in 0..<100 { try handle.write(contentsOf: block) }
        try handle.close()
        #expect { _ = try t.store.importFiles([url], kind: .quotes) } throws: { error in
            "\(error)" == "\(url.path):2: a line longer than 1 MiB, the limit for a line of an imported file"
        }
        #expect(try t.count("quote") == 0)
    }
}
