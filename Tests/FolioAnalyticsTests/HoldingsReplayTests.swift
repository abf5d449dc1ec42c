import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Holdings replay")
struct HoldingsReplayTests {
    let trades = [
        buy(2, "2024-01-02T10:00", "BTC", 0.01, at: 40_000, fee: 2),
        sell(3, "2024-01-03T10:00", "BTC", 0.004, at: 45_000, fee: 0.00001, feeIn: "BTC"),
    ]
    let cash = [
        deposit(1, "2024-01-01T00:00", 1000, fee: 5),
        withdrawal(4, "2024-01-04T00:00", 100, fee: 1),
        deposit(5, "2024-01-04T12:00", 500, status: .failed),
        deposit(6, "2024-01-04T12:00", 700, status: .rejected),
        withdrawal(7, "2024-01-04T12:00", 50, status: .pending),
    ]

    @Test func buysSellsFeesDepositsAndWithdrawals() {
        let replay = HoldingsReplay(trades: trades, cashTransactions: cash)
        // USD: 1000 − 5 − 0.01×40000 − 2 + 0.004×45000 − 100 − 1 = 672
        #expect(close(replay.final["USD"], 672))
        // BTC: 0.01 − 0.004 − 0.00001 = 0.00599
        #expect(close(replay.final["BTC"], 0.00599))
        #expect(replay.final.assets == ["BTC", "USD"])
        #expect(replay.diagnostics.isEmpty)
        #expect(replay.cashTransactions.map(\.id) == [1, 4])
    }

    @Test func holdingsAtAnyTime() {
        let replay = HoldingsReplay(trades: trades, cashTransactions: cash)
        #expect(replay.holdings(at: t("2023-12-31T23:59")).quantities.isEmpty)
        #expect(replay.holdings(at: t("2024-01-01T00:00")).quantities == ["USD": 995])
        let afterBuy = replay.holdings(at: t("2024-01-02T10:00"))
        #expect(close(afterBuy["USD"], 593))
        #expect(afterBuy["BTC"] == 0.01)
        let times = ["2024-01-03T10:00", "2023-12-31T00:00", "2024-01-02T10:00", "2030-01-01T00:00"].map(t)
        #expect(replay.holdings(at: times) == times.map { replay.holdings(at: $0) })
    }

    @Test func dailySeriesTakesTheEndOfEachDay() throws {
        let replay = HoldingsReplay(trades: trades, cashTransactions: cash)
        let series = replay.daily(try DayRange(from: d("2023-12-31"), to: d("2024-01-05")))
        #expect(
            series.days.map(\.iso) == [
                "2023-12-31", "2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05",
            ]
        )
        #expect(series.assets == ["BTC", "USD"])
        let btc = series.quantities[0]
        let usd = series.quantities[1]
        #expect(btc[0] == 0 && btc[1] == 0 && btc[2] == 0.01)
        #expect(close(btc[3], 0.00599) && close(btc[5], 0.00599))
        #expect(usd[0] == 0 && usd[1] == 995)
        #expect(close(usd[2], 593) && close(usd[3], 773) && close(usd[4], 672) && close(usd[5], 672))
    }

    @Test func cashTransactionComesBeforeATradeAtTheSameInstant() {
        // The trade has the smaller id; ordering by id alone would spend the money before it arrives.
        let replay = HoldingsReplay(
            trades: [buy(1, "2024-02-01T12:00", "AAPL", 1, at: 100)],
            cashTransactions: [deposit(2, "2024-02-01T12:00", 100)]
        )
        #expect(replay.diagnostics.isEmpty)
        #expect(replay.final.quantities == ["AAPL": 1])
    }

    @Test func negativeBalancesAreKeptAndReported() {
        let replay = HoldingsReplay(
            trades: [
                buy(10, "2024-01-01T00:00", "ETH", 1, at: 2000),
                sell(11, "2024-01-02T00:00", "ETH", 1.5, at: 2100),
                buy(12, "2024-01-03T00:00", "ETH", 1, at: 2000),
                sell(13, "2024-01-04T00:00", "ETH", 1, at: 2000),
            ],
            cashTransactions: [deposit(1, "2024-01-01T00:00", 1000)]
        )
        #expect(
            replay.diagnostics == [
                NegativeBalance(asset: "USD", time: t("2024-01-01T00:00"), after: .trade(id: 10), balance: -1000),
                NegativeBalance(asset: "ETH", time: t("2024-01-02T00:00"), after: .trade(id: 11), balance: -0.5),
                NegativeBalance(asset: "ETH", time: t("2024-01-04T00:00"), after: .trade(id: 13), balance: -0.5),
            ]
        )
        #expect(replay.final["ETH"] == -0.5)
        // 1000 − 2000 + 1.5 × 2100 − 2000 + 2000: back above zero after the first sale.
        #expect(replay.final["USD"] == 2150)
        #expect(
            replay.diagnostics[1].description == "ETH went below zero (-0.5) at 2024-01-02T00:00:00Z after trade 11"
        )
    }

    @Test func reportedBalanceIncludesTheFee() {
        let replay = HoldingsReplay(
            trades: [buy(1, "2024-05-01T08:00", "ETH", 1, at: 100, fee: 2)],
            cashTransactions: []
        )
        #expect(
            replay.diagnostics == [
                NegativeBalance(asset: "USD", time: t("2024-05-01T08:00"), after: .trade(id: 1), balance: -102)
            ]
        )
    }

    @Test func withdrawalBelowZeroIsReportedAfterTheTransaction() {
        let replay = HoldingsReplay(
            trades: [],
            cashTransactions: [withdrawal(9, "2024-05-01T08:00", 10, "UAH", fee: 1)]
        )
        #expect(
            replay.diagnostics == [
                NegativeBalance(asset: "UAH", time: t("2024-05-01T08:00"), after: .cashTransaction(id: 9), balance: -11)
            ]
        )
    }

    @Test func sellingEverythingBoughtLeavesNothing() {
        // 0.1 + 0.2 − 0.3 is 2.8e-17 in binary; it must read as zero, not as a tiny holding.
        let replay = HoldingsReplay(
            trades: [
                buy(1, "2024-01-01", "BTC", 0.1, at: 1), buy(2, "2024-01-02", "BTC", 0.2, at: 1),
                sell(3, "2024-01-03", "BTC", 0.3, at: 1),
            ],
            cashTransactions: [deposit(1, "2024-01-01", 1)]
        )
        #expect(replay.final["BTC"] == 0)
        #expect(replay.final.quantities["BTC"] == nil)
        #expect(replay.diagnostics.isEmpty)
    }

    @Test func emptyLedger() throws {
        let replay = HoldingsReplay(trades: [], cashTransactions: [])
        #expect(replay.final.quantities.isEmpty)
        #expect(replay.assets.isEmpty)
        #expect(replay.firstTime == nil)
        let series = replay.daily(try DayRange(from: d("2024-01-01"), to: d("2024-01-03")))
        #expect(series.days.count == 3 && series.assets.isEmpty)
    }

    @Test func replayingInAnyOrderGivesTheSameHoldings() {
        var random = SplitMix64(seed: 7)
        let assets: [AssetCode] = ["BTC", "ETH", "AAPL", "EUR"]
        var trades: [Trade] = []
        var cash: [CashTransaction] = []
        for i in 0..<400 {
            // Only 50 distinct instants, so many events share a timestamp.
            let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(random.next(below: 50)) * 3600)
            if i % 5 == 0 {
                cash.append(
                    CashTransaction(
                        id: Int64(i),
                        time: time,
                        kind: i % 2 == 0 ? .deposit : .withdrawal,
                        currency: "USD",
                        amount: random.unit() * 1000,
                        fee: random.unit()
                    )
                )
            } else {
                trades.append(
                    Trade(
                        id: Int64(i),
                        time: time,
                        side: random.next(below: 2) == 0 ? .buy : .sell,
                        asset: assets[random.next(below: assets.count)],
                        quantity: random.unit() * 3,
                        price: 0.1 + random.unit() * 500,
                        priceCurrency: "USD",
                        fee: random.unit() * 0.01
                    )
                )
            }
        }
        let reference = HoldingsReplay(trades: trades, cashTransactions: cash)
        #expect(!reference.diagnostics.isEmpty)
        for _ in 0..<5 {
            let other = HoldingsReplay(trades: random.shuffled(trades), cashTransactions: random.shuffled(cash))
            #expect(other.final == reference.final)
            #expect(other.diagnostics == reference.diagnostics)
            let at = Date(timeIntervalSince1970: 1_700_000_000 + 20 * 3600)
            #expect(other.holdings(at: at) == reference.holdings(at: at))
        }
    }
}

/// Issue 42: the legs of one broker order share a minute (Degiro's trade in USD and the AutoFX exchange
/// that pays for it; a sale and the exchange of its proceeds), and their ids follow the order the files
/// were given in. In either order, money arrives before it is spent: no balance goes below zero.
@Suite struct ReplayOrderTests {
    /// A EUR account: 2,000 deposited; 10 JNJ bought at 123.63 USD through 1,173.74 EUR; 2 sold at 171.05,
    /// the 342.10 USD changed for 288.72 EUR, a 0.51 EUR fee on the sale. `tradesFirst` gives the trades
    /// the lower ids (Transactions.csv imported before Account.csv).
    static func ledger(tradesFirst: Bool) -> (trades: [Trade], cash: [CashTransaction]) {
        let (legs, exchanges): (Int64, Int64) = tradesFirst ? (1, 10) : (10, 1)
        return (
            [
                buy(legs, "2017-03-02T15:31", "JNJ", 10, at: 123.63, fee: 0.54, feeIn: "EUR"),
                buy(exchanges, "2017-03-02T15:31", "USD", 1236.30, at: 1173.74 / 1236.30, in: "EUR"),
                sell(legs + 1, "2017-12-01T16:05", "JNJ", 2, at: 171.05, fee: 0.51, feeIn: "EUR"),
                buy(exchanges + 1, "2017-12-01T16:05", "EUR", 288.72, at: 342.10 / 288.72, in: "USD"),
            ],
            [deposit(1, "2017-03-01T10:12", 2000, "EUR")]
        )
    }

    @Test(arguments: [true, false])
    func theLegsOfOneOrderNeverGoBelowZero(tradesFirst: Bool) {
        let (trades, cash) = Self.ledger(tradesFirst: tradesFirst)
        let replay = HoldingsReplay(trades: trades, cashTransactions: cash)
        #expect(replay.diagnostics.isEmpty, "\(replay.diagnostics)")
        // Every replay applies them in one order: the exchange before the buy, the sale before the exchange.
        let order = LedgerEntry.inReplayOrder(trades: trades, cashTransactions: cash, through: .distantFuture)
            .compactMap { entry -> String? in
                guard case let .trade(t) = entry else { return nil }
                return "\(t.side.rawValue) \(t.asset)"
            }
        #expect(order == ["buy USD", "buy JNJ", "sell JNJ", "buy EUR"])
        #expect(close(replay.final["EUR"], 2000 - 1173.74 - 0.54 + 288.72 - 0.51, 1e-12))
    }

    /// A real overspend stays one, named after the event that made it, whatever the order.
    @Test func anOverspendIsStillNamed() {
        let trades = [
            buy(1, "2017-03-02T15:31", "JNJ", 10, at: 123.63),
            buy(2, "2017-03-02T15:31", "USD", 1236.30, at: 1173.74 / 1236.30, in: "EUR"),
        ]
        let replay = HoldingsReplay(trades: trades, cashTransactions: [deposit(1, "2017-03-01T10:12", 1000, "EUR")])
        #expect(replay.diagnostics.map(\.asset) == ["EUR"])
        #expect(close(replay.diagnostics.first?.balance, 1000 - 1173.74, 1e-12))
    }

    /// A buy and a sale of one stock in one minute, the sale written first (Degiro writes newest first):
    /// the buy goes first, since the sale would take a holding below zero.
    @Test func aSaleInTheMinuteOfItsBuyComesAfterIt() {
        let trades = [sell(1, "2017-03-02T15:31", "AAPL", 5, at: 140), buy(2, "2017-03-02T15:31", "AAPL", 5, at: 139)]
        let replay = HoldingsReplay(trades: trades, cashTransactions: [deposit(1, "2017-03-01T10:12", 1000)])
        #expect(replay.diagnostics.isEmpty)
        #expect(close(replay.final["USD"], 1005))
    }
}
