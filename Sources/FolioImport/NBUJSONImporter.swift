import FolioCore
import Foundation

/// Bodies of NBU's `statdirectory/exchange?json` (one day: `r030, txt, rate, cc, exchangedate`) and of
/// `exchange_site?json` (a period: adds `units`, `rate_per_unit`, `enname`…). Rates are UAH per unit,
/// stored as quotes of the currency in UAH on market `nbu`, stamped 00:00 UTC of `exchangedate`.
///
/// NBU answers errors with HTTP 200: `[]` (unknown code, future date — imports nothing) and, for a bad
/// date, `[{ Wrong date format }]`, which is not JSON and is rejected here.
struct NBUJSONImporter {
    let url: URL
    let sink: any ImportSink

    func run(_ summary: inout ImportSummary) throws {
        let data: Data
        do { data = try FileError.contents(of: url.path) } catch let error as FileError {
            throw ImportError(file: url.path, message: error.reason)
        }
        try Self.requireUTF8(data, file: url.path)
        let rows: [NBURates.Row]
        do { rows = try NBURates.parse(data, dates: DateBounds()) } catch let error as NBURates.FormatError {
            throw ImportError(file: url.path, field: error.path, message: error.message)
        }
        for (index, parsed) in rows.enumerated() {
            switch parsed {
            case let .rate(code, name, day, uahPerUnit):
                summary.read += 1
                let currencyID = try sink.assetID(code, kindHint: .fiat, name: name)
                let outcome = try sink.insertQuote(
                    assetID: currencyID,
                    currencyID: try sink.assetID(.uah, kindHint: .fiat),
                    market: Market.nbu.rawValue,
                    timeMs: Int64(day.daysSinceEpoch) * 86_400_000,
                    price: uahPerUnit,
                    bid: nil,
                    ask: nil,
                    source: "nbu"
                )
                summary.record(outcome, at: "\(url.path): [\(index)]")
            case let .ignored(reason):
                summary.read += 1
                summary.ignored += 1
                summary.notes.append(reason)
            }
        }
    }

    /// JSON is UTF-8 (RFC 8259); a body saved in another encoding would store mangled currency names.
    static func requireUTF8(_ data: Data, file: String) throws {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let bad = UTF8Validation.firstInvalidOffset(bytes) else { return }
            let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw ImportError(
                file: file,
                line: line,
                message: UTF8Validation.problem(foundByte: bytes[bad], fileStart: bytes.prefix(2))
            )
        }
    }
}
