import FolioCore
import Foundation

extension CrossRates {
    /// `amount` of `currency` in `base` at `time`, the one way a ledger books a money amount (the cost
    /// basis, the value bridge): as it is in the base currency or when zero, else at the rate of that
    /// instant; NaN (unknown, never a guess) when there is none, the missing quote added to `missing`.
    func value(
        of amount: Double,
        _ currency: AssetCode,
        in base: AssetCode,
        at time: Date,
        missing: inout [MissingQuoteError]
    ) -> Double {
        if currency == base || amount == 0 { return amount }
        switch rate(from: currency, to: base, at: time) {
        case let .success(rate): return rate.convert(amount)
        case let .failure(why):
            missing.append(why)
            return .nan
        }
    }
}
