import FolioCore
import FolioStore
import Foundation

/// Importing a quotes CSV into a new database: the file is written once (untimed); each run imports it
/// into a fresh SQLite file, the way `folio import quotes` does (one transaction, natural-key dedupe).
func importCases() -> [BenchCase] {
    [100_000, 1_000_000].map { rows in
        BenchCase(name: "import quotes CSV \(rows / 1000)k rows") { context in
            let csv = context.scratchDirectory.appendingPathComponent("quotes-\(rows).csv")
            try writeQuotesCSV(rows: rows, to: csv)
            var run = 0
            return {
                run += 1
                let path = context.scratchDirectory.appendingPathComponent("import-\(rows)-\(run).sqlite").path
                defer {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                }
                let store = try Store(path: path, access: .create)
                let summary = try store.importFiles([csv], kind: .quotes)[0]
                guard summary.inserted == rows else { throw BenchError("imported \(summary.inserted) of \(rows) rows") }
                return databaseBytes(path)
            }
        }
    }
}

/// The database's size on disk with its write-ahead log, which holds what is not yet checkpointed.
func databaseBytes(_ path: String) -> Int {
    ["", "-wal"].reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: path + $1)[.size] as? Int) ?? 0) }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Hourly quotes of 20 assets, deterministic: the same file on every machine.
private func writeQuotesCSV(rows: Int, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil),
        let out = FileHandle(forWritingAtPath: url.path)
    else {
        throw BenchError("cannot write \(url.path)")
    }
    defer { try? out.close() }
    let assets = [
        "USD", "EUR", "PLN", "GBP", "CHF", "BTC", "ETH", "LTC", "AAPL", "MSFT", "AMZN", "GOOGL", "JPM", "XOM", "KO",
        "JNJ", "NVDA", "BAC", "CVX", "WMT",
    ]
    var buffer = "date,asset,currency,price,bid,ask,market,source\n"
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let start = 1_420_070_400.0  // 2015-01-01
    for i in 0..<rows {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let price = 10 + Double(state >> 40) / Double(1 << 24) * 90
        let time = ISOTime.format(Date(timeIntervalSince1970: start + Double(i / assets.count) * 3600))
        buffer += "\(time),\(assets[i % assets.count]),UAH,\(String(format: "%.4f", price)),,,interbank,bench\n"
        if buffer.utf8.count > 1 << 20 {
            out.write(Data(buffer.utf8))
            buffer.removeAll(keepingCapacity: true)
        }
    }
    out.write(Data(buffer.utf8))
}
