import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Value series, allocation, composition")
struct ValuationResultsTests {
    // 1000 USD in, 5 AAPL bought at 180 with a 1 USD fee: 99 USD and 5 AAPL left. Base UAH.
    let replay = HoldingsReplay(
        trades: [buy(2, "2024-03-01T10:00", "AAPL", 5, at: 180, fee: 1)],
        cashTransactions: [deposit(1, "2024-03-01T09:00", 1000)]
    )
    let rates = CrossRates(
        book: PriceBook([
            q("USD", "UAH", .nbu, "2024-03-01T00:00", 38.0),
            q("USD", "UAH", .nbu, "2024-03-02T00:00", 38.5),
            q("AAPL", "USD", .exchange, "2024-03-01T21:00", 180),
            q("AAPL", "USD", .exchange, "2024-03-02T21:00", 190),
        ])
    )

    @Test func dailyValueNetDepositsAndIncome() throws {
        let series = ValueSeries(
            replay: replay,
            rates: rates,
            base: "UAH",
            range: try DayRange(from: d("2024-02-29"), to: d("2024-03-03"))
        )
        #expect(series.days.map(\.iso) == ["2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03"])
        #expect(series.assets == ["AAPL", "USD"])
        // Nothing held on 02-29 is worth exactly 0, not missing.
        let day1: Double = 5 * 180 * 38.0 + 99 * 38.0
        let day2: Double = 5 * 190 * 38.5 + 99 * 38.5
        #expect(series.total == [0, day1, day2, day2])
        #expect(series.values(of: "AAPL") == [0, 34_200, 36_575, 36_575])
        #expect(series.netDeposits == [0, 38_000, 38_000, 38_000])
        #expect(close(series.income[1], -38))
        #expect(close(series.income[2], 2386.5))
        #expect(series.missing.isEmpty)
    }

    @Test func realisedAndUnrealisedOverTime() throws {
        let trades = [
            buy(2, "2024-03-01T10:00", "AAPL", 5, at: 180, fee: 1), sell(3, "2024-03-02T22:00", "AAPL", 2, at: 190),
        ]
        let replay = HoldingsReplay(trades: trades, cashTransactions: [deposit(1, "2024-03-01T09:00", 1000)])
        let income = PortfolioIncomeTests.income(
            trades,
            cash: [deposit(1, "2024-03-01T09:00", 1000)],
            method: .fifo,
            asOf: t("2024-03-03T23:59"),
            rates: rates,
            base: "UAH"
        )
        #expect(income.disposals.map(\.asset) == ["AAPL"])
        let series = ValueSeries(
            replay: replay,
            rates: rates,
            base: "UAH",
            range: try DayRange(from: d("2024-03-01"), to: d("2024-03-03")),
            realisedIncome: income
        )
        // The sale gets 2 × 190 USD at 38.5 on 03-02 for 2 of 5 units that cost 901 USD at 38 on 03-01.
        let realised: Double = 2 * 190 * 38.5 - 901 * 38 * 2 / 5
        #expect(series.realised[0] == 0)
        #expect(close(series.realised[1], realised) && close(series.realised[2], realised))
        for d in 0..<3 {
            #expect(close(series.unrealised[d], series.income[d]! - series.realised[d]! - series.received[d]!))
        }
        #expect(
            series.table.columns.map(\.name) == [
                "day", "value", "net_deposits", "income", "realised", "unrealised", "received", "AAPL", "USD",
            ]
        )
        #expect(
            ValueSeries(replay: replay, rates: rates, base: "UAH", range: DayRange(day: d("2024-03-01"))).realised
                .isEmpty
        )
    }

    @Test func staleQuotesMakeDaysMissingNotOld() throws {
        let series = ValueSeries(
            replay: replay,
            rates: rates,
            base: "UAH",
            range: try DayRange(from: d("2024-03-07"), to: d("2024-03-10"))
        )
        // AAPL's last close (03-02 21:00) is older than 7 days from the end of 03-09 on.
        #expect(series.total.map { $0 != nil } == [true, true, false, false])
        #expect(series.values(of: "AAPL")?.map { $0 != nil } == [true, true, false, false])
        #expect(series.income[3] == nil)
        #expect(series.missing.map(\.pair.description) == ["AAPL/USD", "USD/UAH"])
        #expect(series.missing.map(\.days) == [2, 2])
        #expect(series.missing[0].first == d("2024-03-09") && series.missing[0].last == d("2024-03-10"))
        let table = series.table
        #expect(table.columns.map(\.name) == ["day", "value", "net_deposits", "income", "AAPL", "USD"])
        #expect(table.rows[3][1] == nil)
    }

    @Test func aPairMissingOnADayOfValueAndOfTransferCountsThatDayOnce() throws {
        // EUR deposited on the 8th and held to the 10th; its only rate (25 Feb) is stale by then. The
        // values record the 8th, 9th and 10th, then the deposit records the 8th again: that once made
        // "4 day(s) between 2024-03-08 and 2024-03-08".
        let replay = HoldingsReplay(trades: [], cashTransactions: [deposit(1, "2024-03-08T09:00", 100, "EUR")])
        let rates = CrossRates(book: PriceBook([q("EUR", "UAH", .nbu, "2024-02-25T00:00", 41)]))
        let series = ValueSeries(
            replay: replay,
            rates: rates,
            base: "UAH",
            range: try DayRange(from: d("2024-03-07"), to: d("2024-03-10"))
        )
        #expect(series.missing.count == 1)
        let span = try #require(series.missing.first)
        #expect(span.days == 3)
        #expect(span.first == d("2024-03-08") && span.last == d("2024-03-10"))
        #expect(span.description.hasPrefix("EUR/UAH missing on 3 day(s) between 2024-03-08 and 2024-03-10; e.g. "))
    }

    // Holdings worth 4708 USD: two 1 % coins below the 2 % threshold go to "Other".
    let holdings = Holdings(
        time: t("2024-06-01T12:00"),
        quantities: ["USD": 1000, "AAPL": 10, "BTC": 0.05, "ETH": 0.02, "DOGE": 500, "EUR": 100]
    )
    let market = CrossRates(
        book: PriceBook([
            q("AAPL", "USD", .exchange, "2024-06-01T00:00", 150),
            q("BTC", "USD", .exchange, "2024-06-01T00:00", 40_000),
            q("ETH", "USD", .exchange, "2024-06-01T00:00", 2500),
            q("DOGE", "USD", .exchange, "2024-06-01T00:00", 0.1),
            q("EUR", "USD", .exchange, "2024-06-01T00:00", 1.08),
        ]),
        preference: MarketPreference(kinds: ["AAPL": .stock])
    )

    @Test func allocationByAssetGroupsSmallSlices() throws {
        let allocation = try Allocation(market.value(holdings, in: "USD"), rates: market, by: .asset)
        #expect(allocation.total == 4708)
        #expect(allocation.slices.map(\.label) == ["BTC", "AAPL", "USD", "EUR", "Other"])
        #expect(allocation.slices.map(\.value) == [2000, 1500, 1000, 108, 100])
        #expect(allocation.slices.last?.assets == ["DOGE", "ETH"])
        #expect(close(allocation.slices[0].percent, 2000.0 / 4708 * 100))
        #expect(close(allocation.slices[4].percent, 100.0 / 4708 * 100))
        #expect(close(allocation.slices.compactMap(\.percent).reduce(0, +), 100))
        let table = allocation.table
        #expect(table.rows.count == 6)
        #expect(table.number(5, "percent") == 100)
    }

    @Test func allocationByKindAndCurrency() throws {
        let valued = market.value(holdings, in: "USD")
        let byKind = try Allocation(valued, rates: market, by: .kind)
        #expect(byKind.slices.map(\.label) == ["crypto", "stock", "fiat"])
        #expect(byKind.slices.map(\.value) == [2100, 1500, 1108])
        let byCurrency = try Allocation(valued, rates: market, by: .currency)
        #expect(byCurrency.slices.map(\.label) == ["USD", "EUR"])
        #expect(byCurrency.slices.map(\.value) == [4600, 108])
    }

    @Test func oneSmallSliceKeepsItsName() throws {
        let allocation = try Allocation(
            market.value(Holdings(time: t("2024-06-01T12:00"), quantities: ["USD": 1000, "ETH": 0.002]), in: "USD"),
            rates: market,
            by: .asset
        )
        #expect(allocation.slices.map(\.label) == ["USD", "ETH"])
        let none = try Allocation(market.value(holdings, in: "USD"), rates: market, by: .asset, thresholdPercent: 0)
        #expect(none.slices.count == 6)
        #expect(
            throws: AnalyticsError.invalidArgument(
                name: "threshold",
                value: "100.0",
                expected: "a percent from 0 to below 100"
            )
        ) {
            try Allocation(market.value(holdings, in: "USD"), rates: market, by: .asset, thresholdPercent: 100)
        }
    }

    @Test func allocationWithAMissingQuoteHasNoPercents() throws {
        let allocation = try Allocation(
            market.value(Holdings(time: t("2024-06-01T12:00"), quantities: ["USD": 10, "XYZ": 1]), in: "USD"),
            rates: market,
            by: .asset
        )
        #expect(allocation.total == nil)
        #expect(allocation.slices.allSatisfy { $0.percent == nil })
        #expect(allocation.slices.map(\.value) == [10, nil])
        #expect(allocation.missing.count == 1)
    }

    @Test func allocationSumsTo100Percent() throws {
        var random = SplitMix64(seed: 11)
        let codes: [AssetCode] = ["AAPL", "BTC", "ETH", "DOGE", "EUR", "USD"]
        for _ in 0..<50 {
            var q: [AssetCode: Double] = [:]
            for code in codes where random.next(below: 3) > 0 { q[code] = random.unit() * 100 }
            guard !q.isEmpty else { continue }
            for grouping in AllocationGrouping.allCases {
                let a = try Allocation(
                    market.value(Holdings(time: t("2024-06-01T12:00"), quantities: q), in: "USD"),
                    rates: market,
                    by: grouping
                )
                #expect(close(a.slices.compactMap(\.percent).reduce(0, +), 100, 1e-9))
            }
        }
    }

    @Test func allocationAtADayFromTheLedger() throws {
        let allocation = try Allocation(replay: replay, rates: rates, base: "UAH", on: d("2024-03-02"), by: .asset)
        #expect(allocation.slices.map(\.label) == ["AAPL", "USD"])
        #expect(allocation.slices.map(\.value) == [36_575, 3811.5])
    }

    @Test func compositionAtMonthEnds() throws {
        let replay = HoldingsReplay(
            trades: [buy(2, "2024-01-15T12:00", "AAA", 10, at: 10), buy(3, "2024-02-10T12:00", "BBB", 5, at: 20)],
            cashTransactions: [deposit(1, "2024-01-01T00:00", 1000)]
        )
        let rates = CrossRates(
            book: PriceBook([
                q("AAA", "USD", .exchange, "2024-01-31T00:00", 11), q("AAA", "USD", .exchange, "2024-02-29T00:00", 12),
                q("AAA", "USD", .exchange, "2024-03-15T00:00", 13),
                q("BBB", "USD", .exchange, "2024-02-10T00:00", 20), q("BBB", "USD", .exchange, "2024-02-29T00:00", 22),
                q("BBB", "USD", .exchange, "2024-03-15T00:00", 21),
            ])
        )
        let composition = CompositionByPeriod(
            replay: replay,
            rates: rates,
            base: "USD",
            range: try DayRange(from: d("2024-01-01"), to: d("2024-03-15")),
            period: .month
        )
        #expect(composition.assets == ["AAA", "BBB", "USD"])
        #expect(composition.periods.map(\.label) == ["2024-01", "2024-02", "2024-03"])
        #expect(composition.periods.map(\.day.iso) == ["2024-01-31", "2024-02-29", "2024-03-15"])
        #expect(composition.periods.map(\.values) == [[110, 0, 900], [120, 110, 800], [130, 105, 800]])
        #expect(composition.periods.map(\.total) == [1010, 1030, 1035])
        #expect(close(composition.periods[0].percents[0], 110.0 / 1010 * 100))
        #expect(composition.periods[0].percents[1] == 0)
        for p in composition.periods { #expect(close(p.percents.compactMap { $0 }.reduce(0, +), 100)) }
        #expect(composition.table.rows.count == 9)

        let years = CompositionByPeriod(
            replay: replay,
            rates: rates,
            base: "USD",
            range: try DayRange(from: d("2023-06-01"), to: d("2024-03-15")),
            period: .year
        )
        #expect(years.periods.map(\.label) == ["2023", "2024"])
        // Nothing held at the end of 2023: a zero total has no percents.
        #expect(years.periods[0].total == 0)
        #expect(years.periods[0].percents.allSatisfy { $0 == nil })
        #expect(years.periods[1].values == [130, 105, 800])
    }
}
