import FolioCore
import Foundation
internal import GRDB

/// The asset code of each security a broker's file names, found the same way for every preset:
///
/// 1. an asset that has the ISIN is the security, whatever ticker the file gives (`folio asset set VWCE
///    --isin IE00BK5BQT80` before importing a file that says `VWCE.DE`, or only the ISIN);
/// 2. else the ticker is the code, and the asset of that code takes the ISIN when it has none;
/// 3. a ticker whose asset has another ISIN is another security (one ticker, two exchanges): the ISIN
///    is then the code, as it is when the file gives no ticker at all (Degiro).
///
/// Each asset this creates, and each ISIN found under another code, is said once in the import's notes
/// (`created AAPL (US0378331005)`), so that the user sees which codes the next `folio fetch` must know.
final class SecurityCodes {
    private var byISIN: [ISIN: AssetCode] = [:]
    private var byTicker: [String: AssetCode] = [:]
    private var notes: [String] = []

    /// A security the file names by neither ticker nor ISIN.
    struct UnnamedSecurityError: Error {}

    /// The code of `security`, creating or completing its asset.
    func code(of security: BrokerSecurity, sink: ImportSink) throws -> AssetCode {
        if let code = security.code { return code }
        let db = sink.db
        let ticker = security.ticker.flatMap(Self.tickerCode)
        if let isin = security.isin {
            if let code = byISIN[isin] { return code }
            if let stored = try String.fetchOne(
                db,
                sql: "SELECT code FROM asset WHERE isin = ?",
                arguments: [isin.rawValue]
            ) {
                let code = AssetCode(stored)
                if let ticker, ticker != code { notes.append("\(isin) is \(code) here (the file says \(ticker))") }
                byISIN[isin] = code
                return code
            }
            var code = ticker ?? AssetCode(isin.rawValue)
            if let other = try String.fetchOne(
                db,
                sql: "SELECT isin FROM asset WHERE code = ? AND isin IS NOT NULL",
                arguments: [code.rawValue]
            ) {
                notes.append("\(code) is \(other) in this database, so \(isin) is stored as \(isin)")
                code = AssetCode(isin.rawValue)
            }
            try make(code, isin: isin, security: security, sink: sink)
            byISIN[isin] = code
            return code
        }
        guard let ticker else { throw UnnamedSecurityError() }
        if let code = byTicker[ticker.rawValue] { return code }
        try make(ticker, isin: nil, security: security, sink: sink)
        byTicker[ticker.rawValue] = ticker
        return ticker
    }

    /// The asset of `code`, created when it is new (and said), given `isin` when it has none.
    private func make(_ code: AssetCode, isin: ISIN?, security: BrokerSecurity, sink: ImportSink) throws {
        let exists =
            try Bool.fetchOne(
                sink.db,
                sql: "SELECT EXISTS (SELECT 1 FROM asset WHERE code = ?)",
                arguments: [code.rawValue]
            ) ?? false
        let id = try sink.assetID(code, kindHint: Self.kindHint(security.name), name: security.name)
        if let isin {
            try sink.db.execute(
                sql: "UPDATE asset SET isin = ? WHERE id = ? AND isin IS NULL",
                arguments: [isin.rawValue, id]
            )
        }
        if !exists {
            let byISIN = isin?.rawValue == code.rawValue
            let said = [
                byISIN ? nil : isin?.rawValue, security.name.map { "\"\($0)\"" }, byISIN ? "named by its ISIN" : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            notes.append("created \(code)" + (said.isEmpty ? "" : " (\(said))"))
        }
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
