import FolioAnalytics
import FolioCore
import FolioInputs

/// Tables of prices read from the quotes: one asset's window, several assets' returns and correlations.
enum PriceTables {
    static func prices(_ c: TableContext) throws -> ResultTable {
        let set = try PriceSet(c)
        let range = try c.request.range(endingBy: set.lastDay) { $0.spanStart(months: 12) }
        let tables = try set.histories(range).map { $0.table.prefixed("asset", $0.asset.rawValue) }
        return ResultTable.stacked(tables)!  // `histories` throws rather than return none
    }

    /// One row per asset: the statistics of the `--window` days (default 7) ending at `--as-of`, or at
    /// the asset's own last quote. Too few quotes is a row of its own (count only), not an error.
    static func window(_ c: TableContext) throws -> ResultTable {
        let set = try PriceSet(c)
        let days = c.request.window ?? 7
        let tables = try set.assets.map { asset in
            let end = try c.request.asOf ?? set.portfolioDay ?? set.lastDay(of: asset) ?? set.lastDay
            let range = try DayRange(from: end.advanced(by: -days), to: end)
            let points = try set.history(asset, range, emptyIsError: false)?.points ?? []
            let outcome = try WindowStats.of(points, windowLength: Double(days) * 86_400, endingAt: end.end)
            return outcome.table.prefixed("asset", asset.rawValue)
        }
        return ResultTable.stacked(tables)!  // a PriceSet has at least one asset
    }

    /// Daily returns over 12 months (or the range), the last `--window` return days when given.
    static func returns(_ c: TableContext) throws -> DailyReturns {
        try returns(c, keepingLast: c.request.window)
    }

    /// `choosing` picks the assets whose returns are taken from the closes found (default: all of them).
    private static func returns(
        _ c: TableContext,
        keepingLast count: Int?,
        choosing: ([AssetCode: [DatedValue]]) throws -> [AssetCode: [DatedValue]] = { $0 }
    ) throws -> DailyReturns {
        let set = try PriceSet(c)
        let range = try c.request.range(endingBy: set.lastDay) { $0.spanStart(months: 12) }
        let closes = try choosing(
            Dictionary(uniqueKeysWithValues: try set.histories(range).map { ($0.asset, $0.dailyCloses) })
        )
        let returns = DailyReturns(prices: closes, calendar: c.request.calendar)
        guard !returns.days.isEmpty else {
            throw ArgumentError(
                "--from/--to",
                "fewer than two days with quotes between \(range.from.iso) and \(range.to.iso)"
            )
        }
        guard let count else { return returns }
        do { return try returns.last(count) } catch { throw ArgumentError(error) }
    }

    static func correlation(_ c: TableContext) throws -> ResultTable {
        let returns = try returns(c)
        do {
            return try CorrelationMatrix(
                returns,
                minimumOverlap: c.request.minOverlap ?? CorrelationMatrix.defaultMinimumOverlap
            ).table
        } catch { throw ArgumentError(error) }
    }

    /// Two assets; the window counts return days (default 30).
    static func rollingCorrelation(_ c: TableContext) throws -> ResultTable {
        // Here the window slides over the returns of the whole range rather than cutting them.
        let window = c.request.window ?? 30
        let set = try PriceSet(c)
        func fewerThanTwo(_ held: [AssetCode]) -> ArgumentError {
            let name = c.portfolio?.portfolio.name ?? ""
            return ArgumentError(
                "--portfolio",
                "\"\(name)\" holds fewer than two assets with daily returns in \(set.currency) (\(held.isEmpty ? "none" : held.map(\.rawValue).joined(separator: ", "))); name two with --asset"
            )
        }
        if !set.named && set.assets.count < 2 { throw fewerThanTwo(set.assets) }
        // A portfolio's two largest holdings with returns (three closes or more), as its chart takes them;
        // only their days count, or the weekends of a currency held beside stocks would thin every window.
        let returns = try returns(c, keepingLast: nil) { closes in
            guard !set.named else { return closes }
            let pair = Array(set.assets.filter { (closes[$0]?.count ?? 0) > 2 }.prefix(2))
            guard pair.count == 2 else { throw fewerThanTwo(pair) }
            return closes.filter { pair.contains($0.key) }
        }
        let order: [AssetCode]
        if set.named {
            guard returns.assets.count == 2 else {
                throw ArgumentError(
                    "--asset",
                    "rolling-correlation takes exactly two assets, \(returns.assets.count) found: \(returns.assets.map(\.rawValue).joined(separator: " "))"
                )
            }
            order = c.request.assets
        } else {
            order = set.assets.filter(returns.assets.contains)
        }
        do {
            return try RollingCorrelation(
                returns,
                first: order[0],
                second: order[1],
                window: window,
                minimumOverlap: c.request.minOverlap
            ).table
        } catch { throw ArgumentError(error) }
    }

    static func normalised(_ c: TableContext) throws -> ResultTable {
        let set = try PriceSet(c)
        let range = try c.request.range(endingBy: set.lastDay) { $0.spanStart(months: 12) }
        let closes = Dictionary(uniqueKeysWithValues: try set.histories(range).map { ($0.asset, $0.dailyCloses) })
        return NormalisedSeries(prices: closes, method: c.request.normalisation).table
    }
}

/// The assets of a price table and the currency their prices are shown in.
///
/// Assets: `--asset`, else what the portfolio holds at the table's last day (its base and the currency
/// aside), largest value first, as the portfolio's charts take them. Currency: `--currency`, else the
/// portfolio's base, else the quote currency of the first asset (AAPL in USD, USD in UAH). The last day:
/// the portfolio's as-of day when there is a portfolio, else the earliest of the assets' last days in the
/// currency (`AsOf.assets`), so that none of them is empty in a range ending there.
struct PriceSet {
    let context: TableContext
    let assets: [AssetCode]
    let currency: AssetCode
    /// Whether the user named the assets (then an asset without quotes is an error, not a note).
    let named: Bool
    /// The portfolio's as-of day (`AsOf.portfolio`), when the table is of a portfolio's assets.
    let portfolioDay: Day?

    init(_ c: TableContext) throws {
        context = c
        named = !c.request.assets.isEmpty
        let base = c.portfolio?.portfolio.baseCurrency
        portfolioDay = try c.portfolio.flatMap { try AsOf.portfolio($0.ledger, prices: c.inputs.prices) }
        if named {
            assets = c.request.assets
        } else if let p = c.portfolio, let base {
            guard let asOf = portfolioDay else {
                throw ArgumentError("--portfolio", "\"\(p.portfolio.name)\" has no trades or completed transactions")
            }
            let day = c.request.to ?? c.request.asOf ?? asOf
            let shown = c.request.currency ?? base
            assets = p.market.rates.value(p.replay.holdings(at: day.end), in: base).assets
                .filter { $0.quantity > HoldingsReplay.zeroTolerance && $0.asset != base && $0.asset != shown }
                .sorted { ($0.value ?? -.infinity, $1.asset.rawValue) > ($1.value ?? -.infinity, $0.asset.rawValue) }
                .map(\.asset)
            guard !assets.isEmpty else {
                throw ArgumentError(
                    "--portfolio",
                    "\"\(p.portfolio.name)\" holds nothing but \(base) on \(day.iso) to show prices of"
                )
            }
        } else {
            throw ArgumentError("--asset", "name an asset, or a --portfolio to use what it holds")
        }
        guard let currency = c.request.currency ?? base ?? c.market.quoteCurrency(of: assets[0]) else {
            throw ArgumentError("--asset", "no quote of \(assets[0]) (see `folio info`)")
        }
        self.currency = currency
    }

    func lastDay(of asset: AssetCode) -> Day? { context.market.lastQuote(from: asset, to: currency).map(Day.init) }

    /// Where the table's range ends by default: see the type's comment.
    var lastDay: Day {
        get throws {
            if let portfolioDay { return portfolioDay }
            switch AsOf.assets(assets, in: currency, lastQuotes: context.market.book) {
            case .success(let day): return day
            case .failure(let missing): throw ArgumentError("--asset", "no quote links \(missing.asset) to \(currency)")
            }
        }
    }

    /// The prices of one asset in `range`; nil when it has none there and that is not an error.
    func history(_ asset: AssetCode, _ range: DayRange, emptyIsError: Bool = true) throws -> PriceHistory? {
        do {
            let history = try PriceHistory(of: asset, in: currency, range: range, rates: context.market.rates)
            context.warn(history.missing)
            return history
        } catch .emptyRange {
            if emptyIsError {
                throw ArgumentError("--from/--to", "no \(asset) quote between \(range.from.iso) and \(range.to.iso)")
            }
            return nil
        } catch .unknownAsset {
            throw ArgumentError(named ? "--asset" : "--portfolio", "no quote links \(asset) to \(currency)")
        } catch {
            throw ArgumentError(error)
        }
    }

    /// Every asset's prices in `range`. Assets the portfolio traded but that have no quote there are
    /// left out with a note for stderr; an asset the user named must have quotes.
    func histories(_ range: DayRange) throws -> [PriceHistory] {
        var out: [PriceHistory] = []
        for asset in assets {
            if let h = try history(asset, range, emptyIsError: named) {
                out.append(h)
            } else {
                context.note("left out: no \(asset) quote between \(range.from.iso) and \(range.to.iso)")
            }
        }
        guard !out.isEmpty else {
            throw ArgumentError(
                "--from/--to",
                "no quote of \(assets.map(\.rawValue).joined(separator: ", ")) between \(range.from.iso) and \(range.to.iso)"
            )
        }
        return out
    }
}
