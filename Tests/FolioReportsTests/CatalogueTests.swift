import FolioCharts
import FolioDatasets
import Testing

@testable import FolioReports

@Suite struct CatalogueTests {
    @Test(arguments: ChartLocale.allCases) func everyKeyInEveryLanguage(locale: ChartLocale) {
        let catalogue = Catalogue.for(locale)
        let missing = Set(StringKey.allCases).subtracting(catalogue.keys)
        #expect(missing.isEmpty, "\(locale.rawValue) lacks \(missing.map(\.rawValue).sorted())")
        for key in StringKey.allCases {
            #expect(
                !catalogue[key].trimmingCharacters(in: .whitespaces).isEmpty,
                "\(locale.rawValue).\(key.rawValue) is empty"
            )
        }
    }

    @Test func languagesDiffer() {
        let en = Catalogue.for(.en)
        let uk = Catalogue.for(.uk)
        #expect(en[.holdings] == "Holdings" && uk[.holdings] == "Активи")
    }

    @Test func templatesFillPlaceholdersAndLabels() {
        let text = Template.render(
            "{t.page} {page} {t.of} {pages} · {portfolio}",
            values: ["page": "2", "pages": "7", "portfolio": "P"],
            strings: .for(.uk)
        )
        #expect(text == "Сторінка 2 з 7 · P")
    }

    @Test(arguments: ChartLocale.allCases) func numbersAndDatesFollowTheLocale(locale: ChartLocale) throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 2, trades: 4), locale: locale)
        let value = try #require(data.tile(.value)?.value)
        #expect(data.values["asOf"] == (locale == .uk ? "28.06.2024" : "28 Jun 2024"))
        if locale == .uk {
            #expect(value.hasSuffix("\u{00A0}$") && value.contains(","))
        } else {
            #expect(value.hasPrefix("$") && value.contains("."))
        }
    }
}
