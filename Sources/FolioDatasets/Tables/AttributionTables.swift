import FolioAnalytics
import FolioCore
import FolioInputs

/// `folio table attribution`: where a portfolio's value came from over a period (FolioAnalytics'
/// `ReturnAttribution`), as the value bridge or, `--by holding`, holding by holding.
enum AttributionTables {
    static func attribution(_ c: TableContext) throws -> ResultTable {
        let (attribution, range) = try Self.attribution(c)
        if c.request.byHolding {
            let contributions = attribution.contributions(over: range)
            c.warn(contributions.missing)
            return contributions.table
        }
        let bridge = attribution.bridge(over: range)
        c.warn(bridge.missing)
        return bridge.table
    }

    /// The attribution of the portfolio's whole history up to the range's end, and the range: `--period`
    /// ending at `--as-of`, or `--from` (default: the first activity) to `--to` (default: `--as-of`, else
    /// the last day with data).
    private static func attribution(_ c: TableContext) throws -> (ReturnAttribution, DayRange) {
        let p = try c.ledger
        let request = c.request
        let end = try request.to ?? request.day(default: c.portfolioLastDay())
        let argument = request.to != nil ? "--to" : "--as-of"
        guard let history = p.performance(endingAt: end), let first = history.value.days.dropFirst().first else {
            throw ArgumentError(
                argument,
                "\(end.iso) is before the first trade or transaction of \"\(p.portfolio.name)\""
            )
        }
        // The days its time-weighted return covers: from the first activity, or from the first day the
        // value was above zero when it was below until then (`ReturnSeries.firstDay`).
        let inception = max(first, history.returns.firstDay ?? first)
        let lateStart = history.returns.lateStart
        let range: DayRange
        if let period = request.attributionPeriod {
            do {
                range = try period.range(inception: inception, end: end, lateStart: lateStart)
            } catch { throw ArgumentError(error) }
        } else {
            let from = request.from ?? inception
            guard from >= inception else {
                let what = lateStart == nil ? "the first activity" : "the first day the value was above zero"
                throw ArgumentError(
                    "--from",
                    "\(from.iso) is before \(what) of \"\(p.portfolio.name)\" (\(inception.iso))"
                )
            }
            do { range = try DayRange(from: from, to: end) } catch { throw ArgumentError(error) }
        }
        let attribution = ReturnAttribution(
            history: history,
            replay: p.replay,
            trades: p.trades,
            cashTransactions: p.cashTransactions,
            rates: p.market.rates
        )
        return (attribution, range)
    }
}

extension TableRequest {
    /// `--period` and `--by` of the attribution table, which mean other things there than for composition
    /// and allocation: a period of the performance table, a year or `last-year`; `holding`.
    mutating func readAttribution(period: String?, by: String?) throws {
        if let period {
            guard from == nil && to == nil else {
                throw ArgumentError("--period", "give either --period or --from/--to")
            }
            do { attributionPeriod = try AttributionPeriod(period) } catch { throw ArgumentError(error) }
        }
        if let by {
            guard by.lowercased() == "holding" else {
                throw ArgumentError("--by", "\"\(by)\" is not a grouping of the attribution table, expected holding")
            }
            byHolding = true
        }
    }
}
