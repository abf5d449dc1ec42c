import FolioCharts
import FolioCore
import FolioDatasets

/// Report chart blocks drawn through the datasets (FolioDatasets), the same builders `folio chart` uses:
/// the block's `data` and `parameters` become a `ChartRequest`, the report's loaded data the input.
/// A report chart has its own title (the definition's), the dataset's subtitle (its currency and the
/// period it covers, ending at the report's as-of day) and no source line (the page header says the day
/// once for every chart).
struct DatasetCharts: Sendable {
    let input: DatasetInput
    /// The request every block starts from: the portfolio, and defaults the report wants.
    let base: ChartRequest
    /// The datasets of this report, by the names its definitions use.
    let names: [String: Set<ChartKind>]
    /// What the charts drawn so far left out (`DatasetChart.warnings`).
    let warnings = ReportWarnings()

    init(input: DatasetInput, base: ChartRequest, subjects: Set<DatasetSubject>) {
        self.input = input
        self.base = base
        var names: [String: Set<ChartKind>] = [:]
        for type in Datasets.all where subjects.contains(type.subject) { names[type.name] = Set(type.kinds) }
        for (alias, type) in Datasets.aliases where subjects.contains(type.subject) { names[alias] = Set(type.kinds) }
        self.names = names
    }

    /// Fields a report sets for all its charts; a block cannot set them.
    static let reportOwned: Set<ChartRequest.Field> = [.portfolio, .asOf, .locale, .theme, .title, .size, .scale]

    /// The block's chart. Its parameters are checked first: a bad one is the definition's fault and
    /// fails the report with the block's path (`ParameterError`), as does an asset or currency the
    /// report has no quotes of. Data the dataset does not find (a portfolio holding nothing yet) is a
    /// chart that says "No data", not a failed report.
    func content(
        _ kind: ChartKind,
        data: String,
        parameters: [String: String],
        frame: ChartFrame
    ) throws -> ChartContent {
        var request = base
        request.kind = kind
        request.data = data
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let field = ChartRequest.Field(name: key), !Self.reportOwned.contains(field) else {
                let allowed = ChartRequest.Field.allCases.filter { !Self.reportOwned.contains($0) && $0 != .data }.map(
                    \.rawValue
                )
                throw ParameterError(
                    key: key,
                    problem: "unknown parameter, expected one of " + allowed.joined(separator: ", ")
                        + (ChartRequest.Field(name: key) != nil ? " (the report sets \(key) for every chart)" : "")
                )
            }
            do { try request.set(field, [value]) } catch let error as ArgumentError {
                throw ParameterError(key: key, problem: error.problem)
            }
        }
        let dataset: any Dataset
        do { dataset = try request.dataset() } catch let error as ArgumentError {
            throw ParameterError(key: error.field == "data" ? nil : error.field, problem: error.problem)
        }
        // A block's assets and currency must be among the quotes this report read (a portfolio report reads
        // the portfolio's assets); the budget's currency is its entries', not a quote's.
        let known = input.market.book.assets.union(input.market.assets.map(\.code))
        let named =
            (request.given.contains(.asset) ? request.assets : [])
            + (request.given.contains(.currency) && type(of: dataset).subject != .budget
                ? [request.currency].compactMap { $0 } : [])
        for asset in named where !known.contains(asset) {
            throw ParameterError(
                key: asset == request.currency ? "currency" : "asset",
                problem: "\(asset) has no quotes in this report's data"
            )
        }
        let built: DatasetChart
        do { built = try dataset.build(input, as: kind, frame: frame) } catch let error as ArgumentError {
            warnings.add(["\(data): \(error.problem)"])
            return .chart(NoDataChart(frame: frame))
        }
        warnings.add(built.warnings)
        if let multiples = built.chart as? SmallMultiplesChart { return .smallMultiples(multiples) }
        var chart = built.chart
        // The subtitle says the period and the currency, which the block's title does not know.
        chart.frame.subtitle = built.subtitle
        return .chart(chart)
    }

    /// A block that cannot be drawn as written, for the builder to report with the block's path:
    /// `parameters.KEY` when one parameter is at fault.
    struct ParameterError: Error {
        var key: String?
        var problem: String
    }
}
