import FolioCore
import Foundation
internal import GRDB

/// The asset code of each security a broker's file names, found the same way for every preset. Assets
/// are shared by every portfolio of a database, so an import never changes what an existing asset is —
/// its code, its ISIN — and refuses a row that would make one security another's:
///
/// 1. an asset that has the ISIN is the security, when the file gives no ticker or the ticker is that
///    asset's code, as an exchange writes it (`VWCE.DE` for `VWCE`: `folio asset set VWCE --isin
///    IE00BK5BQT80` before importing such a file, or one with only the ISIN). A ticker that is another
///    code is refused, naming both assets: the file says one security and its ISIN another;
/// 2. else the ticker is the code. An asset created by the import takes the ISIN; an asset that was
///    there before keeps none (the ISIN is said in a note, and `folio asset set` gives it on purpose);
/// 3. a ticker whose asset has another ISIN is another security (one ticker, two exchanges): the ISIN
///    is then the code, as it is when the file gives no ticker at all (Degiro);
/// 4. a currency has no ISIN: a row that gives one to a currency's code is refused.
///
/// Each asset this creates, and each ISIN found under another code, is said once in the import's notes
/// (`created AAPL (US0378331005)`), so that the user sees which codes the next `folio fetch` must know.
final class SecurityCodes {
    private var byISIN: [ISIN: AssetCode] = [:]
    private var byTicker: [String: AssetCode] = [:]
    private var notes: [String] = []

    /// Why a row's security cannot be found: it names none, or two assets, or a currency with an ISIN.
    struct Refusal: Error {
        let field: String
        let message: String
    }

    /// The code of `security`, creating its asset when it is new.
    func code(of security: BrokerSecurity, sink: ImportSink) throws -> AssetCode {
        if let code = security.code { return code }
        let ticker = security.ticker.flatMap(Self.tickerCode)
        guard let isin = security.isin else {
            guard let ticker else {
                throw Refusal(field: "security", message: "found no ticker and no ISIN, expected a security")
            }
            if let code = byTicker[ticker.rawValue] { return code }
            try make(ticker, isin: nil, security: security, sink: sink)
            byTicker[ticker.rawValue] = ticker
            return ticker
        }
        if let code = byISIN[isin], ticker == nil || Self.names(ticker, code) { return code }
        let db = sink.db
        if let stored = try String.fetchOne(
            db,
            sql: "SELECT code FROM asset WHERE isin = ?",
            arguments: [isin.rawValue]
        ) {
            let code = AssetCode(stored)
            if let ticker, ticker != code {
                guard Self.names(ticker, code) else {
                    throw Refusal(
                        field: "ISIN",
                        message:
                            "found \(isin) with the ticker \(ticker), but \(isin) is \(code)'s ISIN in this database: the row names two assets, \(code) and \(ticker) (folio asset set changes an asset's ISIN)"
                    )
                }
                notes.append("\(isin) is \(code) here (the file says \(ticker))")
            }
            byISIN[isin] = code
            return code
        }
        var code = ticker ?? AssetCode(isin.rawValue)
        let existing = try Row.fetchOne(
            db,
            sql: "SELECT kind, isin FROM asset WHERE code = ?",
            arguments: [code.rawValue]
        )
        let storedISIN: String? = existing.flatMap { $0[1] }
        let kind = existing.map { AssetKind(rawValue: $0[0]) ?? .other } ?? KnownAssets.kind(of: code)
        if kind == .fiat && KnownAssets.fiat.contains(code.rawValue) {
            throw Refusal(
                field: "ISIN",
                message: "found \(isin) for \(code), a currency: a currency has no ISIN, expected a security's ticker"
            )
        }
        if let other = storedISIN {
            notes.append("\(code) is \(other) in this database, so \(isin) is stored as \(isin)")
            code = AssetCode(isin.rawValue)
        } else if existing != nil {
            // The asset was there before this file: what it is stays as it was.
            notes.append(
                "\(code) has no ISIN here and keeps none; the file says \(isin) (folio asset set \(code) --isin \(isin) gives it)"
            )
            byISIN[isin] = code
            return code
        }
        try make(code, isin: isin, security: security, sink: sink)
        byISIN[isin] = code
        return code
    }

    /// Whether a file's `ticker` names the asset `code`: the same code, or the code with an exchange's
    /// suffix (`VWCE.DE`, `SAP.DE` for `SAP`) or without it.
    static func names(_ ticker: AssetCode?, _ code: AssetCode) -> Bool {
        guard let ticker else { return true }
        func root(_ c: AssetCode) -> Substring { c.rawValue.split(separator: ".").first ?? Substring(c.rawValue) }
        return ticker == code || root(ticker) == Substring(code.rawValue) || root(code) == Substring(ticker.rawValue)
    }

    /// The asset of `code`, created when it is new (and said) with `isin`; an asset that exists is left
    /// as it is.
    private func make(_ code: AssetCode, isin: ISIN?, security: BrokerSecurity, sink: ImportSink) throws {
        let exists =
            try Bool.fetchOne(
                sink.db,
                sql: "SELECT EXISTS (SELECT 1 FROM asset WHERE code = ?)",
                arguments: [code.rawValue]
            ) ?? false
        let id = try sink.assetID(code, kindHint: Self.kindHint(security.name), name: security.name)
        guard !exists else { return }
        if let isin {
            try sink.db.execute(sql: "UPDATE asset SET isin = ? WHERE id = ?", arguments: [isin.rawValue, id])
        }
        let byISIN = isin?.rawValue == code.rawValue
        let said = [
            byISIN ? nil : isin?.rawValue, security.name.map { "\"\($0)\"" }, byISIN ? "named by its ISIN" : nil,
        ]
        .compactMap { $0 }.joined(separator: ", ")
        notes.append("created \(code)" + (said.isEmpty ? "" : " (\(said))"))
    }

    /// The notes gathered since the last call, for the file being imported.
    func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// A ticker as a code: upper case; nil when it is not one (`AssetCode.isValid`).
    static func tickerCode(_ text: String) -> AssetCode? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return AssetCode.isValid(trimmed) ? AssetCode(trimmed) : nil
    }

    /// Funds are named as such by every broker; anything else a broker trades is taken for a stock
    /// (`folio asset set` corrects it), a coin or a metal being what Folio knows it to be.
    static func kindHint(_ name: String?) -> AssetKind {
        let words = (name ?? "").uppercased()
        return ["ETF", "UCITS", "ETC", "FUND"].contains { words.contains($0) } ? .etf : .stock
    }
}
