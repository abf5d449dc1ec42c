import FolioCore

/// The holdings table, typed: its columns once, and its lines as named figures. `folio table holdings`
/// writes a valuation's lines as a `ResultTable` (`table`); the portfolio report's holdings table ranks,
/// rounds and shares out the same lines (FolioDatasets' `HoldingsDataset`).
public enum HoldingsTable {
    /// The columns in order: `name(base:)` is the `folio table` column (nil for those only the report
    /// has), `key` the report's.
    public enum Column: String, CaseIterable, Sendable {
        case asset, kind, quantity, rate, value, share

        /// The column's key in a report definition: a rate to the base currency is the holding's price.
        public var key: String { self == .rate ? "price" : rawValue }

        /// Whether the column holds figures (right-aligned in the report).
        public var isNumeric: Bool { self != .asset && self != .kind }

        /// The line's figure in this column; nil for the name and the kind.
        public var figure: KeyPath<Line, Double?>? {
            switch self {
            case .asset, .kind: nil
            case .quantity: \.quantity
            case .rate: \.rate
            case .value: \.value
            case .share: \.share
            }
        }

        /// The `folio table` column, the value's named by the base currency (`value_usd`).
        func column(base: AssetCode) -> ResultTable.Column? {
            switch self {
            case .asset: .init(rawValue, .text)
            case .quantity: .init(rawValue, .number, decimals: 8)
            case .rate: .init(rawValue, .number, decimals: 6)
            case .value: .init("value_" + base.rawValue.lowercased(), .number)
            case .kind, .share: nil
            }
        }
    }

    /// What a line stands for: a holding, the holdings above zero (when some are below), or the total.
    public enum Name: Hashable, Sendable {
        case holding(AssetCode)
        case heldAboveZero
        case total
    }

    /// One line: a holding's quantity, its rate to the base currency and its value in it (nil when a
    /// quote is missing), and its share of what is held as a fraction; a sum has only a value and a share.
    public struct Line: Hashable, Sendable {
        public var name: Name
        public var quantity: Double?
        public var rate: Double?
        public var value: Double?
        public var share: Double?

        public init(_ name: Name, quantity: Double? = nil, rate: Double? = nil, value: Double?, share: Double? = nil) {
            self.name = name
            self.quantity = quantity
            self.rate = rate
            self.value = value
            self.share = share
        }

        public init(_ asset: ValuedAsset) {
            self.init(.holding(asset.asset), quantity: asset.quantity, rate: asset.rate, value: asset.value)
        }
    }
}

extension HoldingsValuation {
    /// One line per asset, in asset code order, then the total.
    public var lines: [HoldingsTable.Line] { assets.map(HoldingsTable.Line.init) + [.init(.total, value: total)] }

    /// Table `holdings` with values: one row per asset, then `Total`.
    public var table: ResultTable {
        let columns = HoldingsTable.Column.allCases.filter { $0.column(base: base) != nil }
        return ResultTable(
            columns: columns.compactMap { $0.column(base: base) },
            rows: lines.map { line in
                columns.map { column -> ResultTable.Cell? in
                    switch (column, line.name) {
                    case (.asset, .holding(let asset)): .text(asset.rawValue)
                    case (.asset, _): .text("Total")
                    case (.quantity, _): line.quantity.map { .number($0) }
                    default: .finite(column.figure.flatMap { line[keyPath: $0] })
                    }
                }
            }
        )
    }
}
