import FolioCore
import Foundation

/// What Folio reads and writes of Ghostfolio's export (Ghostfolio › Account › Export, the JSON its import
/// reads back): `meta`, `accounts` (one currency each, with the history of its cash `balances`),
/// `assetProfiles` (manual securities: name, ISIN, class), `activities` (`BUY`, `SELL`, `DIVIDEND`,
/// `INTEREST`, `FEE`, and `ITEM`, `LIABILITY` for other wealth) and `user.settings.currency`.
///
/// Ghostfolio has no deposits or withdrawals: money that came in or out is what the account's balance
/// history says beyond its activities. Both directions use the one reading of an activity's cash below,
/// in exact decimals, so that a deposit written as a balance is read back as the same amount.
package enum GhostfolioFormat {
    /// The change an activity makes to its account's cash, in the activity's currency: quantity × unit
    /// price without binary noise (`ExactDecimal.amount`), so that a balance is written in the digits of
    /// its amounts and the deposit read back from it is the one written.
    package static func cashChange(type: String, quantity: Double, unitPrice: Double, fee: Double) -> Decimal? {
        let value = ExactDecimal.amount(quantity, times: unitPrice)
        let fee = ExactDecimal.of(fee)
        switch type {
        case "BUY": return -value - fee
        case "SELL", "DIVIDEND", "INTEREST": return value - fee
        case "FEE": return -value - fee
        default: return nil
        }
    }

    /// A stable id for an account Folio writes (Ghostfolio's ids are UUIDs): the same portfolio and
    /// currency always get the same one, so that two exports of one portfolio are the same bytes.
    package static func accountID(portfolio: String, currency: AssetCode) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in "\(portfolio)|\(currency)".utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 7
        }
        let c = Array(String(format: "%016llx%016llx", a, b))
        let parts: [String] = [
            String(c[0..<8]), String(c[8..<12]), "4" + String(c[13..<16]), "8" + String(c[17..<20]), String(c[20..<32]),
        ]
        return parts.joined(separator: "-")
    }

    /// The symbols of the manual profiles Folio writes for an account's fees and interest.
    package static func feeSymbol(_ currency: AssetCode) -> String { "FOLIO-FEE-\(currency)" }
    package static func interestSymbol(_ currency: AssetCode) -> String { "FOLIO-INTEREST-\(currency)" }

    /// Ghostfolio's date form: `2021-09-16T00:00:00.000Z`.
    package static func date(_ time: Date) -> String {
        var text = ISOTime.format(time)
        if !text.contains(".") { text.insert(contentsOf: ".000", at: text.index(before: text.endIndex)) }
        return text
    }
}
