import FolioCore
import Foundation

/// From one value to another over a range of days, every amount in the base currency:
///
///     start value + deposits − withdrawals + price effect + currency effect + dividends + interest
///       − fees − taxes = end value
///
/// to the last cent, with no line for what is left over (`ReturnAttribution` says why none is).
/// Dividends and interest are before the tax withheld from them and their fees, which are on the
/// `taxes` and `fees` lines; fees are those of trades, of deposits and withdrawals, of income and of
/// the account. Undefined (nil, with the missing quotes named) when a value at either end, a rate at a
/// close on either end or the rate of an entry in the range is missing: never a partial sum.
public struct ValueBridge: Hashable, Sendable {
    public var range: DayRange
    public var base: AssetCode
    /// The value at the end of the day before the range.
    public var start: Double?
    public var deposits: Double?
    public var withdrawals: Double?
    public var price: Double?
    public var currency: Double?
    public var dividends: Double?
    public var interest: Double?
    public var fees: Double?
    public var taxes: Double?
    /// The value at the end of the range's last day.
    public var end: Double?
    /// Why it is undefined, one line per pair.
    public var missing: [MissingQuoteSpan]

    /// What the money invested earned: price + currency + dividends + interest − fees − taxes, which is
    /// end − start − deposits + withdrawals.
    public var gain: Double? {
        guard let price, let currency, let dividends, let interest, let fees, let taxes else { return nil }
        return price + currency + dividends + interest - fees - taxes
    }

    /// A line of the bridge, by the name the table gives it.
    public enum Line: String, CaseIterable, Sendable {
        case startValue = "start_value"
        case deposits, withdrawals
        case priceEffect = "price_effect"
        case currencyEffect = "currency_effect"
        case dividends, interest, fees, taxes
        case endValue = "end_value"

        /// The start and the end value; the other lines move from one to the other.
        public var isTotal: Bool { self == .startValue || self == .endValue }
    }

    /// The bridge's lines in order, each signed as it adds up (withdrawals, fees and taxes negative), so
    /// that the column sums from the start value to the end value; with each effect's share of the gain.
    public var lines: [(line: Line, amount: Double?, shareOfGain: Double?)] {
        let gain = self.gain.flatMap { $0 == 0 ? nil : $0 }
        return Line.allCases.map { line in
            let amount: Double? =
                switch line {
                case .startValue: start
                case .deposits: deposits
                case .withdrawals: withdrawals.map { -$0 }
                case .priceEffect: price
                case .currencyEffect: currency
                case .dividends: dividends
                case .interest: interest
                case .fees: fees.map { -$0 }
                case .taxes: taxes.map { -$0 }
                case .endValue: end
                }
            // Money paid in or taken out is not part of the gain: only the effects, income and costs have a share.
            let share =
                line.isTotal || line == .deposits || line == .withdrawals
                ? nil : amount.flatMap { a in gain.map { a / $0 } }
            return (line, amount, share)
        }
    }

    /// The lines' amounts in cents, adding up from the start value to the end value as written: each
    /// rounded to the cent, then moved by a cent where the roundings would miss (`Apportionment`) — the
    /// deposits and withdrawals to the net deposits the value table prints, the effects, income and costs
    /// to the end value less the start and those. The two values and a line that rounds to nothing never
    /// move.
    var amountsInCents: [Double?] {
        let lines = self.lines
        let amounts = lines.compactMap(\.amount)
        guard amounts.count == lines.count else { return lines.map(\.amount) }
        func cents(_ x: Double) -> Double { Double(DecimalDigits.plain(x, decimals: 2)) ?? x }
        let moved = lines.indices.filter { [.deposits, .withdrawals].contains(lines[$0].line) }
        let effects = lines.indices.filter { !lines[$0].line.isTotal && !moved.contains($0) }
        let (start, end) = (cents(amounts[0]), cents(amounts[amounts.count - 1]))
        let net = cents(moved.map { amounts[$0] }.reduce(0, +))
        guard
            let movedCents = Apportionment.rounded(
                moved.map { amounts[$0] },
                adjustable: moved.map { abs(amounts[$0]) >= 0.005 },
                addingUpTo: net,
                decimals: 2
            ),
            let effectCents = Apportionment.rounded(
                effects.map { amounts[$0] },
                adjustable: effects.map { abs(amounts[$0]) >= 0.005 },
                addingUpTo: end - start - net,
                decimals: 2
            )
        else { return lines.map(\.amount) }
        var result = amounts
        (result[0], result[result.count - 1]) = (start, end)
        for (i, c) in zip(moved, movedCents) { result[i] = c }
        for (i, c) in zip(effects, effectCents) { result[i] = c }
        return result
    }

    /// Table `attribution`: one row per line, in cents that add up (`amountsInCents`); `share_of_gain` in
    /// percent of the gain (negative for a line that worked against it), for the lines between the money
    /// moved and the end value.
    public var table: ResultTable {
        ResultTable(
            columns: [
                .init("line", .text), .init("amount_\(base.rawValue.lowercased())", .number),
                .init("share_of_gain", .percent),
            ],
            rows: zip(lines, amountsInCents).map { line, cents in
                [.text(line.line.rawValue), .finite(cents), .finite(line.shareOfGain.map { $0 * 100 })]
            }
        )
    }
}

extension ReturnAttribution {
    /// The first day a bridge can start: the day after the opening valuation (the day of the first
    /// activity), or the since-inception figures' first day when that is later (`ReturnSeries.firstDay`),
    /// so that a bridge covers the days its time-weighted return does.
    public var inception: Day? { days.count > 1 ? max(days[1], returns.firstDay ?? days[1]) : nil }

    /// Why the bridges start later than the first activity; nil when they start on it.
    public var lateStart: ReturnSeries.LateStart? { returns.lateStart }

    /// The bridge over `range`, which must lie within the days after the first one.
    public func bridge(over range: DayRange) -> ValueBridge {
        var bridge = ValueBridge(range: range, base: base, missing: [])
        guard let a = index(of: range.from), a > 0, let b = index(of: range.to) else { return bridge }
        let sum = sum(a, b)
        guard isSplit(at: a - 1), isSplit(at: b), let start = value.total[a - 1], let end = value.total[b],
            [sum.price, sum.currency, sum.deposits, sum.withdrawals, sum.dividends, sum.interest, sum.fees, sum.taxes]
                .allSatisfy(\.isFinite)
        else {
            bridge.missing = missing(a, b)
            return bridge
        }
        (bridge.start, bridge.end, bridge.price, bridge.currency) = (start, end, sum.price, sum.currency)
        (bridge.deposits, bridge.withdrawals, bridge.dividends) = (sum.deposits, sum.withdrawals, sum.dividends)
        (bridge.interest, bridge.fees, bridge.taxes) = (sum.interest, sum.fees, sum.taxes)
        return bridge
    }

    /// Every holding's (or, given `holding`, one's) amounts over days `a` … `b` (indices), each summed with
    /// compensation.
    func sum(_ a: Int, _ b: Int, holding: Int? = nil) -> DayParts {
        var sums = [CompensatedSum](repeating: CompensatedSum(), count: 9)
        for h in holding.map({ [$0] }) ?? Array(holdings.indices) {
            for d in a...b {
                let p = parts[h][d]
                sums[0] += p.price
                sums[1] += p.currency
                sums[2] += p.deposits
                sums[3] += p.withdrawals
                sums[4] += p.dividends
                sums[5] += p.interest
                sums[6] += p.fees
                sums[7] += p.taxes
                sums[8] += p.moved
            }
        }
        return DayParts(
            price: sums[0].value,
            currency: sums[1].value,
            deposits: sums[2].value,
            withdrawals: sums[3].value,
            dividends: sums[4].value,
            interest: sums[5].value,
            fees: sums[6].value,
            taxes: sums[7].value,
            moved: sums[8].value
        )
    }

    /// Whether every holding's value at the close of day `d` (an index) was split into price and rate.
    func isSplit(at d: Int) -> Bool { holdings.indices.allSatisfy { marked[$0][d] } }

    /// The quotes a bridge over days `a` … `b` (indices) needs and lacks: at its entries, and at the
    /// closes it starts and ends at (a close between them that lacks one is carried into the next).
    func missing(_ a: Int, _ b: Int) -> [MissingQuoteSpan] {
        var log = MissingQuoteLog()
        for miss in misses where miss.atClose ? miss.day == a - 1 || miss.day == b : (a...b).contains(miss.day) {
            log.record(miss.missing, on: days[miss.day])
        }
        let ends = [days[a - 1], days[b]]
        return log.all + value.missing.filter { span in ends.contains { span.first <= $0 && $0 <= span.last } }
    }
}
