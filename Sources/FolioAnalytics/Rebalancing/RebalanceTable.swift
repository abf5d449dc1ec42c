import FolioCore

/// The rebalancing table, typed: its columns once, and its lines as named figures. `folio table
/// rebalance` writes it as a `ResultTable` (`Rebalancing.table`); a chart or a report reads the lines.
///
/// Amounts are in the portfolio's base currency; `weight`, `target` and `drift_pp` in percent (points);
/// a trade is positive for a buy, negative for a sale; a cash line's trade is the change of the cash it
/// holds, so the Total trade is the deposit.
public enum RebalanceTable {
    public enum Column: String, CaseIterable, Sendable {
        case line
        case value
        case weight, target
        case drift = "drift_pp"
        case outOfBand = "out_of_band"
        case trade
        case tradeQuantity = "trade_quantity"
        case taxEstimate = "tax_estimate_uah"

        /// The column's name in a table of a portfolio in `base`: `value_usd`, `trade_usd`.
        public func name(base: AssetCode) -> String {
            switch self {
            case .value, .trade: "\(rawValue)_\(base.rawValue.lowercased())"
            default: rawValue
            }
        }

        var kind: ResultTable.ColumnKind {
            switch self {
            case .line, .outOfBand: .text
            case .weight, .target: .percent
            default: .number
            }
        }

        var decimals: Int { self == .tradeQuantity ? 8 : 2 }
    }

    /// One line of the target mix (or what is held outside it, with target 0).
    public struct Line: Hashable, Sendable {
        /// The asset code, kind or class the line is about.
        public var name: String
        /// The asset of a line of one asset that is not cash: its trade has a quantity.
        public var asset: AssetCode?
        /// False for what is held outside every target line (target 0).
        public var isTargeted = false
        /// Every asset of the line a currency: it pays for the buys and takes the deposit.
        public var isCash = false
        /// Traded in whole units (`Rebalancing.isWhole`).
        public var isWhole = false
        /// The asset's price in the base currency at the valuation's time.
        public var price: Double?
        /// Value before the deposit.
        public var value = 0.0
        /// Value after the deposit, before trading.
        public var start = 0.0
        /// Target's share of the value after the deposit.
        public var goal = 0.0
        /// Value after the trades.
        public var after = 0.0
        /// Percent of the portfolio's value; nil when it is worth nothing.
        public var weight: Double?
        public var target = 0.0
        /// weight − target, in percentage points; nil without a weight.
        public var drift: Double?
        /// Points the line may drift either way (`PortfolioTargets.tolerance(of:)`).
        public var tolerance = 0.0
        public var outOfBand = false
        public var trade = 0.0
        public var quantity: Double?
        /// What whole units left out of the exact trade (positive: bought less, or sold more, than the
        /// target asks); nil for a line traded exactly.
        public var wholeUnitsMiss: Double?
        /// The estimated tax on the line's sale, in hryvnias, for a UAH-resident portfolio.
        public var taxEstimate: Double?

        public init(_ name: String) { self.name = name }

        /// How far the line ends from its target after the trades, in percentage points of the value
        /// after the deposit.
        public func missPoints(of total: Double) -> Double { total > 0 ? (after - goal) / total * 100 : 0 }
    }
}

extension Rebalancing {
    /// The columns of `table`: the tax estimate only where it applies.
    public var columns: [RebalanceTable.Column] {
        RebalanceTable.Column.allCases.filter { $0 != .taxEstimate || estimatesTax }
    }

    /// The value after the deposit, of which the targets are shares.
    public var totalAfterDeposit: Double { total + (options.deposit ?? 0) }

    /// Table `rebalance`: one row per line, then `Total`.
    public var table: ResultTable {
        let columns = columns
        let yes = { (flag: Bool) -> ResultTable.Cell in .text(flag ? "yes" : "no") }
        var rows = lines.map { line in
            columns.map { column -> ResultTable.Cell? in
                switch column {
                case .line: .text(line.name)
                case .value: .number(line.value)
                case .weight: .finite(line.weight)
                case .target: .number(line.target)
                case .drift: .finite(line.drift)
                case .outOfBand: yes(line.outOfBand)
                case .trade: .number(line.trade)
                case .tradeQuantity: .finite(line.quantity)
                case .taxEstimate: .finite(line.taxEstimate)
                }
            }
        }
        let taxes = lines.compactMap(\.taxEstimate)
        rows.append(
            columns.map { column -> ResultTable.Cell? in
                switch column {
                case .line: .text("Total")
                case .value: .number(total)
                case .weight: total > 0 ? .number(100) : nil
                case .target: .number(lines.map(\.target).compensatedSum())
                case .drift, .tradeQuantity: nil
                case .outOfBand: yes(isOutOfBand)
                case .trade: .number(lines.map(\.trade).compensatedSum())
                case .taxEstimate: taxes.isEmpty ? nil : .number(taxes.compensatedSum())
                }
            }
        )
        return ResultTable(
            columns: columns.map { .init($0.name(base: base), $0.kind, decimals: $0.decimals) },
            rows: rows
        )
    }

    /// Lines for stderr: what whole units leave each line short of (or past) its target, and the money
    /// left unspent. Empty when the trades reach the targets as asked.
    public var notes: [String] {
        let after = totalAfterDeposit
        let code = base.rawValue
        var notes = lines.compactMap { line -> String? in
            guard let miss = line.wholeUnitsMiss, abs(miss) >= 0.005 else { return nil }
            return
                "whole units: \(line.name) ends \(DecimalDigits.plain(abs(line.after - line.goal), decimals: 2)) \(code) "
                + "\(line.after < line.goal ? "below" : "above") its target "
                + "(\(DecimalDigits.plain(line.missPoints(of: after), decimals: 2)) pp)"
        }
        // Buys only: a currency is not bought with another, so a cash line below its target stays there
        // (a UAH deposit into a portfolio that targets USD): said, not left for the reader to find.
        if !options.sell {
            for line in lines where line.isCash && line.isTargeted && line.goal - line.after >= 0.005 {
                notes.append(
                    "\(line.name) stays \(DecimalDigits.plain(line.goal - line.after, decimals: 2)) \(code) below its "
                        + "target: currencies are exchanged only when selling"
                )
            }
        }
        notes += unpriced.map { "no quote of \($0) in \(code): its trade has no quantity" }
        if abs(unspent) >= 0.005 {
            notes.append(
                unspent > 0
                    ? "unspent: \(DecimalDigits.plain(unspent, decimals: 2)) \(code) stays in cash"
                    : "short: whole units leave cash \(DecimalDigits.plain(-unspent, decimals: 2)) \(code) below its target"
            )
        }
        return notes
    }
}
