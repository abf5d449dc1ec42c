import FolioCore
import Foundation

/// The National Bank of Ukraine's official rate of each currency, hryvnias per unit, by calendar day:
/// the only rate the tax view converts at. The NBU sets a rate for every calendar day (Friday's rate
/// holds for the weekend), so a day without one is a gap in the data, named as an error, and never
/// filled from an earlier day or another market.
public struct OfficialRates: Sendable {
    private var rates: [AssetCode: [Day: Double]]

    public init(_ rates: [AssetCode: [Day: Double]]) { self.rates = rates }

    /// The NBU quotes among `quotes` (market `nbu`, in UAH), by the day of their time.
    public init(quotes: [Quote]) {
        var rates: [AssetCode: [Day: Double]] = [:]
        for q in quotes where q.market == .nbu && q.currency == .uah && q.price > 0 {
            rates[q.asset, default: [:]][Day(q.time)] = q.price
        }
        self.init(rates)
    }

    /// Hryvnias per unit of `currency` on `day`; 1 for the hryvnia itself.
    public func rate(_ currency: AssetCode, on day: Day) throws(TaxYearError) -> Double {
        if currency == .uah { return 1 }
        guard let rate = rates[currency]?[day] else { throw .missingRate(currency: currency, day: day) }
        return rate
    }
}
