import FolioAnalytics
import FolioCore
import FolioStore

/// Stored trades, cash transactions and quotes as tables, for `folio trades|transactions|quotes
/// list|remove`, so that they print as `folio table` prints (`--format text|csv|json`). Numbers show as
/// many decimals as the column's values need (up to 10), since these are the values to correct.
public enum RecordTables {
    public static func trades(_ rows: [PortfolioTrade]) -> ResultTable {
        table(
            [
                ("id", .number), ("portfolio", .text), ("time", .time), ("side", .text), ("asset", .text),
                ("quantity", .number),
                ("price", .number), ("price_currency", .text), ("fee", .number), ("fee_currency", .text),
                ("external_id", .text),
            ],
            rows.map { row in
                let t = row.trade
                return [
                    .number(Double(t.id)), .text(row.portfolio), .time(t.time), .text(t.side.rawValue),
                    .text(t.asset.rawValue),
                    .number(t.quantity), .number(t.price), .text(t.priceCurrency.rawValue), .number(t.fee),
                    .text(t.feeCurrency.rawValue), t.externalID.map { .text($0) },
                ]
            }
        )
    }

    public static func cashTransactions(_ rows: [PortfolioCashTransaction]) -> ResultTable {
        table(
            [
                ("id", .number), ("portfolio", .text), ("time", .time), ("type", .text), ("currency", .text),
                ("amount", .number),
                ("fee", .number), ("status", .text), ("external_id", .text), ("asset", .text), ("tax", .number),
                ("ratio", .number),
            ],
            rows.map { row in
                let t = row.transaction
                return [
                    .number(Double(t.id)), .text(row.portfolio), .time(t.time), .text(t.kind.rawValue),
                    .text(t.currency.rawValue),
                    .number(t.amount), .number(t.fee), .text(t.status.rawValue), t.externalID.map { .text($0) },
                    t.asset.map { .text($0.rawValue) }, .number(t.tax), t.ratio.map { .number($0) },
                ]
            }
        )
    }

    /// The key (asset, currency, market, time) comes first: quotes have no id.
    public static func quotes(_ rows: [Quote]) -> ResultTable {
        table(
            [
                ("asset", .text), ("currency", .text), ("market", .text), ("time", .time), ("price", .number),
                ("bid", .number),
                ("ask", .number), ("source", .text),
            ],
            rows.map { q in
                [
                    .text(q.asset.rawValue), .text(q.currency.rawValue), .text(q.market.rawValue), .time(q.time),
                    .number(q.price),
                    q.bid.map { .number($0) }, q.ask.map { .number($0) }, .text(q.source),
                ]
            }
        )
    }

    private static func table(
        _ columns: [(String, ResultTable.ColumnKind)],
        _ rows: [[ResultTable.Cell?]]
    ) -> ResultTable {
        let decimals = columns.indices.map { c in
            rows.reduce(0) { most, row in
                guard case let .number(v)? = row[c] else { return most }
                return max(most, decimalsNeeded(v))
            }
        }
        return ResultTable(
            columns: columns.enumerated().map { c, column in
                ResultTable.Column(column.0, column.1, decimals: decimals[c])
            },
            rows: rows
        )
    }

    /// The fewest decimals (at most 10) that write `value` exactly, or as closely as 10 can.
    static func decimalsNeeded(_ value: Double) -> Int {
        var scale = 1.0
        for d in 0..<10 {
            if (value * scale).rounded() / scale == value { return d }
            scale *= 10
        }
        return 10
    }
}

extension RecordTables {
    /// `folio asset list`: code, name, kind, the decimals quantities are shown with, and the quotes held.
    public static func assets(_ rows: [AssetListing]) -> ResultTable {
        ResultTable(
            columns: [
                .init("code", .text), .init("name", .text), .init("kind", .text),
                .init("decimals", .number, decimals: 0),
                .init("quotes", .number, decimals: 0), .init("isin", .text),
            ],
            rows: rows.map { row in
                [
                    .text(row.asset.code.rawValue), .text(row.asset.name), .text(row.asset.kind.rawValue),
                    .number(Double(row.asset.decimals)), .number(Double(row.quotes)),
                    row.isin.map { .text($0.rawValue) },
                ]
            }
        )
    }
}
