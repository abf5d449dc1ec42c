import FolioCore
import Foundation

/// Deposits and withdrawals per calendar month in the base currency (horizontal bars of money in and out).
/// Only completed transactions count; each is converted at its own time (`Transfers`).
public struct CashFlowsByMonth: Hashable, Sendable {
    public struct Month: Hashable, Sendable {
        /// `YYYY-MM`.
        public var label: String
        public var first: Day
        /// Sum of deposit amounts; nil when one could not be converted.
        public var deposits: Double?
        /// Sum of withdrawal amounts, as a positive number.
        public var withdrawals: Double?
        /// Every fee paid in the month, as the value bridge's fees line counts them: of deposits and
        /// withdrawals, of trades (given `trades`), of income, and the account's (`fee` transactions).
        public var fees: Double?
        /// `deposits − withdrawals`.
        public var net: Double?
    }

    public var base: AssetCode
    /// Every month of the range, those without transactions included (with zeros).
    public var months: [Month]
    public var missing: [MissingQuoteError]

    /// Flows of `cashTransactions` in `range`, or from the first to the last transaction's month; the
    /// fees of `trades` too.
    public init(
        cashTransactions: [CashTransaction],
        trades: [Trade] = [],
        rates: CrossRates,
        base: AssetCode,
        range: DayRange? = nil
    ) {
        let transfers = Transfers(cashTransactions, rates: rates, base: base).all.filter {
            range?.contains(Day($0.time)) ?? true
        }
        // A fee moves no money across the portfolio's boundary, but it is what the month cost: each entry's
        // fees as the value bridge books them (`BookedEntry`), so that the months add up to its fees line.
        let charged = LedgerEntry.inReplayOrder(
            trades: trades,
            cashTransactions: cashTransactions,
            through: .distantFuture
        )
        .filter { range?.contains(Day($0.time)) ?? true }
        .map { BookedEntry($0, rates: rates, base: base) }
        .filter { $0.bookings.contains { $0.line == .fees } }
        let days = (transfers.map(\.time) + charged.map(\.time)).map(Day.init)
        self.base = base
        self.missing = []
        guard let start = range?.from ?? days.min(), let end = range?.to ?? days.max() else {
            self.months = []
            return
        }
        var firsts: [Day] = []
        var m = Day(year: start.year, month: start.month, day: 1)!
        while m <= end {
            firsts.append(m)
            m = m.addingMonths(1)
        }
        struct Sums {
            var deposits = CompensatedSum(), withdrawals = CompensatedSum(), fees = CompensatedSum()
            var known = true
        }
        var sums = [Sums](repeating: Sums(), count: firsts.count)
        for t in transfers {
            let day = Day(t.time)
            let i = (day.year - firsts[0].year) * 12 + (day.month - firsts[0].month)
            if let amount = t.amount {
                if t.kind == .deposit { sums[i].deposits += amount } else { sums[i].withdrawals += amount }
            } else {
                sums[i].known = false
                if let why = t.missing { missing.append(why) }
            }
        }
        for entry in charged {
            let day = Day(entry.time)
            let i = (day.year - firsts[0].year) * 12 + (day.month - firsts[0].month)
            let fee = entry.bookings.filter { $0.line == .fees }.map(\.amount).reduce(0, +)
            if fee.isFinite {
                sums[i].fees += fee
            } else {
                sums[i].known = false
                missing += entry.missing
            }
        }
        self.months = zip(firsts, sums).map { first, s in
            let known = s.known
            return Month(
                label: String(first.iso.prefix(7)),
                first: first,
                deposits: known ? s.deposits.value : nil,
                withdrawals: known ? s.withdrawals.value : nil,
                fees: known ? s.fees.value : nil,
                net: known ? s.deposits.value - s.withdrawals.value : nil
            )
        }
    }
}

extension CashFlowsByMonth {
    /// Table `flows`: one row per month.
    public var table: ResultTable {
        ResultTable(
            columns: [
                .init("month", .text), .init("deposits", .number), .init("withdrawals", .number),
                .init("fees", .number), .init("net", .number),
            ],
            rows: months.map {
                [.text($0.label), .finite($0.deposits), .finite($0.withdrawals), .finite($0.fees), .finite($0.net)]
            }
        )
    }
}
