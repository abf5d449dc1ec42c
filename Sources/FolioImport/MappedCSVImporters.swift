import FolioCore
import Foundation

/// Quotes from a CSV of any shape, a row per quote (`Date,Price`), through a `CSVMapping`: each field
/// from its mapped column, or the one value the mapping gives it for the whole file. Errors name the
/// file's own column (`brent.csv:7: Price: found "n/a", expected a number`). A row with an empty price
/// is no quote: it is skipped and counted as ignored, with a note.
struct MappedCSVImporter {
    let url: URL
    let sink: any ImportSink
    let mapping: CSVMapping

    func run(_ summary: inout ImportSummary) throws {
        var at: [CSVMapping.Field: Int] = [:]
        var empty = EmptyCells()
        var assetIDs: [String: Int64] = [:]
        let fixed = (market: (mapping.market ?? .exchange).rawValue, source: mapping.source ?? "csv")
        func name(_ field: CSVMapping.Field) -> String { mapping.columns[field] ?? field.rawValue }
        /// Asset and currency codes repeat on every row: each is checked and found once.
        func id(_ field: CSVMapping.Field, _ row: RowFields, constant: AssetCode?) throws -> Int64 {
            guard let column = at[field] else {
                // `CSVMapping.validate` makes every field without a column a constant.
                guard let constant else {
                    throw row.fail(name(field), "found no column and no --\(field.rawValue), expected one")
                }
                return try sink.assetID(constant, kindHint: field == .currency ? .fiat : nil)
            }
            let text = row.fields.string(column)
            if let known = assetIDs[text] { return known }
            let id = try sink.assetID(
                try row.assetCode(column, name(field)),
                kindHint: field == .currency ? .fiat : nil
            )
            assetIDs[text] = id
            return id
        }
        /// The row's asset and currency, which must differ. One of them is a column (`CSVMapping.validate`
        /// refuses two constants): the currency's is named when it is one.
        func pair(_ row: RowFields) throws -> (asset: Int64, currency: Int64) {
            let ids = (
                asset: try id(.asset, row, constant: mapping.asset),
                currency: try id(.currency, row, constant: mapping.currency)
            )
            if ids.asset == ids.currency,
                let (field, column) = at[.currency].map({ (CSVMapping.Field.currency, $0) })
                    ?? at[.asset].map({ (.asset, $0) })
            {
                throw row.selfQuote(column, name(field), isCurrency: field == .currency)
            }
            return ids
        }
        try mapping.file(url).forEachRow(
            header: { header in
                at = try header.positions(of: mapping.columns)
                // `CSVMapping.validate` requires both; the header has them when `positions` returns.
                guard let date = at[.date], let price = at[.price] else {
                    throw ImportError(
                        file: url.path,
                        line: header.line,
                        field: "header",
                        message: "no date or price column"
                    )
                }
                return (date: date, price: price)
            },
            row: { row, needed in
                summary.read += 1
                let time = try row.time(needed.date, name(.date), pattern: mapping.dateFormat)
                guard !row.isBlank(needed.price) else {
                    empty.count(name(.price), line: row.line)
                    summary.ignored += 1
                    return
                }
                let ids = try pair(row)
                let outcome = try sink.insertQuote(
                    assetID: ids.asset,
                    currencyID: ids.currency,
                    market: try at[.market].map { try row.market($0, name(.market)).rawValue } ?? fixed.market,
                    timeMs: time,
                    price: try row.price(needed.price, name(.price)),
                    bid: try row.optionalPrice(at[.bid], name(.bid)),
                    ask: try row.optionalPrice(at[.ask], name(.ask)),
                    source: try at[.source].map { try row.text($0, name(.source)) } ?? fixed.source
                )
                summary.record(outcome, at: row.location)
            }
        )
        summary.notes += empty.notes
    }
}

/// Quotes from a CSV with a date column and one column per asset (`date,USD,EUR,…`, each cell the
/// asset's price in the mapping's currency). Every other header must be an asset code, unless it is
/// one of the ignored columns; an empty cell is no quote (the asset was not quoted that day) and is
/// counted as ignored, with a note per column.
struct WideCSVImporter {
    let url: URL
    let sink: any ImportSink
    let mapping: CSVMapping

    func run(_ summary: inout ImportSummary) throws {
        // `CSVMapping.validate` requires a date column and a currency for a wide file.
        guard let dateName = mapping.columns[.date], let currency = mapping.currency else {
            throw ArgumentError("--wide", "needs a date column and --currency")
        }
        let currencyID = try sink.assetID(currency, kindHint: .fiat)
        let market = (mapping.market ?? .exchange).rawValue
        let source = mapping.source ?? "csv"
        var assets: [(column: Int, name: String, id: Int64)] = []
        var empty = EmptyCells()
        try mapping.file(url).forEachRow(
            header: { header in
                guard let dateColumn = try header.positions(of: [.date: dateName])[.date] else {
                    throw ImportError(file: url.path, line: header.line, field: "header", message: "no date column")
                }
                assets = try assetColumns(header, dateColumn: dateColumn, currency: currency)
                return dateColumn
            },
            row: { row, dateColumn in
                let time = try row.time(dateColumn, dateName, pattern: mapping.dateFormat)
                for asset in assets {
                    summary.read += 1
                    if row.isBlank(asset.column) {
                        empty.count(asset.name, line: row.line)
                        summary.ignored += 1
                        continue
                    }
                    let outcome = try sink.insertQuote(
                        assetID: asset.id,
                        currencyID: currencyID,
                        market: market,
                        timeMs: time,
                        price: try row.price(asset.column, asset.name),
                        bid: nil,
                        ask: nil,
                        source: source
                    )
                    summary.record(outcome, at: row.location)
                }
            }
        )
        summary.notes += empty.notes
    }

    /// The columns of assets: every column but the date and the ignored ones, each an asset code other
    /// than the currency, once.
    private func assetColumns(
        _ header: CSVHeader,
        dateColumn: Int,
        currency: AssetCode
    ) throws -> [(column: Int, name: String, id: Int64)] {
        var assets: [(column: Int, name: String, id: Int64)] = []
        // An ignored name means one column, found as any column name is (`CSVHeader`): `ZZ-A`
        // is not also `ZZA` when the file has both.
        let skipped = try Set(
            (mapping.ignoreColumns ?? []).map { name in
                guard let column = try header.position(of: name) else {
                    throw ImportError(
                        file: url.path,
                        line: header.line,
                        field: "header",
                        message: "no \"\(name)\" column to ignore, expected one of \(header.listedNames)"
                    )
                }
                return column
            }
        )
        for (column, name) in header.names.enumerated() where column != dateColumn && !skipped.contains(column) {
            let fail = { (problem: String) in
                ImportError(
                    file: url.path,
                    line: header.line,
                    field: "header",
                    message: "column \(column + 1) \"\(name)\" \(problem)"
                )
            }
            guard AssetCode.isValid(name) else {
                throw fail(
                    "is not an asset code, expected a code such as USD or XAU (or --ignore-columns \"\(name)\")"
                )
            }
            guard AssetCode(name) != currency else {
                throw fail("is the currency the file is priced in, expected another asset")
            }
            if let earlier = assets.first(where: { AssetCode($0.name) == AssetCode(name) }) {
                throw fail(
                    "is the asset of column \(earlier.column + 1) \"\(earlier.name)\" too, expected one column per asset"
                )
            }
            assets.append((column, name, try sink.assetID(AssetCode(name))))
        }
        return assets
    }
}

extension CSVMapping {
    func file(_ url: URL) -> DelimitedFile {
        var file = DelimitedFile(
            url: url,
            delimiter: delimiter ?? UInt8(ascii: ","),
            decimalComma: decimalComma ?? false
        )
        file.delimiterOption = true
        return file
    }
}

extension CSVHeader {
    /// The position of each mapped column, or an error naming the first (in field order) that the
    /// header lacks, with the columns it has.
    func positions(of columns: [CSVMapping.Field: String]) throws -> [CSVMapping.Field: Int] {
        var found: [CSVMapping.Field: Int] = [:]
        for field in CSVMapping.Field.allCases {
            guard let name = columns[field] else { continue }
            guard let position = try position(of: name) else {
                throw missing("no \"\(name)\" column for the \(field.rawValue), expected one of \(listedNames)")
            }
            found[field] = position
        }
        return found
    }

    /// The header's names for a message: the first ten, quoted.
    var listedNames: String {
        names.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
            + (names.count > 10 ? " (and \(names.count - 10) more)" : "")
    }
}

/// Empty cells skipped per column, said in one note each rather than a line per cell: the NBU's wide
/// file has thousands (EUR before 1999).
struct EmptyCells {
    private var counts: [(column: String, count: Int, firstLine: Int)] = []

    mutating func count(_ column: String, line: Int) {
        if let i = counts.firstIndex(where: { $0.column == column }) {
            counts[i].count += 1
        } else {
            counts.append((column, 1, line))
        }
    }

    var notes: [String] {
        counts.map {
            "\($0.column): \($0.count) empty \($0.count == 1 ? "cell" : "cells") skipped, the first at line \($0.firstLine)"
        }
    }
}
