import ArgumentParser
import Foundation
import FolioCore
import FolioStore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what the database holds.",
        discussion: """
            Assets, quote series (per asset, currency and market) with their date range and row count,
            portfolios with their trade and cash transaction counts, and budget months.

            Examples:
              folio info
              folio info --format json | jq '.portfolios'
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var database: DatabaseOptions
    @Option(help: "text or json.") var format: Format = .text

    func run() throws {
        let info = try database.openForReading().info()
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(ISOTime.format(date))
            }
            print(String(decoding: try encoder.encode(info), as: UTF8.self))
        case .text:
            print(InfoText(info: info).render())
        }
    }
}

/// The terminal rendering of `folio info`: sections of left-aligned columns.
struct InfoText {
    let info: StoreInfo

    func render() -> String {
        var out = ["database \(info.path) (schema \(info.schemaVersion))", ""]
        out.append("portfolios (\(info.portfolios.count))")
        out += columns(
            ["name", "base", "trades", "cash transactions", "completed"],
            info.portfolios.map { [$0.name, $0.baseCurrency, "\($0.trades)", "\($0.cashTransactions)", "\($0.completedCashTransactions)"] },
            numeric: [2, 3, 4]
        )
        out += ["", "quotes (\(info.quoteSeries.reduce(0) { $0 + $1.count }) in \(info.quoteSeries.count) series)"]
        out += columns(
            ["asset", "currency", "market", "from", "to", "rows"],
            info.quoteSeries.map { [$0.asset, $0.currency, $0.market, day($0.first), day($0.last), "\($0.count)"] },
            numeric: [5]
        )
        out += ["", "assets (\(info.assets.count)): " + info.assets.map { "\($0.code) (\($0.kind))" }.joined(separator: ", ")]
        let months = info.budgetMonths
        out += ["", "budget: " + (months.isEmpty ? "no entries"
            : "\(months.reduce(0) { $0 + $1.entries }) entries in \(months.count) months, \(months.first!.month) … \(months.last!.month)")]
        return out.joined(separator: "\n")
    }

    private func day(_ date: Date) -> String {
        let iso = ISOTime.format(date)
        return iso.hasSuffix("T00:00:00Z") ? String(iso.prefix(10)) : iso
    }

    private func columns(_ header: [String], _ rows: [[String]], numeric: Set<Int>) -> [String] {
        guard !rows.isEmpty else { return ["  (none)"] }
        let all = [header] + rows
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { row in
            "  " + row.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - row[i].count)
                return numeric.contains(i) ? pad + row[i] : row[i] + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
