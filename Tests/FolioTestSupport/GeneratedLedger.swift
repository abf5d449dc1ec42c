import FolioCore
import Foundation

/// A month of a generated multi-currency portfolio, the same for a seed: what the ledger identity tests
/// (FolioAnalyticsTests) and the report identity tests (FolioReportsTests) check their sums on.
public struct GeneratedLedger: Sendable {
    public var trades: [Trade] = []
    public var cash: [CashTransaction] = []
    public var quotes: [Quote] = []

    public static let days = 30
    public static let base: AssetCode = "UAH"
    /// Asset and the currency it trades in.
    public static let assets: [(AssetCode, AssetCode)] = [
        ("AAA", "USD"), ("BBB", "EUR"), ("CCC", "UAH"), ("DDD", "USD"),
    ]
    public static let currencies: [AssetCode] = ["USD", "EUR", "UAH"]

    /// Daily quotes as random walks, and events through the month: deposits and withdrawals in every
    /// currency (some with fees), buys and sells (some beyond the holding), fees in the price currency,
    /// in the asset and in a third currency, dividends with withholding tax, interest, account fees and
    /// splits (forward and reverse, of held and of short positions). `days` and `events` stretch it over
    /// more months (the defaults are the month the identity tests check).
    public init(seed: UInt64, days: Int = Self.days, events: Int = 60) {
        var random = SplitMix64(seed: seed)
        var price: [String: Double] = [
            "USD/UAH": 38, "EUR/UAH": 41, "AAA/USD": 100, "BBB/EUR": 20, "CCC/UAH": 500, "DDD/USD": 3,
        ]
        let start = t("2024-01-01")
        for day in 0..<days {
            for (pair, p) in price.sorted(by: { $0.key < $1.key }) {
                let parts = pair.split(separator: "/").map { AssetCode(String($0)) }
                let next = p * exp(0.02 * random.normal())
                price[pair] = next
                quotes.append(
                    Quote(
                        asset: parts[0],
                        currency: parts[1],
                        market: ["USD", "EUR"].contains(parts[0]) ? .nbu : .exchange,
                        time: start.addingTimeInterval(Double(day) * 86_400),
                        price: next,
                        source: "test"
                    )
                )
            }
        }
        var id: Int64 = 0
        for _ in 0..<events {
            id += 1
            let time = start.addingTimeInterval(Double(random.next(below: days * 24)) * 3_600 + 60)
            let currency = Self.currencies[random.next(below: Self.currencies.count)]
            switch random.next(below: 13) {
            case 0, 1:
                cash.append(
                    CashTransaction(
                        id: id,
                        time: time,
                        kind: .deposit,
                        currency: currency,
                        amount: 1_000 + 9_000 * random.unit(),
                        fee: random.next(below: 3) == 0 ? 5 : 0,
                        status: .completed
                    )
                )
            case 2:
                cash.append(
                    CashTransaction(
                        id: id,
                        time: time,
                        kind: .withdrawal,
                        currency: currency,
                        amount: 500 * random.unit(),
                        fee: random.next(below: 2) == 0 ? 2 : 0,
                        status: random.next(below: 4) == 0 ? .failed : .completed
                    )
                )
            case 10:
                let (asset, priceCurrency) = Self.assets[random.next(below: Self.assets.count)]
                let amount = 5 + 50 * random.unit()
                cash.append(
                    CashTransaction(
                        id: id,
                        time: time,
                        kind: .dividend,
                        currency: priceCurrency,
                        amount: amount,
                        asset: asset,
                        tax: random.next(below: 2) == 0 ? amount * 0.15 : 0
                    )
                )
            case 11:
                let kind: CashTransactionKind = random.next(below: 2) == 0 ? .interest : .fee
                cash.append(
                    CashTransaction(
                        id: id,
                        time: time,
                        kind: kind,
                        currency: currency,
                        amount: 1 + 10 * random.unit(),
                        tax: kind == .interest ? 0.5 : 0
                    )
                )
            case 12:
                let (asset, _) = Self.assets[random.next(below: Self.assets.count)]
                cash.append(
                    CashTransaction(
                        id: id,
                        time: time,
                        kind: .split,
                        currency: asset,
                        amount: 0,
                        asset: asset,
                        ratio: [2, 3, 0.5][random.next(below: 3)]
                    )
                )
            default:
                let (asset, priceCurrency) = Self.assets[random.next(below: Self.assets.count)]
                let side: TradeSide = random.next(below: 5) < 3 ? .buy : .sell
                let quantity = (1 + 20 * random.unit()).rounded() / 4
                let fees: [(Double, AssetCode)] = [(0, priceCurrency), (1.5, priceCurrency), (0.01, asset), (3, "EUR")]
                let (fee, feeCurrency) = fees[random.next(below: fees.count)]
                let p = (price["\(asset)/\(priceCurrency)"] ?? 1) * (0.97 + 0.06 * random.unit())
                trades.append(
                    Trade(
                        id: id,
                        time: time,
                        side: side,
                        asset: asset,
                        quantity: quantity,
                        price: p,
                        priceCurrency: priceCurrency,
                        fee: fee,
                        feeCurrency: feeCurrency
                    )
                )
            }
        }
    }
}
