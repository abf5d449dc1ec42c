import FolioCore
import Foundation
import Testing

@testable import FolioCharts

private let minus = "\u{2212}"
private let nnbsp = "\u{202F}"
private let nbsp = "\u{00A0}"

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (ChartLocale.en, NumberFormat.Style.decimal(2), 1_234_567.891, "1,234,567.89"),
        (.uk, .decimal(2), 1_234_567.891, "1\u{202F}234\u{202F}567,89"),
        (.en, .decimal(2), -0.5, "\u{2212}0.50"),
        (.en, .decimal(2), -0.001, "0.00"),
        (.en, .decimal(2), 0.285, "0.29"),
        (.en, .decimal(2), 1.005, "1.01"),
        (.en, .decimal(0), 999.5, "1,000"),
        (.en, .decimal(1), 0.3, "0.3"),
        (.en, .price(minimum: 2, significant: 4), 0.000000001681, "0.000000001681"),
        (.uk, .price(minimum: 2, significant: 4), 0.000000001681, "0,000000001681"),
        (.en, .price(minimum: 2, significant: 4), 0.01234567, "0.01235"),
        (.en, .price(minimum: 2, significant: 4), 35.1104, "35.11"),
        (.en, .compact(decimals: 1), 1_234, "1.2K"),
        (.en, .compact(decimals: 1), 999_960, "1M"),
        (.en, .compact(decimals: 1), 3_400_000_000, "3.4B"),
        (.en, .compact(decimals: 1), 7.8e12, "7.8T"),
        (.en, .compact(decimals: 1), 950, "950"),
        (.uk, .compact(decimals: 1), 1_234, "1,2\u{00A0}тис."),
        (.uk, .compact(decimals: 1), 5_600_000, "5,6\u{00A0}млн"),
        (.uk, .compact(decimals: 1), 5_600_000_000, "5,6\u{00A0}млрд"),
        (.uk, .compact(decimals: 1), 2e12, "2\u{00A0}трлн"),
        (.en, .percent(1), 0.125, "12.5%"),
        (.uk, .percent(1), 0.125, "12,5\u{00A0}%"),
    ])
    func formats(locale: ChartLocale, style: NumberFormat.Style, value: Double, expected: String) {
        #expect(NumberFormat(locale: locale, style: style).string(value) == expected)
    }

    @Test func currencies() {
        #expect(NumberFormat(locale: .en, style: .decimal(2), currency: .usd).string(-1234.5) == "\(minus)$1,234.50")
        #expect(NumberFormat(locale: .en, style: .decimal(2), currency: .eur).string(10) == "€10.00")
        #expect(NumberFormat(locale: .en, style: .decimal(2), currency: .pln).string(10) == "10.00\(nbsp)zł")
        #expect(
            NumberFormat(locale: .uk, style: .decimal(2), currency: .uah).string(1234.5) == "1\(nnbsp)234,50\(nbsp)грн"
        )
        #expect(
            NumberFormat(locale: .uk, style: .compact(decimals: 1), currency: .usd).string(174_100)
                == "174,1\(nbsp)тис.\(nbsp)$"
        )
    }

    /// A bank's rate as quoted: up to 4 decimals, at least 2, so that shown sell − shown buy = shown spread.
    @Test func ratesKeepTheirOwnDecimals() {
        let rate = NumberFormat(locale: .uk, style: .upTo(minimum: 2, maximum: 4))
        #expect(
            [28.24, 28.5387, 28.4, 28.5387 - 28.24, 28.38935, 1_234.5].map(rate.string)
                == ["28,24", "28,5387", "28,40", "0,2987", "28,3894", "1\(nnbsp)234,50"]
        )
    }

    @Test func signsAndUndefined() {
        let signed = NumberFormat(locale: .en, style: .percent(2), explicitPlus: true)
        #expect(signed.string(0.0475) == "+4.75%")
        #expect(signed.string(-0.0475) == "\(minus)4.75%")
        #expect(signed.string(0) == "0.00%")
        #expect(NumberFormat(locale: .en).string(.nan) == "—")
        #expect(NumberFormat(locale: .en).string(.infinity) == "—")
    }

    /// The one rounding rule: half away from zero on the digits a spreadsheet shows, in text tables and
    /// in every chart, tile and PDF table alike.
    @Test func halvesRoundAwayFromZeroOnTheDecimalValueEverywhere() {
        for (value, text) in [
            (0.125, "0.13"), (1.005, "1.01"), (2.675, "2.68"), (-2.675, "-2.68"), (-0.004, "0.00"), (0.285, "0.29"),
        ] {
            #expect(DecimalDigits.plain(value, decimals: 2) == text)
            #expect(
                NumberFormat(locale: .en, style: .decimal(2)).string(value)
                    == text.replacingOccurrences(of: "-", with: ChartLocale.minus)
            )
        }
        var random = SplitMix64(seed: 18)
        for _ in 0..<2_000 {
            let v = (random.unit() - 0.5) * pow(10, Double(random.next(below: 8)))
            let d = random.next(below: 4)
            #expect(
                DecimalDigits.plain(v, decimals: d).replacingOccurrences(of: "-", with: ChartLocale.minus)
                    == NumberFormat(locale: .en, style: .decimal(d), grouping: false).string(v)
            )
        }
    }

    /// A spreadsheet holds 15 significant digits: 3000 × 27.944315 is the double 83832.94499999999, which
    /// it holds (and shows) as 83832.945 and rounds to 83832.95; so does Folio. So are 0.1 + 0.2 (0.3) and
    /// 1.0049999999999999 (1.005 → 1.01).
    @Test func roundingWorksOnTheFifteenDigitsASpreadsheetHolds() {
        #expect(3000 * 27.944315 == 83832.94499999999)
        #expect(DecimalDigits.plain(3000 * 27.944315, decimals: 2) == "83832.95")
        #expect(DecimalDigits.plain(-3000 * 27.944315, decimals: 2) == "-83832.95")
        #expect(DecimalDigits.plain(0.1 + 0.2, decimals: 16) == "0.3000000000000000")
        #expect(DecimalDigits.plain(1.0049999999999999, decimals: 2) == "1.01")
        #expect(DecimalDigits.plain(99999999999999.99, decimals: 1) == "100000000000000.0")
        // Below 15 digits nothing changes: 83832.94499 is no half.
        #expect(DecimalDigits.plain(83832.94499, decimals: 2) == "83832.94")
        #expect(NumberFormat(locale: .en, style: .decimal(2)).string(3000 * 27.944315) == "83,832.95")
    }

    @Test func dates() {
        let day = FolioCoreDay.make(2026, 11, 21)
        #expect(DateText.date(day, locale: .uk) == "21.11.2026")
        #expect(DateText.date(day, locale: .en) == "21 Nov 2026")
        #expect(DateText.dayMonth(day, locale: .uk) == "21\(nbsp)лист.")
    }
}

@Test func sourceLines() {
    let day = FolioCoreDay.make(2026, 11, 21)
    #expect(ChartFrame.footnote(source: "NBU", asOf: day, locale: .en) == "Source: NBU · as of 21 Nov 2026")
    #expect(ChartFrame.footnote(source: "НБУ", asOf: day, locale: .uk) == "Джерело: НБУ · станом на 21.11.2026")
    #expect(ChartFrame.footnote(source: nil, asOf: nil, locale: .uk) == "")
}
