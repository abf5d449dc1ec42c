import FolioCore
import Foundation

/// What a Ukrainian resident declares for the securities sold in one calendar year, every figure in
/// hryvnias whatever the portfolio's base (art. 170.2 of the Tax Code, investment profit):
///
/// - each sale closes purchases first in, first out (`TaxLots`); for each purchase it closes, the cost is
///   the units × the purchase price × the NBU rate of the purchase's day, plus its share of the
///   purchase's fee at that day's rate; the proceeds are the units × the sale price × the NBU rate of the
///   sale's day, less its share of the sale's fee; the result is proceeds − cost;
/// - the year's results are netted; a net loss is not taxed, and when the rates say so it is carried
///   into later years and reduces their profit until used up;
/// - the net profit is taxed at the rates in force on the year's last day (`TaxRates.taxDay`);
/// - dividends and interest are listed beside it at the NBU rate of the day they were received, with the
///   tax withheld abroad, and not taxed here (their rates and the credit for the tax withheld abroad
///   depend on the paying country's treaty, art. 170.11).
///
/// Exchanging currencies is no investment operation here: trades of currencies make no row and hold no
/// lots (the ledger, by contrast, books a currency's own gain). Sales of assets that are not stocks or
/// ETFs (coins, metals, others) are left out and named in `leftOut`. Every amount is rounded to kopecks
/// once (`Hryvnias`) and then only added, so the rows sum to the totals to the kopeck.
public struct TaxYear: Sendable {
    /// One purchase closed by one sale, with its figures.
    public struct Sale: Hashable, Sendable {
        public let closing: LotClosing
        public var asset: AssetCode { closing.sale.asset }
        public var units: Double { closing.units }
        public let buyDay: Day
        /// Per unit of today's units: the purchase price divided by the splits since.
        public let buyPrice: Double
        public var buyCurrency: AssetCode { closing.buy.priceCurrency }
        public let buyRate: Double
        /// This row's share of the purchase's fee, at the NBU rate of the purchase's day.
        public let buyFee: Hryvnias
        /// units × buy price × buy rate, rounded, plus the fee.
        public let cost: Hryvnias
        public let sellDay: Day
        /// The sale price; a sale whose fee took units of the asset spreads its price over all it took.
        public let sellPrice: Double
        public var sellCurrency: AssetCode { closing.sale.priceCurrency }
        public let sellRate: Double
        public let sellFee: Hryvnias
        /// units × sell price × sell rate, rounded, less the fee.
        public let proceeds: Hryvnias
        public var result: Hryvnias { proceeds - cost }
    }

    /// A dividend or interest received in the year.
    public struct Income: Hashable, Sendable {
        public let transaction: CashTransaction
        public var day: Day { Day(transaction.time) }
        public var kind: CashTransactionKind { transaction.kind }
        /// The paying asset of a dividend; interest names its currency.
        public var asset: AssetCode { transaction.asset ?? transaction.currency }
        public var currency: AssetCode { transaction.currency }
        public var gross: Double { transaction.amount }
        public var withheld: Double { transaction.tax }
        public let rate: Double
        public let grossUAH: Hryvnias
        public let withheldUAH: Hryvnias
    }

    /// A tax on the taxable profit: the period of the rates file in force on the year's last day, and
    /// the amount (nil when the file has no rate for that day).
    public struct Levy: Hashable, Sendable {
        public let period: TaxRates.Period?
        public let amount: Hryvnias?
    }

    public let year: Int
    public let rates: TaxRates
    public let sales: [Sale]
    public let income: [Income]
    /// Sum of the rows' positive results; sum of their negative results (≤ 0); both together.
    public let gains: Hryvnias
    public let losses: Hryvnias
    public var net: Hryvnias { gains + losses }
    /// The net losses of earlier years not yet used (≤ 0), when the rates carry losses forward.
    let lossFromEarlierYears: Hryvnias?
    /// What is taxed: the net profit less the losses carried in, never below zero.
    let taxable: Hryvnias
    /// What is left of the losses for later years (≤ 0), when the rates carry losses forward.
    let lossToLaterYears: Hryvnias?
    public let personalIncomeTax: Levy
    public let militaryLevy: Levy
    var totalTax: Hryvnias? {
        guard let a = personalIncomeTax.amount, let b = militaryLevy.amount else { return nil }
        return a + b
    }
    public var grossIncome: Hryvnias { income.map(\.grossUAH).sum() }
    public var withheldIncome: Hryvnias { income.map(\.withheldUAH).sum() }
    /// Assets sold in the year that are not securities here (`isSecurity`), with their kinds.
    public let leftOut: [AssetCode: AssetKind]

    /// Stocks and ETFs: the investment assets of art. 170.2 that Folio knows the kind of.
    static func isSecurity(_ kind: AssetKind) -> Bool { kind == .stock || kind == .etf }

    /// The tax year `year` of a portfolio's trades and cash transactions. `kinds` tells securities from
    /// currencies and the rest (an asset it does not name counts as `other`); `official` converts.
    public init(
        year: Int,
        trades: [Trade],
        cashTransactions: [CashTransaction],
        kinds: [AssetCode: AssetKind],
        official: OfficialRates,
        rates: TaxRates
    ) throws(TaxYearError) {
        guard let first = Day(year: year, month: 1, day: 1), year >= 1970 else { throw .invalidYear(year) }
        let end = TaxRates.taxDay(of: year).end
        func kind(_ asset: AssetCode) -> AssetKind { kinds[asset] ?? .other }
        let lots = TaxLots(trades: trades, cashTransactions: cashTransactions, through: end) {
            Self.isSecurity(kind($0))
        }
        let byYear = try Self.salesByYear(lots, year: year, carrying: rates.carryLossesForward, official: official)
        try Self.checkSums(byYear.values.flatMap { $0.flatMap { [$0.cost, $0.proceeds] } }, "the sales of \(year)")

        // Losses carried forward, year by year from the first with a sale.
        var carried = Hryvnias.zero
        if rates.carryLossesForward {
            for (y, sales) in byYear.sorted(by: { $0.key < $1.key }) where y < year {
                carried = Self.carry(carried, net: sales.map(\.result).sum()).carried
            }
        }
        let sales = byYear[year] ?? []
        gains = sales.map(\.result).filter { $0 > .zero }.sum()
        losses = sales.map(\.result).filter { $0 < .zero }.sum()
        let (taxable, left) = Self.carry(carried, net: gains + losses)
        self.taxable = taxable
        lossFromEarlierYears = rates.carryLossesForward ? -carried : nil
        lossToLaterYears = rates.carryLossesForward ? -left : nil

        let day = TaxRates.taxDay(of: year)
        func levy(_ periods: [TaxRates.Period]) -> Levy {
            let period = TaxRates.inForce(periods, on: day)
            return Levy(period: period, amount: period.map { taxable.percent($0.percent) })
        }
        personalIncomeTax = levy(rates.personalIncomeTax)
        militaryLevy = levy(rates.militaryLevy)

        let income = try Self.income(cashTransactions, from: first.start, through: end, official: official)
        try Self.checkSums(income.flatMap { [$0.grossUAH, $0.withheldUAH] }, "the dividends and interest of \(year)")

        var leftOut: [AssetCode: AssetKind] = [:]
        for t in trades
        where t.side == .sell && Day(t.time).year == year && kind(t.asset) != .fiat && !Self.isSecurity(kind(t.asset)) {
            leftOut[t.asset] = kind(t.asset)
        }
        self.year = year
        self.rates = rates
        self.sales = sales
        self.income = income
        self.leftOut = leftOut
    }

    /// The sales of `year`, and of every earlier year when losses carry, by year; an error for a sale
    /// whose lots are not known (`TaxYearError.unknownLots`, `.lotsUnknownAfter`).
    static func salesByYear(
        _ lots: TaxLots,
        year: Int,
        carrying: Bool,
        official: OfficialRates
    ) throws(TaxYearError) -> [Int: [Sale]] {
        // The years whose sales count: this one, and every earlier one when losses carry forward.
        func counts(_ day: Day) -> Bool { day.year == year || (carrying && day.year < year) }
        var overSold: [AssetCode: Trade] = [:]
        for (sale, unknown) in lots.overSales {
            let day = Day(sale.time)
            if counts(day) {
                throw .unknownLots(
                    sale: sale.reference,
                    day: day,
                    asset: sale.asset,
                    quantity: sale.quantity,
                    unknown: unknown
                )
            }
            if overSold[sale.asset] == nil { overSold[sale.asset] = sale }
        }
        var byYear: [Int: [Sale]] = [:]
        for closing in lots.closings where counts(Day(closing.sale.time)) {
            // An earlier sale sold units Folio never saw bought: which units this one closed is unknowable.
            if let earlier = overSold[closing.sale.asset],
                (earlier.time, earlier.id) < (closing.sale.time, closing.sale.id)
            {
                throw .lotsUnknownAfter(
                    sale: closing.sale.reference,
                    earlier: earlier.reference,
                    asset: closing.sale.asset
                )
            }
            byYear[Day(closing.sale.time).year, default: []].append(try Self.sale(closing, official))
        }
        return byYear
    }

    /// Every completed dividend and interest from `start` through `end`, at the NBU rate of its day.
    static func income(
        _ cashTransactions: [CashTransaction],
        from start: Date,
        through end: Date,
        official: OfficialRates
    ) throws(TaxYearError) -> [Income] {
        var income: [Income] = []
        for c in cashTransactions.sorted(by: { ($0.time, $0.id) < ($1.time, $1.id) })
        where (c.kind == .dividend || c.kind == .interest) && c.status == .completed && c.time >= start
            && c.time <= end
        {
            let rate = try official.rate(c.currency, on: Day(c.time))
            let what = "\(c.kind.rawValue) \(c.reference) on \(Day(c.time).iso)"
            income.append(
                Income(
                    transaction: c,
                    rate: rate,
                    grossUAH: try Self.uah(c.amount * rate, what),
                    withheldUAH: try Self.uah(c.tax * rate, what)
                )
            )
        }
        return income
    }

    /// `value` in kopecks, or the error naming `what` it is when it is beyond `Hryvnias.largest`.
    static func uah(_ value: Double, _ what: @autoclosure () -> String) throws(TaxYearError) -> Hryvnias {
        guard let amount = Hryvnias(rounding: value) else { throw .beyondLimit(what: what()) }
        return amount
    }

    /// Refuses figures whose magnitudes add up to more than `Hryvnias.largest`: every sum and difference
    /// of them (results, gains, losses, carried losses, taxes, income) is then within it, and no Int64
    /// of kopecks overflows.
    static func checkSums(_ figures: [Hryvnias], _ what: String) throws(TaxYearError) {
        let limit = Int64(Hryvnias.largest * 100)
        var total: Int64 = 0
        for figure in figures {
            total += figure.kopecks.magnitude > UInt64(limit) ? limit + 1 : Int64(figure.kopecks.magnitude)
            if total > limit { throw .beyondLimit(what: what) }
        }
    }

    /// A year's taxable profit and the loss left to carry on, from the loss carried in (≥ 0) and the
    /// year's net result: a profit first uses up the loss, a net loss adds to it.
    static func carry(_ carried: Hryvnias, net: Hryvnias) -> (taxable: Hryvnias, carried: Hryvnias) {
        if net < .zero { return (.zero, carried - net) }
        let used = min(carried, net)
        return (net - used, carried - used)
    }

    /// One closing's figures at the NBU rates of its purchase's and its sale's days.
    static func sale(_ c: LotClosing, _ official: OfficialRates) throws(TaxYearError) -> Sale {
        let buy = c.buy
        let sell = c.sale
        let buyDay = Day(buy.time)
        let sellDay = Day(sell.time)
        let buyRate = try official.rate(buy.priceCurrency, on: buyDay)
        let sellRate = try official.rate(sell.priceCurrency, on: sellDay)
        // The price of one of today's units; a purchase whose fee took some of its units spread its price
        // over the units it delivered. Shares multiply before they divide (8 × 120 / 15, not 8 × 8.000…1).
        let buyPrice = buy.quantity == c.bought ? buy.price / c.ratio : buy.quantity * buy.price / c.bought / c.ratio
        var buyFee = Hryvnias.zero
        var sellFee = Hryvnias.zero
        if buy.fee != 0 && buy.feeCurrency != buy.asset {
            let share = buy.fee * (c.units / c.ratio) / c.bought
            buyFee = try uah(
                share * (try official.rate(buy.feeCurrency, on: buyDay)),
                "the fee of purchase \(buy.reference)"
            )
        }
        if sell.fee != 0 && sell.feeCurrency != sell.asset {
            let share = sell.fee * c.units / c.sold
            sellFee = try uah(
                share * (try official.rate(sell.feeCurrency, on: sellDay)),
                "the fee of sale \(sell.reference)"
            )
        }
        let sellPrice = sell.quantity == c.sold ? sell.price : sell.quantity * sell.price / c.sold
        return Sale(
            closing: c,
            buyDay: buyDay,
            buyPrice: buyPrice,
            buyRate: buyRate,
            buyFee: buyFee,
            cost: try uah(c.units * buyPrice * buyRate, "the cost of purchase \(buy.reference)") + buyFee,
            sellDay: sellDay,
            sellPrice: sellPrice,
            sellRate: sellRate,
            sellFee: sellFee,
            proceeds: try uah(c.units * sellPrice * sellRate, "the proceeds of sale \(sell.reference)") - sellFee
        )
    }
}
