import FolioCore
import Foundation

/// What a portfolio holds at one instant: a quantity per asset, currencies included.
/// Assets whose quantity is zero are left out.
public struct Holdings: Hashable, Sendable {
    public var time: Date
    public var quantities: [AssetCode: Double]

    public init(time: Date, quantities: [AssetCode: Double]) {
        self.time = time
        self.quantities = quantities
    }

    public subscript(asset: AssetCode) -> Double { quantities[asset] ?? 0 }

    /// Assets in code order, for stable output.
    public var assets: [AssetCode] { quantities.keys.sorted() }
}

/// The event after which a balance was observed: a trade or a cash transaction, by id.
public enum LedgerEvent: Hashable, Sendable, CustomStringConvertible {
    case trade(id: Int64)
    case cashTransaction(id: Int64)

    public var description: String {
        switch self {
        case let .trade(id): "trade \(id)"
        case let .cashTransaction(id): "cash transaction \(id)"
        }
    }
}

/// A balance that went below zero: a sell of more than was held, or cash spent before it was deposited.
/// The replay keeps the negative balance (clipping would hide the data error) and reports it here.
public struct NegativeBalance: Hashable, Sendable, CustomStringConvertible {
    public var asset: AssetCode
    public var time: Date
    public var after: LedgerEvent
    /// The balance right after the event.
    public var balance: Double

    public init(asset: AssetCode, time: Date, after: LedgerEvent, balance: Double) {
        self.asset = asset
        self.time = time
        self.after = after
        self.balance = balance
    }

    public var description: String {
        "\(asset) went below zero (\(balance)) at \(ISOTime.format(time)) after \(after)"
    }
}

/// Daily quantities per asset over a day range, each taken at the end of its day.
public struct HoldingsSeries: Hashable, Sendable {
    public var days: [Day]
    /// Assets held (non-zero) on at least one of the days, in code order.
    public var assets: [AssetCode]
    /// `quantities[a][d]`: quantity of `assets[a]` at the end of `days[d]`.
    public var quantities: [[Double]]

    public init(days: [Day], assets: [AssetCode], quantities: [[Double]]) {
        self.days = days
        self.assets = assets
        self.quantities = quantities
    }
}

extension Holdings {
    /// Table `holdings`: one row per asset.
    public var table: ResultTable {
        ResultTable(
            columns: [.init("asset", .text), .init("quantity", .number, decimals: 8)],
            rows: assets.map { [.text($0.rawValue), .number(self[$0])] }
        )
    }
}

extension HoldingsSeries {
    /// Long form: one row per day and asset.
    public var table: ResultTable {
        var rows: [[ResultTable.Cell?]] = []
        for (d, day) in days.enumerated() {
            for (a, asset) in assets.enumerated() {
                rows.append([.day(day), .text(asset.rawValue), .number(quantities[a][d])])
            }
        }
        return ResultTable(
            columns: [.init("day", .day), .init("asset", .text), .init("quantity", .number, decimals: 8)],
            rows: rows
        )
    }
}
