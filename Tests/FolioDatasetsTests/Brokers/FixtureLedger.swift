import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// A broker's fixture imported into a portfolio with quotes for everything it holds, checked as a reader
/// checks a report: for every cost-basis method, realised + unrealised + dividends + interest − account
/// fees = value − net deposits, the income table's quantities are the holdings', and both tables say
/// the same realised income. What it returns is compared with each fixture's hand-written expectation.
struct FixtureLedger {
    let db: TemporaryStore
    let portfolio: String
    let base: String
    let day: String

    /// Daily quotes from `from` to `to`: each asset's price in its currency, constant but for the
    /// changes at the days given (`[("NVDA", "2024-06-10", 120)]`, a split's day).
    static func quotes(
        _ prices: [(asset: String, currency: String, price: Double)],
        from: String,
        to: String,
        changes: [(asset: String, day: String, price: Double)] = []
    ) -> String {
        var text = "date,asset,currency,price,market,source\n"
        var day = Day(iso: from)!
        while day.iso <= to {
            for p in prices {
                let price = changes.last { $0.asset == p.asset && $0.day <= day.iso }?.price ?? p.price
                text += "\(day.iso),\(p.asset),\(p.currency),\(price),exchange,test\n"
            }
            day = day.advanced(by: 1)
        }
        return text
    }

    private func table(_ name: String, _ method: CostBasisMethod = .fifo) throws -> ResultTable {
        let isValue = name == "value"
        var request = try TableRequest(
            name: name,
            portfolio: portfolio,
            from: isValue ? day : nil,
            to: isValue ? day : nil,
            asOf: isValue ? nil : day
        )
        request.method = method
        var warnings: [String] = []
        let table = try request.table(from: StoredInputs(db.store), warnings: &warnings)
        #expect(warnings.isEmpty, "\(portfolio) \(name): \(warnings)")
        return table
    }

    /// Checks the identities and returns the holdings' quantities by asset.
    func holdings() throws -> [String: Double] {
        let b = base.lowercased()
        for method in CostBasisMethod.allCases {
            let income = try table("income", method)
            let value = try table("value", method)
            let total = try #require(income.rows.firstIndex { $0.first == .text("Total") })
            let parts = try ["realised", "unrealised", "dividends", "interest"].map {
                try #require(income.number(total, "\($0)_\(b)"), "\($0)")
            }
            let fees = try #require(income.number(total, "account_fees_\(b)"))
            let last = value.rows.count - 1
            let gain = try #require(value.number(last, "income"))
            let scale = max(1, try #require(value.number(last, "value")))
            #expect(
                abs(parts.reduce(0, +) - fees - gain) <= 1e-9 * scale,
                "\(portfolio) \(method): \(parts) − \(fees) vs \(gain)"
            )
            #expect(abs((income.number(total, "total_\(b)") ?? .nan) - gain) <= 1e-9 * scale, "\(portfolio) \(method)")
            #expect(abs(parts[0] - (value.number(last, "realised") ?? .nan)) <= 1e-9 * scale, "\(portfolio) \(method)")
        }
        let holdings = try table("holdings")
        let income = try table("income")
        var quantities: [String: Double] = [:]
        for i in holdings.rows.indices {
            guard case let .text(asset)? = holdings.rows[i].first, asset != "Total" else { continue }
            let quantity = try #require(holdings.number(i, "quantity"))
            quantities[asset] = quantity
            let j = try #require(income.rows.firstIndex { $0.first == .text(asset) }, "\(asset) in income")
            #expect(income.number(j, "quantity") == quantity, "\(portfolio) \(asset)")
            #expect(holdings.number(i, "value_\(b)") != nil, "\(portfolio): \(asset) has a value")
        }
        return quantities
    }

    /// Per currency, from the stored rows: dividends before tax, tax withheld, and fees (trades' and the
    /// account's), as a broker's statement adds them up.
    func statement() throws -> (
        dividends: [String: Double], tax: [String: Double], fees: [String: Double], interest: [String: Double]
    ) {
        let p = try db.store.portfolio(named: portfolio)
        var dividends: [String: Double] = [:]
        var tax: [String: Double] = [:]
        var fees: [String: Double] = [:]
        var interest: [String: Double] = [:]
        for t in try db.store.trades(portfolio: p) where t.fee != 0 {
            fees[t.feeCurrency.rawValue, default: 0] += t.fee
        }
        for c in try db.store.cashTransactions(portfolio: p) where c.status == .completed {
            let code = c.currency.rawValue
            switch c.kind {
            case .dividend:
                dividends[code, default: 0] += c.amount
                if c.tax != 0 { tax[code, default: 0] += c.tax }
            case .interest:
                interest[code, default: 0] += c.amount
                if c.tax != 0 { tax[code, default: 0] += c.tax }
            case .fee: fees[code, default: 0] += c.amount
            default: if c.fee != 0 { fees[code, default: 0] += c.fee }
            }
        }
        return (dividends, tax, fees, interest)
    }
}

/// Money compared to a hundredth of a cent: the sums of a statement's amounts carry binary noise.
func sameMoney(_ a: [String: Double], _ b: [String: Double]) -> Bool {
    Set(a.keys) == Set(b.keys) && a.allSatisfy { abs($0.value - b[$0.key]!) < 1e-6 }
}
