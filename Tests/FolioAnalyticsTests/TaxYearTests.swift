import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The tax year on literal trades, every figure worked by hand (in the comments) from round NBU rates.
@Suite("Tax year in hryvnias")
struct TaxYearTests {
    /// NBU rates, UAH per USD (and one EUR), on the days the trades below use.
    static let official = OfficialRates([
        "USD": [
            d("2023-02-01"): 36, d("2023-09-01"): 36.5, d("2024-01-10"): 38, d("2024-03-05"): 38.5,
            d("2024-05-15"): 39.2, d("2024-06-03"): 40, d("2024-07-01"): 41,
        ],
        "EUR": [d("2024-06-03"): 43.1],
    ])
    static let kinds: [AssetCode: AssetKind] = [
        "ACME": .stock, "BETA": .etf, "USD": .fiat, "EUR": .fiat, "UAH": .fiat, "BTC": .crypto,
    ]
    static let rates = TaxRates(
        personalIncomeTax: [.init(percent: 18, from: d("2016-01-01"), law: "art. 167.1")],
        militaryLevy: [
            .init(percent: 1.5, from: d("2014-08-03"), to: d("2024-11-30"), law: "1621-VII"),
            .init(percent: 5, from: d("2024-12-01"), law: "4015-IX"),
        ],
        carryLossesForward: true,
        source: "/tmp/rates.yaml"
    )

    static func year(_ year: Int, _ trades: [Trade], cash: [CashTransaction] = [], carry: Bool = true) throws -> TaxYear
    {
        var rates = rates
        rates.carryLossesForward = carry
        return try TaxYear(
            year: year,
            trades: trades,
            cashTransactions: cash,
            kinds: kinds,
            official: official,
            rates: rates
        )
    }

    static func uah(_ text: String) -> Hryvnias { Hryvnias(rounding: Double(text)!)! }

    // Two buys at different rates, one sale that closes the first and half the second.
    let crossing = [
        buy(1, "2024-01-10T15:00", "ACME", 10, at: 100),
        buy(2, "2024-03-05T15:00", "ACME", 10, at: 110),
        sell(3, "2024-06-03T15:00", "ACME", 15, at: 130),
    ]

    @Test func aSaleAcrossTwoBuysTakesEachAtItsOwnDaysRate() throws {
        let year = try Self.year(2024, crossing)
        #expect(year.sales.count == 2)
        let (first, second) = (year.sales[0], year.sales[1])
        // First lot: 10 × 100 × 38 = 38,000.00 against 10 × 130 × 40 = 52,000.00.
        #expect(first.closing.buy.id == 1 && first.units == 10 && first.buyRate == 38 && first.sellRate == 40)
        #expect(
            first.cost == Self.uah("38000") && first.proceeds == Self.uah("52000") && first.result == Self.uah("14000")
        )
        // Second lot: 5 × 110 × 38.5 = 21,175.00 against 5 × 130 × 40 = 26,000.00.
        #expect(second.closing.buy.id == 2 && second.units == 5 && second.buyRate == 38.5)
        #expect(
            second.cost == Self.uah("21175") && second.proceeds == Self.uah("26000")
                && second.result == Self.uah("4825")
        )
        // 14,000 + 4,825 = 18,825.00; 18 % = 3,388.50; the levy of 2024 is the one in force on 31 Dec, 5 % = 941.25.
        #expect(year.gains == Self.uah("18825") && year.losses == .zero && year.net == Self.uah("18825"))
        #expect(year.taxable == Self.uah("18825"))
        #expect(year.personalIncomeTax.amount == Self.uah("3388.50") && year.personalIncomeTax.period?.percent == 18)
        #expect(year.militaryLevy.amount == Self.uah("941.25") && year.militaryLevy.period?.law == "4015-IX")
        #expect(year.totalTax == Self.uah("4329.75"))
    }

    @Test func theRateIsTheNBUsNotThePrice() throws {
        // A dollar loss is a hryvnia gain when the hryvnia fell: 10 × 50 × 38 = 19,000.00 against
        // 10 × 48 × 40 = 19,200.00, a result of +200.00 on a sale 20 USD below its cost.
        let year = try Self.year(
            2024,
            [buy(1, "2024-01-10", "BETA", 10, at: 50), sell(2, "2024-06-03", "BETA", 10, at: 48)]
        )
        #expect(year.sales.map(\.result) == [Self.uah("200")])
    }

    @Test func aLossIsNettedAgainstAGainOfTheSameYear() throws {
        // BETA: 10 × 50 × 38 = 19,000.00 against 10 × 40 × 40 = 16,000.00: −3,000.00.
        let trades =
            crossing + [
                buy(4, "2024-01-10T16:00", "BETA", 10, at: 50), sell(5, "2024-06-03T16:00", "BETA", 10, at: 40),
            ]
        let year = try Self.year(2024, trades)
        #expect(year.sales.map(\.result) == [Self.uah("14000"), Self.uah("4825"), Self.uah("-3000")])
        // 18,825 − 3,000 = 15,825.00; 18 % = 2,848.50; 5 % = 791.25.
        #expect(year.gains == Self.uah("18825") && year.losses == Self.uah("-3000") && year.net == Self.uah("15825"))
        #expect(year.personalIncomeTax.amount == Self.uah("2848.50") && year.militaryLevy.amount == Self.uah("791.25"))
        // The table's rows add up to its totals.
        #expect(year.sales.map(\.result).sum() == year.net)
    }

    // 2023: BETA 10 × 50 × 36 = 18,000.00 sold for 10 × 30 × 36.5 = 10,950.00: −7,050.00.
    let lossOf2023 = [buy(10, "2023-02-01", "BETA", 10, at: 50), sell(11, "2023-09-01", "BETA", 10, at: 30)]

    @Test func aLossYearOwesNoTax() throws {
        let year = try Self.year(2023, lossOf2023)
        #expect(year.net == Self.uah("-7050") && year.taxable == .zero)
        // Zero owed, not unknown: both rates are in force on 31 Dec 2023 (18 %, 1.5 %).
        #expect(year.personalIncomeTax.amount == .zero && year.militaryLevy.amount == .zero && year.totalTax == .zero)
        #expect(year.militaryLevy.period?.percent == 1.5)
        #expect(year.lossFromEarlierYears == .zero && year.lossToLaterYears == Self.uah("-7050"))
    }

    @Test func aLossCarriedForwardReducesTheNextYearsProfit() throws {
        let carried = try Self.year(2024, lossOf2023 + crossing)
        // 18,825 − 7,050 = 11,775.00; 18 % = 2,119.50; 5 % = 588.75; nothing left to carry.
        #expect(carried.net == Self.uah("18825") && carried.lossFromEarlierYears == Self.uah("-7050"))
        #expect(carried.taxable == Self.uah("11775") && carried.lossToLaterYears == .zero)
        #expect(
            carried.personalIncomeTax.amount == Self.uah("2119.50") && carried.militaryLevy.amount == Self.uah("588.75")
        )
        // Without carrying, 2024 stands alone and the 2023 sale is not even read.
        let alone = try Self.year(2024, lossOf2023 + crossing, carry: false)
        #expect(
            alone.taxable == Self.uah("18825") && alone.lossFromEarlierYears == nil && alone.lossToLaterYears == nil
        )
        // A loss larger than the profit is used as far as the profit goes, the rest carried on.
        #expect(TaxYear.carry(Self.uah("7050"), net: Self.uah("5000")) == (Self.uah("0"), Self.uah("2050")))
        #expect(TaxYear.carry(Self.uah("2050"), net: Self.uah("-100")) == (Self.uah("0"), Self.uah("2150")))
    }

    @Test func feesOnBothSides() throws {
        // Buy 10 @ 100 with a 2 USD fee on 10 Jan (38); sell 4 @ 130 with a 1.50 USD fee on 3 Jun (40).
        // Cost: 4 × 100 × 38 = 15,200.00 + the buy fee's 4/10 share, 0.80 × 38 = 30.40 → 15,230.40.
        // Proceeds: 4 × 130 × 40 = 20,800.00 − 1.50 × 40 = 60.00 → 20,740.00. Result 5,509.60.
        let year = try Self.year(
            2024,
            [buy(1, "2024-01-10", "ACME", 10, at: 100, fee: 2), sell(2, "2024-06-03", "ACME", 4, at: 130, fee: 1.5)]
        )
        let s = try #require(year.sales.first)
        #expect(s.buyFee == Self.uah("30.40") && s.cost == Self.uah("15230.40"))
        #expect(s.sellFee == Self.uah("60") && s.proceeds == Self.uah("20740") && s.result == Self.uah("5509.60"))
        // A fee in another currency is at that currency's rate of the day: 1 EUR × 43.1 = 43.10.
        let eur = try Self.year(
            2024,
            [
                buy(1, "2024-01-10", "ACME", 10, at: 100),
                sell(2, "2024-06-03", "ACME", 10, at: 130, fee: 1, feeIn: "EUR"),
            ]
        )
        #expect(eur.sales.first?.sellFee == Self.uah("43.10") && eur.sales.first?.proceeds == Self.uah("51956.90"))
    }

    @Test func aDividendWithTaxWithheldAbroad() throws {
        // 100 USD gross on 15 May, 15 % (15 USD) withheld in the US; NBU 39.2: 3,920.00 and 588.00.
        let dividend = CashTransaction(
            id: 7,
            time: t("2024-05-15T12:00"),
            kind: .dividend,
            currency: "USD",
            amount: 100,
            asset: "ACME",
            tax: 15
        )
        let interest = CashTransaction(
            id: 8,
            time: t("2024-07-01T12:00"),
            kind: .interest,
            currency: "USD",
            amount: 2.5
        )
        let year = try Self.year(2024, crossing, cash: [dividend, interest])
        #expect(year.income.count == 2)
        let i = year.income[0]
        #expect(
            i.asset == "ACME" && i.gross == 100 && i.rate == 39.2 && i.grossUAH == Self.uah("3920")
                && i.withheldUAH == Self.uah("588")
        )
        // Interest names its currency; 2.50 × 41 = 102.50, nothing withheld.
        #expect(
            year.income[1].asset == "USD" && year.income[1].grossUAH == Self.uah("102.50")
                && year.income[1].withheldUAH == .zero
        )
        #expect(year.grossIncome == Self.uah("4022.50") && year.withheldIncome == Self.uah("588"))
        // Beside the sales, not in them: the taxes are those of the sales alone.
        #expect(year.taxable == Self.uah("18825"))
        let table = year.incomeTable
        #expect(
            table.number(0, "gross_uah") == 3920 && table.number(0, "withheld_uah") == 588
                && table.number(2, "gross_uah") == 4022.5
        )
    }

    @Test func exchangingCurrenciesMakesNoRows() throws {
        // Hryvnias to dollars at 38 and back at 41: the ledger would realise 3,000 on the dollars; the tax view has no operation.
        let trades = [
            buy(1, "2024-01-10", "USD", 1000, at: 38, in: "UAH"), sell(2, "2024-07-01", "USD", 1000, at: 41, in: "UAH"),
        ]
        let year = try Self.year(2024, trades)
        #expect(year.sales.isEmpty && year.net == .zero && year.leftOut.isEmpty && year.totalTax == .zero)
        // With a sale of a stock among them, the stock is the one row.
        let mixed = try Self.year(2024, trades + crossing)
        #expect(mixed.sales.map(\.asset) == ["ACME", "ACME"])
    }

    @Test func salesOfOtherAssetsAreLeftOutAndNamed() throws {
        let year = try Self.year(
            2024,
            crossing + [buy(4, "2024-01-10", "BTC", 1, at: 40_000), sell(5, "2024-06-03", "BTC", 1, at: 60_000)]
        )
        #expect(year.sales.count == 2 && year.leftOut == ["BTC": .crypto])
    }

    @Test func aMissingNBURateIsAnErrorNamingTheCurrencyAndDay() throws {
        // No rate on 4 June: not 3 June's, not another market's.
        #expect(throws: TaxYearError.missingRate(currency: "USD", day: d("2024-06-04"))) {
            try Self.year(2024, [buy(1, "2024-01-10", "ACME", 1, at: 100), sell(2, "2024-06-04", "ACME", 1, at: 130)])
        }
        let message = TaxYearError.missingRate(currency: "USD", day: d("2024-06-04")).description
        #expect(message.hasPrefix("no NBU rate of USD in UAH on 2024-06-04"))
    }

    @Test func aSaleOfUnknownLotsIsAnErrorNotAZeroCost() throws {
        let trades = [
            buy(1, "2024-01-10", "ACME", 5, at: 100),
            Trade(
                id: 2,
                time: t("2024-06-03"),
                side: .sell,
                asset: "ACME",
                quantity: 8,
                price: 130,
                priceCurrency: "USD",
                externalID: "T-8"
            ),
        ]
        #expect(
            throws: TaxYearError.unknownLots(sale: "T-8", day: d("2024-06-03"), asset: "ACME", quantity: 8, unknown: 3)
        ) {
            try Self.year(2024, trades)
        }
        // An over-sale of 2023, when 2023 is not counted, still leaves 2024's lots of that asset unknown.
        let earlier = [
            sell(1, "2023-09-01", "BETA", 2, at: 30), buy(2, "2024-01-10", "BETA", 5, at: 50),
            sell(3, "2024-06-03", "BETA", 5, at: 60),
        ]
        #expect(throws: TaxYearError.lotsUnknownAfter(sale: "#3", earlier: "#1", asset: "BETA")) {
            try Self.year(2024, earlier, carry: false)
        }
        // Another year's asset that was never over-sold is not affected.
        #expect(try Self.year(2024, Array(earlier.prefix(1)) + crossing, carry: false).sales.count == 2)
    }

    @Test func aSplitKeepsTheCostOfTheUnitsBought() throws {
        // 10 @ 100 at 38, split 2-for-1, 20 sold @ 60 at 40: 20 × 50 × 38 = 38,000.00 against 48,000.00.
        let split = CashTransaction(
            id: 9,
            time: t("2024-03-05"),
            kind: .split,
            currency: "USD",
            amount: 0,
            asset: "ACME",
            ratio: 2
        )
        let year = try Self.year(
            2024,
            [buy(1, "2024-01-10", "ACME", 10, at: 100), sell(2, "2024-06-03", "ACME", 20, at: 60)],
            cash: [split]
        )
        let s = try #require(year.sales.first)
        #expect(s.units == 20 && s.buyPrice == 50 && s.cost == Self.uah("38000") && s.proceeds == Self.uah("48000"))
    }

    @Test func aYearWithoutARateShowsItsTaxAsUnknown() throws {
        // The rates start in 2016: 2015's taxes are undefined, never 0.
        var rates = Self.rates
        rates.personalIncomeTax = [.init(percent: 18, from: d("2025-01-01"), law: "x")]
        let year = try TaxYear(
            year: 2024,
            trades: crossing,
            cashTransactions: [],
            kinds: Self.kinds,
            official: Self.official,
            rates: rates
        )
        #expect(
            year.personalIncomeTax.amount == nil && year.totalTax == nil
                && year.militaryLevy.amount == Self.uah("941.25")
        )
        #expect(year.totalsTable.rows.last?[1] == nil)
    }

    @Test func roundingIsToKopecksOnceAHalfAwayFromZero() {
        #expect(Hryvnias(rounding: 6.755436)?.kopecks == 676 && Hryvnias(rounding: -1.005)?.kopecks == -101)
        #expect(Hryvnias(rounding: 3000 * 27.944315)?.description == "83832.95")
        // Beyond 1e15 hryvnias (and infinity) is no figure: nil, never an Int64 overflow.
        #expect(Hryvnias(rounding: 1e15)?.kopecks == 100_000_000_000_000_000)
        #expect(
            Hryvnias(rounding: 2e15) == nil && Hryvnias(rounding: -.infinity) == nil && Hryvnias(rounding: .nan) == nil
        )
        #expect(Hryvnias(kopecks: 100_005).percent(18).description == "180.01")
    }

    @Test func theTableInThreeParts() throws {
        let year = try Self.year(2024, crossing)
        let json = year.parts.encoded(as: .json)
        #expect(json.hasPrefix("{\"sales\":{\"columns\":[{\"name\":\"asset\""))
        #expect(json.contains("\"totals\":{") && json.contains("\"income\":{"))
        let totals = year.totalsTable
        #expect(totals.cell(6, "item") == .text("personal_income_tax") && totals.number(6, "percent") == 18)
        #expect(totals.cell(7, "rule") == .text("5 % from 2024-12-01 (4015-IX), rates.yaml"))
        // One unnamed part prints as its table does.
        #expect(ResultTableParts(totals).encoded(as: .csv) == totals.csv())
        #expect(year.parts.encoded(as: .text).hasPrefix("Sales of 2024"))
    }
}
