import Foundation
import FolioCore

/// Routes found once per pair for a computation that converts many rows (deposits, budget entries,
/// trade fees): finding a route walks the whole quote graph, evaluating one is a few bisections.
struct RouteMemo {
    let rates: CrossRates
    private var routes: [CurrencyPair: CrossRates.Route?] = [:]

    init(_ rates: CrossRates) { self.rates = rates }

    mutating func rate(from: AssetCode, to: AssetCode, at time: Date, side: QuoteSide = .mid) -> Result<CrossRates.Rate, MissingQuote> {
        let pair = CurrencyPair(from, to)
        let route: CrossRates.Route?
        if let known = routes[pair] {
            route = known
        } else {
            route = rates.route(from: from, to: to)
            routes[pair] = route
        }
        guard let route else { return .failure(MissingQuote(pair: pair, markets: [], at: time, reason: .noRoute)) }
        return rates.rate(along: route, at: time, side: side)
    }
}
