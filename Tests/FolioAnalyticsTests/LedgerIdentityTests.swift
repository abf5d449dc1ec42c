import Foundation
import FolioCore
import FolioTestSupport
import Testing
@testable import FolioAnalytics

/// The identities a reader checks on a report, over generated ledgers: for every method and every day,
/// Σ realised + Σ unrealised + dividends + interest − account fees = value − net deposits, each quantity
/// equals the holdings' quantity, and the value table's realised equals the income table's.
@Suite("One ledger: figures that add up")
struct LedgerIdentityTests {
    static let days = 30
    static let base: AssetCode = "UAH"
    /// Asset and the currency it trades in.
    static let assets: [(AssetCode, AssetCode)] = [("AAA", "USD"), ("BBB", "EUR"), ("CCC", "UAH"), ("DDD", "USD")]
    static let currencies: [AssetCode] = ["USD", "EUR", "UAH"]

    struct Ledger {
        var trades: [Trade] = []
        var cash: [CashTransaction] = []
        var quotes: [Quote] = []
    }

    /// Daily quotes as random walks, and events through the month: deposits and withdrawals in every
    /// currency (some with fees), buys and sells (some beyond the holding), fees in the price currency,
    /// in the asset and in a third currency, dividends with withholding tax, interest, account fees and
    /// splits (forward and reverse, of held and of short positions).
    static func ledger(seed: UInt64) -> Ledger {
        var random = SplitMix64(seed: seed)
        var ledger = Ledger()
        var price: [String: Double] = ["USD/UAH": 38, "EUR/UAH": 41, "AAA/USD": 100, "BBB/EUR": 20, "CCC/UAH": 500, "DDD/USD": 3]
        let start = t("2024-01-01")
        for day in 0 ..< days {
            for (pair, p) in price.sorted(by: { $0.key < $1.key }) {
                let parts = pair.split(separator: "/").map { AssetCode(String($0)) }
                let next = p * exp(0.02 * random.normal())
                price[pair] = next
                ledger.quotes.append(Quote(asset: parts[0], currency: parts[1], market: ["USD", "EUR"].contains(parts[0]) ? .nbu : .exchange,
                                           time: start.addingTimeInterval(Double(day) * 86_400), price: next, source: "test"))
            }
        }
        var id: Int64 = 0
        for _ in 0 ..< 60 {
            id += 1
            let time = start.addingTimeInterval(Double(random.next(below: days * 24)) * 3_600 + 60)
            let currency = currencies[random.next(below: currencies.count)]
            switch random.next(below: 13) {
            case 0, 1:
                ledger.cash.append(CashTransaction(id: id, time: time, kind: .deposit, currency: currency,
                                                   amount: 1_000 + 9_000 * random.unit(), fee: random.next(below: 3) == 0 ? 5 : 0,
                                                   status: .completed))
            case 2:
                ledger.cash.append(CashTransaction(id: id, time: time, kind: .withdrawal, currency: currency,
                                                   amount: 500 * random.unit(), fee: random.next(below: 2) == 0 ? 2 : 0,
                                                   status: random.next(below: 4) == 0 ? .failed : .completed))
            case 10:
                let (asset, priceCurrency) = assets[random.next(below: assets.count)]
                let amount = 5 + 50 * random.unit()
                ledger.cash.append(CashTransaction(id: id, time: time, kind: .dividend, currency: priceCurrency, amount: amount,
                                                   asset: asset, tax: random.next(below: 2) == 0 ? amount * 0.15 : 0))
            case 11:
                let kind: CashTransactionKind = random.next(below: 2) == 0 ? .interest : .fee
                ledger.cash.append(CashTransaction(id: id, time: time, kind: kind, currency: currency, amount: 1 + 10 * random.unit(),
                                                   tax: kind == .interest ? 0.5 : 0))
            case 12:
                let (asset, _) = assets[random.next(below: assets.count)]
                ledger.cash.append(CashTransaction(id: id, time: time, kind: .split, currency: asset, amount: 0, asset: asset,
                                                   ratio: [2, 3, 0.5][random.next(below: 3)]))
            default:
                let (asset, priceCurrency) = assets[random.next(below: assets.count)]
                let side: TradeSide = random.next(below: 5) < 3 ? .buy : .sell
                let quantity = (1 + 20 * random.unit()).rounded() / 4
                let fees: [(Double, AssetCode)] = [(0, priceCurrency), (1.5, priceCurrency), (0.01, asset), (3, "EUR")]
                let (fee, feeCurrency) = fees[random.next(below: fees.count)]
                let p = (price["\(asset)/\(priceCurrency)"] ?? 1) * (0.97 + 0.06 * random.unit())
                ledger.trades.append(Trade(id: id, time: time, side: side, asset: asset, quantity: quantity, price: p,
                                           priceCurrency: priceCurrency, fee: fee, feeCurrency: feeCurrency))
            }
        }
        return ledger
    }

    @Test func theGeneratedLedgersOversellAndPayFeesInEveryWay() {
        let ledgers = (1 ... 6).map { Self.ledger(seed: $0) }
        #expect(ledgers.allSatisfy { !HoldingsReplay(trades: $0.trades, cashTransactions: $0.cash).diagnostics.isEmpty })
        let trades = ledgers.flatMap(\.trades)
        #expect(trades.contains { $0.feeCurrency == $0.asset } && trades.contains { $0.feeCurrency == "EUR" && $0.priceCurrency != "EUR" })
        #expect(ledgers.flatMap(\.cash).contains { $0.kind == .withdrawal && $0.fee > 0 && $0.status == .completed })
        let kinds = Set(ledgers.flatMap(\.cash).map(\.kind))
        #expect(kinds == Set(CashTransactionKind.allCases))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func realisedPlusUnrealisedIsValueLessNetDepositsEveryDay(seed: UInt64) throws {
        let ledger = Self.ledger(seed: seed)
        let rates = CrossRates(book: PriceBook(ledger.quotes))
        let replay = HoldingsReplay(trades: ledger.trades, cashTransactions: ledger.cash)
        let range = try DayRange(from: d("2024-01-01"), to: d("2024-01-30"))
        for method in CostBasisMethod.allCases {
            let whole = PortfolioIncomeTests.income(ledger.trades, cash: ledger.cash, method: method, asOf: range.to.end,
                                                    rates: rates, base: Self.base)
            let series = ValueSeries(replay: replay, rates: rates, base: Self.base, range: range, realisedIncome: whole)
            for (i, day) in range.enumerated() {
                // The ledger's own quantities, not the valuation's, so that they can be compared with the replay.
                let ledgerBooks = CostBasisLedger(trades: ledger.trades, cashTransactions: ledger.cash, method: method,
                                                  asOf: day.end, rates: rates, base: Self.base).books
                let income = PortfolioIncomeTests.income(ledger.trades, cash: ledger.cash, method: method, asOf: day.end,
                                                         rates: rates, base: Self.base)
                let realised = try #require(income.realised), total = try #require(income.total)
                let income_ = try #require(series.income[i])
                let scale = max(1, try #require(series.total[i]).magnitude, series.netDeposits[i]!.magnitude)
                #expect(abs(total - income_) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                #expect(abs(realised - series.realised[i]!) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                // The value table's split of income is the income table's, dividends and fees apart.
                #expect(abs(try #require(income.unrealised) - series.unrealised[i]!) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                let received = try #require(income.dividends) + #require(income.interest) - #require(income.accountFees)
                #expect(abs(received - series.received[i]!) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                let held = replay.holdings(at: day.end)
                for (asset, book) in ledgerBooks {
                    #expect(abs(book.quantity - held[asset]) <= 1e-9 * max(1, held[asset].magnitude), "\(asset) \(day.iso)")
                }
                for asset in held.assets { #expect(ledgerBooks[asset] != nil) }
            }
        }
    }
}
