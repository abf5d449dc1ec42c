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
        /// Fees of both, and the account fees charged in the month (`fee` transactions).
        public var fees: Double?
        /// `deposits − withdrawals`.
        public var net: Double?
    }

    public var base: AssetCode
    /// Every month of the range, those without transactions included (with zeros).
    public var months: [Month]
    public var missing: [MissingQuoteError]

    /// Flows of `cashTransactions` in `range`, or from the first to the last transaction's month.
    public init(cashTransactions: [CashTransaction], rates: CrossRates, base: AssetCode, range: DayRange? = nil) {
        let transfers = Transfers(cashTransactions, rates: rates, base: base).all.filter {
            range?.contains(Day($0.time)) ?? true
        }
        // An account fee moves no money across the portfolio's boundary, but it is a fee: the month's
        // fees column has it, converted at its time as a transfer's fee is.
        let accountFees = cashTransactions.filter {
            $0.kind == .fee && $0.status == .completed && (range?.contains(Day($0.time)) ?? true)
        }
        let days = (transfers.map(\.time) + accountFees.map(\.time)).map(Day.init)
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
            if let amount = t.amount, let fee = t.fee {
                if t.kind == .deposit { sums[i].deposits += amount } else { sums[i].withdrawals += amount }
                sums[i].fees += fee
            } else {
                sums[i].known = false
                if let why = t.missing { missing.append(why) }
            }
        }
        for fee in accountFees {
            let day = Day(fee.time)
            let i = (day.year - firsts[0].year) * 12 + (day.month - firsts[0].month)
            switch rates.rate(from: fee.currency, to: base, at: fee.time) {
            case let .success(rate): sums[i].fees += rate.convert(fee.amount)
            case let .failure(why):
                sums[i].known = false
                missing.append(why)
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
