import FolioCore
import Foundation

/// The standard workload files of `samples/bench` (README there), read once into memory so that a
/// timed run measures computing, laying out, rendering and writing, not reading CSV.
package struct WorkloadData: Sendable {
    /// A small CSV: a header and rows of text cells, with every column also parsed to numbers once, on
    /// loading, so that a timed run starts from numbers (as a charting tool given arrays would).
    package struct Table: Sendable {
        // Constants, so that the numbers always match the text they were parsed from.
        package let header: [String]
        package let rows: [[String]]
        /// `columns[c][row]`: the cell as a number; NaN where it is not one (tickers, dates).
        private let columns: [[Double]]

        init(header: [String], rows: [[String]]) {
            self.header = header
            self.rows = rows
            columns = header.indices.map { c in rows.map { Double($0[c]) ?? .nan } }
        }

        package func column(_ name: String) throws -> Int {
            guard let i = header.firstIndex(of: name) else {
                throw WorkloadError("no column \(name) in \(header.joined(separator: ","))")
            }
            return i
        }

        package func numbers(_ column: Int) -> [Double] { columns[column] }
    }

    /// `timestamp,ALFA,…`: 10 assets × 168 hourly points.
    package var hourly: Table
    /// `ticker,quantity,last_close,value`: 8 positions.
    package var holdings: Table
    /// `month,ALFA,…`: 12 month ends × 6 assets.
    package var composition: Table
    /// `date,ALFA,…,TNGO`: 20 assets × 782 weekdays.
    package var dailyCloses: Table
    /// The hourly timestamps in seconds since 1970 (UTC).
    var hourlyTimes: [Double]
    /// The days of the daily closes.
    package var days: [Day]

    package init(directory: URL) throws {
        hourly = try Self.read(directory, "hourly_7d.csv")
        holdings = try Self.read(directory, "holdings.csv")
        composition = try Self.read(directory, "composition.csv")
        dailyCloses = try Self.read(directory, "daily_closes.csv")
        hourlyTimes = try hourly.rows.map { row in
            guard let t = ISOTime.parse(row[0]) else { throw WorkloadError("hourly_7d.csv: bad timestamp \(row[0])") }
            return t.timeIntervalSince1970
        }
        days = try dailyCloses.rows.map { row in
            guard let day = Day(iso: row[0]) else { throw WorkloadError("daily_closes.csv: bad date \(row[0])") }
            return day
        }
    }

    private static func read(_ directory: URL, _ name: String) throws -> Table {
        let url = directory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw WorkloadError("cannot read \(url.path)")
        }
        let lines = text.split(whereSeparator: \.isNewline).map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first, lines.count > 1 else { throw WorkloadError("\(url.path): empty") }
        if let short = lines.firstIndex(where: { $0.count != header.count }) {
            throw WorkloadError(
                "\(url.path): line \(short + 1) has \(lines[short].count) cells, the header \(header.count)"
            )
        }
        return Table(header: header, rows: Array(lines.dropFirst()))
    }
}

struct WorkloadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
