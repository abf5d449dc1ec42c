import FolioAnalytics
import FolioCharts
import FolioCore
import Foundation

/// One option of a chart request, declared once: its help and the name of its value (`folio chart --help`
/// and the manual), what the shells offer for it, how many values it takes, and how its text sets the
/// typed request. `folio chart` declares its command-line option from it and sets the request through it,
/// as a jobs file's `args:` and a report block's `parameters` do (`ChartRequest.set(_:_:)`); which charts
/// read it is each dataset's `fields`.
public struct ChartOption: Sendable {
    /// How many values it takes: none on the command line (`--log`; true or false in YAML), one, or a list
    /// (`--asset AAPL MSFT`, `--asset AAPL,MSFT`, `asset: [AAPL, MSFT]`).
    public enum Arity: Sendable { case flag, one, list }
    /// What the shells offer for its value.
    public enum Completion: Sendable {
        case none
        /// The portfolios of the database the command line names.
        case portfolios
        case choices([String])
    }

    public let help: String
    /// The value's name in the help (`--days <n>`).
    public let valueName: String
    public let arity: Arity
    public let completion: Completion
    /// Sets the request from the option's text; a bad value is an `ArgumentError` naming the option.
    let read: @Sendable (inout ChartRequest, Text) throws -> Void

    init(
        _ help: String,
        value valueName: String,
        _ arity: Arity = .one,
        completion: Completion = .none,
        read: @escaping @Sendable (inout ChartRequest, Text) throws -> Void
    ) {
        (self.help, self.valueName, self.arity, self.completion, self.read) = (help, valueName, arity, completion, read)
    }

    /// The words an option was given, and the option's name for what is said of them.
    struct Text {
        let option: String
        let values: [String]

        func one() throws -> String {
            guard values.count == 1, let value = values.first else {
                throw ArgumentError(option, "expected one value, found \(values.count)")
            }
            return value.trimmingCharacters(in: .whitespaces)
        }

        func count(_ range: ClosedRange<Int>) throws -> Int { try ArgumentValue.count(try one(), option, in: range) }

        func asset() throws -> AssetCode { try ArgumentValue.asset(try one().uppercased(), option) }

        /// true or false, also as yes or no, and in `words` (`mode: percent|values`).
        func flag(_ words: (yes: String, no: String)? = nil) throws -> Bool {
            let text = try one().lowercased()
            let yes = ["true", "yes"] + (words.map { [$0.yes] } ?? [])
            let no = ["false", "no"] + (words.map { [$0.no] } ?? [])
            guard yes.contains(text) || no.contains(text) else {
                let also = words.map { " (mode: \($0.yes) or \($0.no))" } ?? ""
                throw ArgumentError(option, "\"\(text)\" is not true or false\(also)")
            }
            return yes.contains(text)
        }
    }
}

extension ChartRequest {
    /// The fields a chart request is written in: the option names of `folio chart` without their dashes,
    /// which are also the keys of a jobs file's chart job and of a report block's `parameters`. Each is
    /// declared once, here: its case and its arm of `option` below.
    public enum Field: String, CaseIterable, Sendable {
        case data, portfolio, asset
        case asOf = "as-of"
        case days, months, window, currency, by, percent, log, normalise, benchmark, period
        case size, scale, theme, locale, title

        /// Spellings that were documented before and are still read: `folio chart --method` (now
        /// `--normalise`, as `folio table` has it), `mode: percent|values` of report definitions, `assets`.
        public static let aliases: [String: Field] = ["method": .normalise, "mode": .percent, "assets": .asset]

        public init?(name: String) {
            guard let field = Field(rawValue: name) ?? Self.aliases[name] else { return nil }
            self = field
        }

        /// What every chart takes: the dataset, the day, the canvas and the words.
        static let everyChart: Set<Field> = [.data, .asOf, .size, .scale, .theme, .locale, .title]
    }
}

extension ChartRequest.Field {
    /// The option's one declaration. An exhaustive switch, so that a new field does not build without it.
    public var option: ChartOption {
        switch self {
        case .data:
            ChartOption(
                "The dataset to draw (default: the kind's usual one).",
                value: "name",
                completion: .choices(Datasets.all.map { $0.name })
            ) { $0.data = try $1.one().lowercased() }
        case .portfolio:
            ChartOption(
                "The portfolio drawn (a portfolio dataset), or whose colours --asset lines take.",
                value: "portfolio",
                completion: .portfolios
            ) { $0.portfolio = try $1.one() }
        case .asset:
            ChartOption(
                "Asset codes (line, compare, correlation): --asset AAPL MSFT or repeated.",
                value: "code",
                .list
            ) { request, text in
                request.assets = try text.values.flatMap { $0.split(separator: ",") }.map { code in
                    try ArgumentValue.asset(code.trimmingCharacters(in: .whitespaces).uppercased(), text.option)
                }
            }
        case .asOf:
            ChartOption("Last day shown, YYYY-MM-DD (default: last day with data).", value: "day") {
                $0.asOf = try ArgumentValue.day(try $1.one(), $1.option)
            }
        case .days:
            ChartOption("Days up to --as-of (line 7, compare 90, correlation 365).", value: "n") {
                $0.days = try $1.count(1...36_500)
            }
        case .months:
            ChartOption("Months up to --as-of (bars, hbars, pie/donut --by category; default 12).", value: "n") {
                $0.months = try $1.count(1...1200)
            }
        case .window:
            ChartOption("Return days of a rolling correlation's window (default 30).", value: "n") {
                $0.window = try $1.count(2...3650)
            }
        case .currency:
            ChartOption(
                "The currency prices and values are shown in (default: the asset's own, or the portfolio's base).",
                value: "currency"
            ) { $0.currency = try $1.asset() }
        case .by:
            ChartOption(
                "pie/donut grouping: asset, kind, currency, or category (budget expenses).",
                value: "by",
                completion: .choices(ChartRequest.Grouping.allCases.map(\.rawValue))
            ) { request, text in
                let word = try text.one()
                guard let grouping = ChartRequest.Grouping(rawValue: word.lowercased()) else {
                    throw ArgumentError(
                        text.option,
                        "unknown grouping \"\(word)\", expected asset, kind, currency or category"
                    )
                }
                request.by = grouping
            }
        case .percent:
            ChartOption("bars: each asset's share of the month's value instead of values.", value: "", .flag) {
                $0.percent = try $1.flag((yes: "percent", no: "values"))
            }
        case .log:
            ChartOption(
                "line, compare: values on a log scale (ticks at 1, 2, 5 per decade); every value must be above zero.",
                value: "",
                .flag
            ) { $0.log = try $1.flag() }
        case .normalise:
            ChartOption(
                "compare: rebased (100 at the start) or min-max (each series spans 0…1).",
                value: "method",
                completion: .choices(["rebased", "min-max"])
            ) { $0.normalise = try ArgumentValue.normalisation(try $1.one(), $1.option) }
        case .benchmark:
            ChartOption(
                "cumulative: an asset to compare the portfolio's returns with (e.g. SPY, BTC, USD).",
                value: "code"
            ) { $0.benchmark = try $1.asset() }
        case .period:
            ChartOption(
                "waterfall and --data value: 1M, 3M, YTD, 1Y, 3Y, inception (the waterfall's default), a year (2017) or last-year.",
                value: "period"
            ) { request, text in
                let period = try text.one()
                do throws(AnalyticsError) { request.period = try AttributionPeriod(period) } catch {
                    throw ArgumentError(error, arguments: ["period": text.option])
                }
            }
        case .size:
            ChartOption("Canvas size in points, WIDTHxHEIGHT (default 1200x675).", value: "size") {
                ($0.width, $0.height) = try ChartRequest.size(try $1.one())
            }
        case .scale:
            ChartOption("Pixels per point for PNG (2 for high-density screens).", value: "scale") { request, text in
                let word = try text.one()
                guard let value = Double(word), value.isFinite, value >= 0.25, value <= 8 else {
                    throw ArgumentError(text.option, "\(word) is out of range, expected 0.25 to 8 (2 for a 2x PNG)")
                }
                request.scale = value
            }
        case .theme:
            ChartOption("light or dark (default: light).", value: "theme", completion: .choices(["light", "dark"])) {
                $0.theme = try ArgumentValue.theme(try $1.one(), $1.option)
            }
        case .locale:
            ChartOption(
                "en or uk: the language, numbers and dates (default: en; uk for folio report tax).",
                value: "locale",
                completion: .choices(ChartLocale.allCases.map(\.rawValue))
            ) { $0.locale = try ArgumentValue.locale(try $1.one(), $1.option) }
        case .title:
            ChartOption("Title instead of the generated one.", value: "title") { $0.title = try $1.one() }
        }
    }
}
