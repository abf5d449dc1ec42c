import Foundation
import GRDB

/// What the sweeps assert of whatever an import accepted (issue 41): every number stored lies within
/// `NumberBounds` (finite, at most 1e15, none nonzero below 1e-12), and every export of it is a file its
/// reader takes: JSON that parses, with finite numbers; CSV whose number columns are finite numbers.
public enum SweepChecks {
    /// The stored rows (of `portfolio`, or all) with a number beyond the bounds, named by table and id.
    public static func beyondBounds(_ db: Database, portfolio: String? = nil) throws -> [String] {
        let mine = portfolio.map { "portfolio_id = (SELECT id FROM portfolio WHERE name = '\($0)') AND " } ?? ""
        func outside(_ column: String, zero: Bool = true) -> String {
            "NOT (\(column) BETWEEN 1e-12 AND 1e15\(zero ? " OR \(column) = 0" : ""))"
        }
        let trades = try String.fetchAll(
            db,
            sql: """
                SELECT 'trade ' || id FROM trade
                WHERE \(mine)(\(outside("quantity", zero: false)) OR \(outside("price", zero: false)) OR \(outside("fee"))
                    OR quantity * price > 1e15)
                """
        )
        let cash = try String.fetchAll(
            db,
            sql: """
                SELECT 'cash transaction ' || id FROM cash_transaction
                WHERE \(mine)(\(outside("amount")) OR \(outside("fee")) OR \(outside("tax"))
                    OR (ratio IS NOT NULL AND \(outside("ratio", zero: false))))
                """
        )
        let quotes =
            portfolio != nil
            ? []
            : try String.fetchAll(
                db,
                sql: "SELECT 'quote of asset ' || asset_id FROM quote WHERE \(outside("price", zero: false))"
            )
        return trades + cash + quotes
    }

    /// What is wrong with a Ghostfolio export: not JSON, or a number in it that is not finite.
    public static func ghostfolioProblems(_ text: String) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return ["not JSON"] }
        var problems: [String] = []
        func walk(_ value: Any, _ path: String) {
            switch value {
            case let object as [String: Any]: for (k, v) in object { walk(v, path + "." + k) }
            case let array as [Any]: for (i, v) in array.enumerated() { walk(v, path + "[\(i)]") }
            case let number as NSNumber where !number.doubleValue.isFinite: problems.append("\(path): \(number)")
            default: break
            }
        }
        walk(root, "")
        return problems
    }

    /// What is wrong with a Portfolio Performance CSV export: a number column that holds no finite number.
    public static func portfolioPerformanceProblems(_ text: String) -> [String] {
        let lines = text.split(whereSeparator: \.isNewline)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false) else {
            return ["no header"]
        }
        let numeric = ["Value", "Gross Amount", "Exchange Rate", "Fees", "Taxes", "Shares"].compactMap {
            header.firstIndex(of: Substring($0))
        }
        var problems: [String] = []
        for (n, line) in lines.dropFirst().enumerated() {
            // Names may hold commas inside quotes; the numbers come before them.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            for i in numeric where i < fields.count && !fields[i].isEmpty {
                if Double(fields[i]).map({ !$0.isFinite }) ?? true {
                    problems.append("line \(n + 2): \(header[i]) \(fields[i])")
                }
            }
        }
        return problems
    }
}
