import FolioAnalytics
import FolioCharts
import FolioCore
import Testing

@testable import FolioDatasets

/// One request whether it comes from options, `args:` words or YAML keys, and the same words for a
/// bad value wherever it was written.
@Suite struct ChartRequestTests {
    func fromWords(_ kind: ChartKind, _ words: [String]) throws -> ChartRequest {
        var request = ChartRequest(kind: kind)
        try request.set(words: words)
        return request
    }

    @Test func wordsAndFieldsMakeOneRequest() throws {
        var fields = ChartRequest(kind: .compare)
        try fields.set(.asset, ["btc", "ETH"])
        try fields.set(.days, ["180"])
        try fields.set(.normalise, ["min-max"])
        let spellings = [
            ["--asset=BTC", "--asset=ETH", "--days=180", "--normalise=min-max"],
            ["--asset", "BTC", "ETH", "--days", "180", "--method", "minmax"],
            ["--asset", "BTC,ETH", "--normalise", "min-max", "--days", "180"],
        ]
        for words in spellings { #expect(try fromWords(.compare, words) == fields, "\(words)") }
        #expect(fields.assets == ["BTC", "ETH"] && fields.normalise == .minMax)
    }

    @Test func logIsAFlagInWordsAndAYesOrNoInDefinitions() throws {
        #expect(try fromWords(.line, ["--asset", "NVDA", "--log"]).log)
        #expect(try fromWords(.compare, ["--log", "--asset", "A", "B"]).log)
        #expect(try !fromWords(.line, ["--log=false"]).log)
        var yaml = ChartRequest(kind: .line)
        try yaml.set(.log, ["true"])
        #expect(yaml.log && yaml.given == [.log])
        #expect { try yaml.set(.log, ["percent"]) } throws: { "\($0)" == "--log: \"percent\" is not true or false" }
        // Lines and comparisons read it; other charts refuse it rather than ignore it.
        var bars = ChartRequest(kind: .bars)
        bars.portfolio = "P"
        try bars.set(.log, ["true"])
        #expect { try bars.dataset() } throws: { "\($0)" == "--log: not used by bars charts of composition" }
        var minMax = try fromWords(.compare, ["--asset", "A", "B", "--log", "--normalise", "min-max"])
        #expect { try minMax.dataset() } throws: { "\($0)".hasPrefix("--log: min-max puts each series' low at 0") }
        minMax.normalise = .rebase
        #expect(throws: Never.self) { try minMax.dataset() }
    }

    @Test func aLogScaleRefusesValuesAtOrBelowZeroInOneLine() throws {
        let day = 1_704_067_200.0
        let fine = [LineSeries(name: "A", times: [day, day + 86_400], values: [1, 2])]
        #expect(try fine.checkedForLogScale() == fine)
        let zero = fine + [LineSeries(name: "B", times: [day, day + 86_400], values: [.nan, 0])]
        #expect { try zero.checkedForLogScale() } throws: {
            "\($0)" == "--log: B is 0 on 2024-01-02; a log scale needs values above zero"
        }
    }

    @Test func reportParametersAreTheSameFields() throws {
        #expect(try fromWords(.bars, ["--mode", "percent"]).percent)
        #expect(try !fromWords(.bars, ["--mode=values"]).percent)
        #expect(try fromWords(.bars, ["--percent"]).percent)
        #expect(ChartRequest.Field(name: "method") == .normalise && ChartRequest.Field(name: "colour") == nil)
    }

    @Test(arguments: [
        (["--days", "0"], "--days: 0 is out of range, expected 1 to 36500"),
        (["--asset", "US D"], "--asset: \"US D\" is not an asset code such as BTC or AAPL"),
        (["--size", "100x100"], "--size: 100x100 is out of range, expected 200x120 to 10000x10000"),
        (["--by", "colour"], "--by: unknown grouping \"colour\", expected asset, kind, currency or category"),
        (["--as-of", "2024-02-30"], "--as-of: \"2024-02-30\" is not a date such as 2024-03-31"),
        (["--theme", "blue"], "--theme: unknown theme \"blue\", expected light or dark"),
    ])
    func badValuesAreNamed(_ words: [String], _ message: String) {
        #expect { try fromWords(.line, words) } throws: { "\($0)" == message }
    }

    @Test func anUnknownOptionIsNamedWithEveryField() {
        let every = ChartRequest.Field.allCases.map { "--" + $0.rawValue }.joined(separator: ", ")
        #expect { try fromWords(.line, ["--colour", "red"]) } throws: {
            "\($0)" == "--colour: unknown option, expected one of " + every
        }
        #expect(every.hasPrefix("--data, --portfolio, --asset, --as-of, --days,") && every.hasSuffix(", --title"))
    }

    /// Each option's declaration: help to print, a value's name unless it is a flag, and values offered to
    /// the shells that it reads without complaint.
    @Test func everyOptionIsDeclaredWithValuesItReads() throws {
        for field in ChartRequest.Field.allCases {
            let option = field.option
            #expect(!option.help.isEmpty && option.help.hasSuffix("."), "\(field)")
            #expect(option.valueName.isEmpty == (option.arity == .flag), "\(field)")
            guard case .choices(let names) = option.completion else { continue }
            #expect(!names.isEmpty, "\(field)")
            for name in names {
                var request = ChartRequest(kind: .line)
                #expect(throws: Never.self, "\(field) \(name)") { try request.set(field, [name]) }
                #expect(request.given == [field])
            }
        }
        var request = ChartRequest(kind: .line)
        try request.set(.theme, ["dark"])
        try request.set(.by, ["category"])
        #expect(request.theme == .dark && request.by == .category)
    }

    /// A bad value leaves the request as it was: not set, and not counted as given.
    @Test func aBadValueChangesNothing() {
        var request = ChartRequest(kind: .line)
        #expect(throws: ArgumentError.self) { try request.set(.days, ["0"]) }
        #expect(request == ChartRequest(kind: .line) && request.given.isEmpty)
    }

    @Test func eachKindDrawsItsStandardDatasetAndDatasetsRefuseOtherKinds() throws {
        // A descriptor names a dataset that draws its kind, by category too where it has one.
        for kind in ChartKind.allCases {
            #expect(Datasets.standard(for: kind, by: nil).kinds.contains(kind), "\(kind)")
            #expect(Datasets.standard(for: kind, by: .category).kinds.contains(kind), "\(kind) by category")
        }
        #expect(Datasets.standard(for: .pie, by: .category).name == "expenses-by-category")
        #expect(Datasets.standard(for: .donut, by: .category).name == "expenses-by-category")
        #expect(Datasets.standard(for: .bars, by: .category).name == "composition")
        #expect(Set(Datasets.all.map { $0.name }).count == Datasets.all.count)
        var request = ChartRequest(kind: .line)
        request.data = "composition"
        request.portfolio = "P"
        #expect { try request.dataset() } throws: { "\($0)" == "--data: composition is drawn as bars, not as line" }
        request.data = "nothing"
        #expect { try request.dataset() } throws: {
            "\($0)".hasPrefix("--data: unknown dataset \"nothing\", expected one of prices, allocation,")
        }
    }

    @Test func whatEachDatasetNeedsIsNamed() {
        #expect { try ChartRequest(kind: .bars).dataset() } throws: { "\($0)" == "--portfolio: bars needs a portfolio" }
        #expect { try ChartRequest(kind: .line).dataset() } throws: {
            "\($0)" == "--asset: line needs at least one asset, e.g. --asset AAPL"
        }
        var one = ChartRequest(kind: .compare)
        one.assets = ["AAPL"]
        #expect { try one.dataset() } throws: {
            "\($0)" == "--asset: compare needs at least two assets, e.g. --asset AAPL MSFT"
        }
    }

    /// An option the dataset does not read is refused, not silently ignored.
    @Test func optionsADatasetDoesNotReadAreRefused() throws {
        var line = try fromWords(.line, ["--asset", "AAPL", "--months", "3"])
        #expect { try line.dataset() } throws: { "\($0)" == "--months: not used by line charts of prices" }
        line = try fromWords(.line, ["--asset", "AAPL", "--percent"])
        #expect { try line.dataset() } throws: { "\($0)" == "--percent: not used by line charts of prices" }
        var pie = try fromWords(.pie, ["--by", "category", "--months", "3"])
        _ = try pie.dataset()
        pie = try fromWords(.pie, ["--by", "category", "--portfolio", "P"])
        #expect { try pie.dataset() } throws: {
            "\($0)" == "--portfolio: not used by pie charts of expenses-by-category"
        }
    }
}
