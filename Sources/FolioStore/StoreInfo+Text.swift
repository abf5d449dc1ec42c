import FolioCore
import Foundation

/// `folio info`'s two renderings of what a database holds.
extension StoreInfo {
    /// For the terminal: sections of left-aligned columns, numbers right-aligned.
    public var text: String {
        var out = ["database \(path) (schema \(schemaVersion))", ""]
        out.append("portfolios (\(portfolios.count))")
        out += Self.columns(
            ["name", "base", "trades", "cash transactions", "completed"],
            portfolios.map {
                [$0.name, $0.baseCurrency, "\($0.trades)", "\($0.cashTransactions)", "\($0.completedCashTransactions)"]
            },
            numeric: [2, 3, 4]
        )
        out += ["", "quotes (\(quoteSeries.reduce(0) { $0 + $1.count }) in \(quoteSeries.count) series)"]
        out += Self.columns(
            ["asset", "currency", "market", "from", "to", "rows"],
            quoteSeries.map {
                [$0.asset, $0.currency, $0.market, Self.day($0.first), Self.day($0.last), "\($0.count)"]
            },
            numeric: [5]
        )
        out += ["", "assets (\(assets.count)): " + assets.map { "\($0.code) (\($0.kind))" }.joined(separator: ", ")]
        out += ["", "budget: " + budgetSummary]
        return out.joined(separator: "\n")
    }

    private var budgetSummary: String {
        guard let first = budgetMonths.first, let last = budgetMonths.last else { return "no entries" }
        let entries = budgetMonths.reduce(0) { $0 + $1.entries }
        return "\(entries) entries in \(budgetMonths.count) months, \(first.month) … \(last.month)"
    }

    /// For scripts (`| jq`): pretty-printed with sorted keys, times as ISO 8601 text.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOTime.format(date))
        }
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// A daily quote's time (00:00 UTC) as its day; other times in full.
    private static func day(_ date: Date) -> String {
        let iso = ISOTime.format(date)
        return iso.hasSuffix("T00:00:00Z") ? String(iso.prefix(10)) : iso
    }

    private static func columns(_ header: [String], _ rows: [[String]], numeric: Set<Int>) -> [String] {
        guard !rows.isEmpty else { return ["  (none)"] }
        let all = [header] + rows
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { row in
            "  "
                + row.indices.map { i in
                    let pad = String(repeating: " ", count: widths[i] - row[i].count)
                    return numeric.contains(i) ? pad + row[i] : row[i] + pad
                }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
