import FolioAnalytics
import FolioCharts
import FolioCore
import Foundation

/// One chart to draw, in typed fields: what `folio chart` reads from its options, a jobs file's chart job
/// and a report definition's chart block from YAML. All three decode the same fields through
/// `set(_:_:)` (see `ChartRequest+Fields.swift`), so a value means the same and is refused with the same
/// words wherever it is written, and what a chart depends on is derived from these fields, never from
/// how they were spelled (`--asset=BTC`, `--asset BTC` and `asset: [BTC]` are one request).
public struct ChartRequest: Sendable, Hashable {
    public var kind: ChartKind
    /// The dataset drawn (`allocation`, `value`…); nil: the kind's usual one (`Datasets.standard`).
    public var data: String?
    public var portfolio: String?
    public var assets: [AssetCode] = []
    /// The last day shown; nil: the last day with data (`AsOf`).
    public var asOf: Day?
    /// Days, months and windows up to the as-of day; nil: the dataset's own default.
    public var days: Int?
    public var months: Int?
    public var window: Int?
    /// The currency prices and values are shown in; nil: the asset's own, or the portfolio's base.
    public var currency: AssetCode?
    public var by: Grouping?
    /// Bars: each series' share of its group instead of values.
    public var percent = false
    /// Lines and comparisons: values on a log scale (ticks at 1, 2 and 5 in each decade).
    public var log = false
    public var normalise: Normalisation?
    /// An asset a portfolio's returns are compared with, in its base currency.
    public var benchmark: AssetCode?
    /// The days a value bridge covers (`attribution`); nil: since inception.
    public var period: AttributionPeriod?
    public var width = 1200.0
    public var height = 675.0
    /// Pixels per point of a PNG.
    public var scale = 1.0
    public var theme: Theme = .light
    public var locale: ChartLocale = .en
    /// Instead of the generated title.
    public var title: String?
    /// The fields set through `set(_:_:)`, that is, written by the user: each must be one the dataset
    /// reads, so that an option is never silently ignored. In `Field` order, not a `Set`: a request's
    /// description is part of a batch output's fingerprint and must read the same in every process.
    public internal(set) var given: [Field] = []

    /// How a pie groups: a portfolio's holdings by asset, kind or currency, or the budget by category.
    public enum Grouping: String, Hashable, Sendable, CaseIterable {
        case asset, kind, currency, category

        public var allocation: AllocationGrouping? { AllocationGrouping(rawValue: rawValue) }
    }

    public init(kind: ChartKind) { self.kind = kind }

    /// The kind of dataset this request draws (an unknown `data` name falls back to the kind's usual
    /// one here; `dataset()` refuses it).
    public var datasetType: any Dataset.Type {
        data.flatMap(Datasets.named) ?? Datasets.standard(for: kind, by: by)
    }

    /// The dataset this request draws, with its parameters read and checked.
    public func dataset() throws -> any Dataset {
        if let data, Datasets.named(data) == nil {
            throw ArgumentError("--data", "unknown dataset \"\(data)\", expected one of " + Datasets.names)
        }
        let type = datasetType
        guard type.kinds.contains(kind) else {
            throw ArgumentError(
                "--data",
                "\(type.name) is drawn as " + type.kinds.map(\.rawValue).joined(separator: " or ")
                    + ", not as \(kind.rawValue)"
            )
        }
        if let unused = Field.allCases.first(where: {
            given.contains($0) && !Field.everyChart.contains($0) && !type.fields.contains($0)
        }) {
            throw ArgumentError("--" + unused.rawValue, "not used by \(kind.rawValue) charts of \(type.name)")
        }
        return try type.init(self)
    }

    /// Refuses a canvas too large to draw as `format` (`png`, `pdf`, `svg`): Cairo keeps a raster whole in
    /// memory, and 16384 pixels on a side (1 GB) is far past any real chart. Checked where the format is
    /// known, before anything is read: `folio chart` from `--out`, a jobs file when it is loaded.
    public func checkCanvas(format: String) throws {
        guard format.lowercased() != "png" || max(width, height) * scale <= 16_384 else {
            throw ArgumentError(
                "--scale",
                "\(Int(width))x\(Int(height)) at scale \(scale) exceeds 16384 pixels on a side"
            )
        }
    }

    /// The frame of a chart drawn alone: the canvas, theme, locale and texts (the user's title wins).
    public func frame(title generated: String, subtitle: String, footnote: String) -> ChartFrame {
        ChartFrame(
            width: width,
            height: height,
            theme: theme,
            locale: locale,
            title: title ?? generated,
            subtitle: subtitle,
            footnote: footnote
        )
    }
}
