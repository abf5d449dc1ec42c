import FolioAnalytics
import FolioCore
import FolioStore
import Foundation

/// A portfolio's rows and their replay, without any quotes: enough to know what it held when, so that a
/// caller can choose the days (and so the quotes) it needs before loading them.
public struct PortfolioLedger: Sendable {
    public let portfolio: Portfolio
    public let trades: [Trade]
    public let cashTransactions: [CashTransaction]
    public let replay: HoldingsReplay
    /// Its target mix, nil when it has none (`folio target set`): read with the ledger, so that every
    /// chart, table and report of the portfolio sees the same targets.
    public let targets: PortfolioTargets?

    public init(
        portfolio: Portfolio,
        trades: [Trade],
        cashTransactions: [CashTransaction],
        targets: PortfolioTargets? = nil
    ) {
        self.portfolio = portfolio
        self.trades = trades
        self.cashTransactions = cashTransactions
        self.targets = targets
        replay = HoldingsReplay(trades: trades, cashTransactions: cashTransactions)
    }

    public static func load(_ store: Store, portfolio name: String) throws -> PortfolioLedger {
        let portfolio = try store.portfolio(named: name)
        return PortfolioLedger(
            portfolio: portfolio,
            trades: try store.trades(portfolio: portfolio),
            cashTransactions: try store.cashTransactions(portfolio: portfolio),
            targets: try StoredInputs(store).targets(portfolio: name)
        )
    }

    public var base: AssetCode { portfolio.baseCurrency }

    /// Every asset the portfolio traded, priced a trade in, paid a fee in or moved as cash, and its base:
    /// the quotes a report on it can need (a report need not read another portfolio's coins).
    var touchedAssets: Set<AssetCode> {
        var codes = Set(trades.flatMap { [$0.asset, $0.priceCurrency, $0.feeCurrency] })
        codes.formUnion(cashTransactions.map(\.currency))
        codes.formUnion(cashTransactions.compactMap(\.asset))
        codes.insert(base)
        // An asset a target names but the portfolio never held: its drift and its buy need its price.
        if let targets {
            codes.formUnion(targets.basis == .asset ? targets.lines.map { AssetCode($0.name) } : [])
            codes.formUnion(targets.classes.values.joined())
        }
        return codes
    }

    /// The moments of every trade and cash transaction: where a valuation converts at the instant, not at
    /// a day's end (`MarketInputs.load(_:options:valuingAt:)`).
    public var eventTimes: [Date] { trades.map(\.time) + cashTransactions.map(\.time) }

    /// The day of the first and of the last trade or completed cash transaction (a failed transfer is
    /// not data).
    public var activity: (first: Day, last: Day)? {
        // The replay holds exactly these events, in time order.
        guard let first = replay.firstTime, let last = replay.lastTime else { return nil }
        return (Day(first), Day(last))
    }

    /// What is held at the end of the ledger, the base currency aside: the assets whose quotes say how
    /// far the portfolio can be valued.
    var heldAtEnd: [AssetCode] {
        replay.final.quantities.filter { $0.value > HoldingsReplay.zeroTolerance && $0.key != base }.map(\.key).sorted()
    }
}

/// A portfolio with the market that values it: the ledger replayed and a price book with cross rates.
public struct PortfolioInputs: Sendable {
    public let ledger: PortfolioLedger
    public let market: MarketInputs

    public init(_ ledger: PortfolioLedger, market: MarketInputs) {
        self.ledger = ledger
        self.market = market
    }

    public var portfolio: Portfolio { ledger.portfolio }
    public var trades: [Trade] { ledger.trades }
    public var cashTransactions: [CashTransaction] { ledger.cashTransactions }
    public var replay: HoldingsReplay { ledger.replay }

    /// A portfolio as a report or chart reads it: the valuation book (`MarketInputs.load(_:options:
    /// valuingAt:from:window:)`) of the assets it touched (and `options.assets`) with its ledger's moments,
    /// from `start` on (nil: its whole history), and with `wholeDays` the last days before `day` (and the
    /// staleness limit before them) whole, for lines of those days. A database of intraday quotes then
    /// costs a report one quote per day of its history.
    public static func loadValued(
        _ ledger: PortfolioLedger,
        prices: any PriceBookSource,
        options: MarketOptions,
        from start: Date? = nil,
        asOf day: Day,
        wholeDays: Int? = nil
    ) throws -> PortfolioInputs {
        var options = options
        options.assets = ledger.touchedAssets.union(options.assets ?? [])
        let window = wholeDays.map {
            (from: day.advanced(by: -$0).start.addingTimeInterval(-options.stalenessDays * 86_400), through: day.end)
        }
        return PortfolioInputs(
            ledger,
            market: try MarketInputs.load(
                prices,
                options: options,
                valuingAt: ledger.eventTimes,
                from: start,
                window: window
            )
        )
    }

    /// The holdings at the end of `day`, valued in the base currency.
    public func valuation(at day: Day) -> HoldingsValuation {
        market.rates.value(replay.holdings(at: day.end), in: portfolio.baseCurrency)
    }

    /// Costs and income up to the end of `day` by `method`, from the one ledger, with the quantities and
    /// values of `valuation` (pass the one already computed for that day).
    public func income(
        _ method: CostBasisMethod = .fifo,
        at day: Day,
        valuation: HoldingsValuation? = nil
    ) -> PortfolioIncome {
        PortfolioIncome(
            trades: trades,
            cashTransactions: cashTransactions,
            method: method,
            valuation: valuation ?? self.valuation(at: day),
            rates: market.rates
        )
    }

    /// Dividends and interest paid up to the end of `day` and projected for the twelve months after it,
    /// with the yields of the holdings valued by `valuation` (pass the one already computed for that day).
    public func incomeProjection(at day: Day, valuation: HoldingsValuation? = nil) -> IncomeProjection {
        IncomeProjection(
            trades: trades,
            cashTransactions: cashTransactions,
            valuation: valuation ?? self.valuation(at: day),
            rates: market.rates
        )
    }

    /// Daily values, transfers and time-weighted returns from the day before the first activity to the end
    /// of `day`; nil when nothing happened by then.
    public func performance(endingAt day: Day) -> PerformanceHistory? {
        guard let first = ledger.activity?.first, first <= day,
            let range = try? DayRange(from: first.advanced(by: -1), to: day)
        else { return nil }
        return PerformanceHistory(replay: replay, rates: market.rates, base: portfolio.baseCurrency, range: range)
    }
}
