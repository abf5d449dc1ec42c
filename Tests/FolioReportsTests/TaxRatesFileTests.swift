import FolioAnalytics
import FolioCore
import FolioInputs
import FolioReports
import Testing

@Suite("The tax rates file")
struct TaxRatesFileTests {
    let reader = TaxRatesFile(file: "mine.yaml")

    func error(_ yaml: String) -> String? {
        do {
            _ = try reader.parse(yaml)
            return nil
        } catch { return "\(error)" }
    }

    @Test func theShippedFileHasTheRatesInForceWithTheirDays() throws {
        let rates = try TaxRatesFile.load(ReportFiles.reports.appendingPathComponent("tax-rates.yaml"))
        #expect(rates.carryLossesForward)
        func percent(_ periods: [TaxRates.Period], _ day: String) -> Double? {
            TaxRates.inForce(periods, on: Day(iso: day)!)?.percent
        }
        #expect(
            percent(rates.personalIncomeTax, "2017-12-31") == 18
                && percent(rates.personalIncomeTax, "2015-12-31") == nil
        )
        #expect(percent(rates.militaryLevy, "2014-08-02") == nil && percent(rates.militaryLevy, "2014-08-03") == 1.5)
        #expect(percent(rates.militaryLevy, "2024-11-30") == 1.5 && percent(rates.militaryLevy, "2024-12-01") == 5)
        // A year is taxed at its last day's rates: 2024 at 5 %, 2023 at 1.5 %.
        #expect(
            percent(rates.militaryLevy, TaxRates.taxDay(of: 2024).iso) == 5
                && percent(rates.militaryLevy, TaxRates.taxDay(of: 2023).iso) == 1.5
        )
        // Each law cited in Ukrainian, and in English for the English report.
        #expect(
            rates.militaryLevy.last?.law == "Закон № 4015-IX"
                && rates.militaryLevy.last?.law(english: true) == "Law No. 4015-IX"
        )
        #expect(
            rates.personalIncomeTax.allSatisfy { $0.lawInEnglish != nil }
                && rates.militaryLevy.allSatisfy { $0.lawInEnglish != nil }
        )
    }

    @Test func aBadValueIsOneLineNamingTheFileTheKeyAndItsLine() {
        let e = error(
            """
            carry-losses-forward: true
            personal-income-tax: [{percent: 18, law: x}]
            military-levy:
              - {percent: 1.5, to: 2024-11-30, law: x}
              - {percent: five, from: 2024-12-01, law: x}
            """
        )
        #expect(e == "mine.yaml: military-levy[1].percent (line 5): expected a percent from 0 to 100; found \"five\"")
    }

    @Test(arguments: [
        (
            "carry-losses-forward: maybe\npersonal-income-tax: [{percent: 18, law: x}]\nmilitary-levy: [{percent: 5, law: x}]",
            "mine.yaml: carry-losses-forward (line 1): expected true or false; found \"maybe\""
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, law: x, form: 2016-01-01}]\nmilitary-levy: [{percent: 5, law: x}]",
            "mine.yaml: personal-income-tax[0].form (line 2): expected one of percent, from, to, law; found an unknown key"
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, law: x}]",
            "mine.yaml: military-levy (line 1): expected this key (every rates file says all three)"
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, law: x}]\nmilitary-levy:\n  - {percent: 1.5, to: 2024-12-31, law: x}\n  - {percent: 5, from: 2024-12-01, law: x}",
            "mine.yaml: military-levy[1] (line 5): expected days of its own; found days military-levy[0] covers too"
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, from: 2016-01-01, to: 2015-01-01, law: x}]\nmilitary-levy: [{percent: 5, law: x}]",
            "mine.yaml: personal-income-tax[0].to (line 2): expected a day not before from (2016-01-01); found 2015-01-01"
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, from: 1 Jan 2016, law: x}]\nmilitary-levy: [{percent: 5, law: x}]",
            "mine.yaml: personal-income-tax[0].from (line 2): expected a day such as 2024-12-01; found \"1 Jan 2016\""
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18}]\nmilitary-levy: [{percent: 5, law: x}]",
            "mine.yaml: personal-income-tax[0].law (line 2): expected the law that set the rate, as text or as {uk: …, en: …}"
        ),
        (
            "carry-losses-forward: true\npersonal-income-tax: [{percent: 18, law: {uk: x, de: y}}]\nmilitary-levy: [{percent: 5, law: x}]",
            "mine.yaml: personal-income-tax[0].law.de (line 2): expected uk or en; found an unknown key"
        ),
    ])
    func mistakes(_ yaml: String, _ message: String) {
        #expect(error(yaml) == message)
    }
}
