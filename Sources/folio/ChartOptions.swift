import ArgumentParser
import FolioCore
import FolioDatasets

/// `folio chart`'s options beyond the kind, the database and `--out`, a line each: each declares itself
/// from its field's one declaration (`ChartRequest.Field.option`: name, help, value name, completions),
/// and `fields()` reads them back through it, so the property's name is the field's.
struct ChartOptions: ParsableArguments {
    @Option(.data) var data: String?
    @Option(.portfolio) var portfolio: String?
    @Option(.asset) var asset: [String] = []
    @Option(.asOf) var asOf: String?
    @Option(.days) var days: String?
    @Option(.months) var months: String?
    @Option(.window) var window: String?
    @Option(.currency) var currency: String?
    @Option(.by) var by: String?
    @Flag(.percent) var percent = false
    @Flag(.log) var log = false
    /// `--method` was `--normalise`'s name before `folio table` and `folio chart` spelt it alike; declared
    /// before it, so that `--normalise` wins when both are given.
    @Option(name: .customLong("method"), help: .hidden) var method: String?
    @Option(.normalise) var normalise: String?
    @Option(.benchmark) var benchmark: String?
    @Option(.period) var period: String?
    @Option(.size) var size: String?
    @Option(.scale) var scale: String?
    @Option(.title) var title: String?
}

/// `--locale` and `--theme`, as every command that draws takes them: `folio chart`, `folio report` and
/// `folio mail` (whose reports and daily images are drawn).
struct LookOptions: ParsableArguments {
    @Option(.locale) var locale: String?
    @Option(.theme) var theme: String?
}

extension ParsableArguments {
    /// The chart fields given, each with its words, in the order declared. A property is a field by its
    /// name (`asOf` is `.asOf`, `method` the alias of `.normalise`).
    func chartFields() throws -> [(ChartRequest.Field, [String])] {
        try Mirror(reflecting: self).children.compactMap { child in
            let name = String(child.label?.drop { $0 == "_" } ?? "")
            guard let field = ChartRequest.Field.allCases.first(where: { "\($0)" == name }) ?? .init(name: name)
            else {
                // A programmer's slip, met by every `folio chart`: an option that would be ignored.
                throw ArgumentError(message: "\(Self.self).\(name) is no chart field")
            }
            let words: [String] =
                switch child.value {
                case let option as Option<String?>: option.wrappedValue.map { [$0] } ?? []
                case let option as Option<[String]>: option.wrappedValue
                case let flag as Flag<Bool>: flag.wrappedValue ? ["true"] : []
                default: []
                }
            return words.isEmpty ? nil : (field, words)
        }
    }
}

extension Option where Value == String? {
    /// The option of a chart field, as the field declares it.
    init(_ field: ChartRequest.Field) {
        let option = field.option
        self.init(
            name: .customLong(field.rawValue),
            help: ArgumentHelp(option.help, valueName: option.valueName),
            completion: ValueCompletion.of(option)
        )
    }
}

extension Option where Value == [String] {
    /// A chart field of several values: `--asset AAPL MSFT`, or repeated.
    init(wrappedValue: [String], _ field: ChartRequest.Field) {
        let option = field.option
        self.init(
            wrappedValue: wrappedValue,
            name: .customLong(field.rawValue),
            parsing: .upToNextOption,
            help: ArgumentHelp(option.help, valueName: option.valueName),
            completion: ValueCompletion.of(option)
        )
    }
}

extension Flag where Value == Bool {
    init(wrappedValue: Bool, _ field: ChartRequest.Field) {
        self.init(wrappedValue: wrappedValue, name: .customLong(field.rawValue), help: ArgumentHelp(field.option.help))
    }
}
