import FolioCore
import Foundation

/// The asset code of each security a broker's file names, found the same way for every preset. Assets
/// are shared by every portfolio of a database, so an import never changes what an existing asset is —
/// its code, or an ISIN it has — and refuses a row that would make one security another's:
///
/// 1. an asset that has the ISIN is the security, when the file gives no ticker or the ticker is that
///    asset's code, as an exchange writes it (`VWCE.DE` for `VWCE`: `folio asset set VWCE --isin
///    IE00BK5BQT80` before importing such a file, or one with only the ISIN). A ticker that is another
///    code is refused, naming both assets: the file says one security and its ISIN another;
/// 2. a currency has no ISIN: a row that gives one to a currency's code is refused;
/// 3. an ISIN Folio knows (`KnownAssets.stock(isin:)`) is its stock's ticker, whatever code the file
///    writes for it (Degiro writes none, an old file `FB` for META): an asset of that code without an
///    ISIN takes it, since Folio vouches for it, not the file. A ticker that is another known stock is
///    refused as in 1;
/// 4. else the ticker is the code. An asset created by the import takes the ISIN; an asset that was
///    there before keeps none (the ISIN is said in a note, and `folio asset set` gives it on purpose);
/// 5. a ticker whose asset has another ISIN is another security (one ticker, two exchanges): the ISIN
///    is then the code, as it is when the file gives no ticker at all and Folio does not know the ISIN.
///
/// Each asset this creates, and each ISIN found under another code, is said once in the import's notes
/// (`created AAPL (US0378331005)`); an asset named by its ISIN with the command that books it under a
/// code the user has (`folio asset merge US4781601046 CODE`).
package final class SecurityCodes {
    private var byISIN: [ISIN: AssetCode] = [:]
    private var byTicker: [String: AssetCode] = [:]
    private var notes: [String] = []
    /// The assets this import created, which are no codes the user had.
    private var created: [String] = []

    package init() {}

    /// Why a row's security cannot be found: it names none, or two assets, or a currency with an ISIN.
    struct Refusal: Error {
        let field: String
        let message: String
    }

    /// The code of `security`, creating its asset when it is new.
    func code(of security: BrokerSecurity, sink: any ImportSink) throws -> AssetCode {
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
        let code = try find(isin, ticker: ticker, security: security, sink: sink)
        byISIN[isin] = code
        return code
    }

    private func find(
        _ isin: ISIN,
        ticker: AssetCode?,
        security: BrokerSecurity,
        sink: any ImportSink
    ) throws
        -> AssetCode
    {
        if let code = try sink.assetCode(isin: isin) {
            guard let ticker, ticker != code else { return code }
            if Self.names(ticker, code) {
                notes.append("\(isin) is \(code) here (the file says \(ticker))")
            } else if code.rawValue == isin.rawValue {
                // Named by its ISIN when a file gave no ticker: the ticker is the name it lacked.
                notes.append(
                    "\(isin) is named by its ISIN here (the file says \(ticker)): folio asset rename \(isin) \(ticker) names it so"
                )
            } else {
                throw Self.twoAssets(isin, ticker, code, "in this database")
            }
            return code
        }
        let known = KnownAssets.stock(isin: isin)
        if let ticker, ticker != known, try isCurrency(ticker, sink) {
            throw Refusal(
                field: "ISIN",
                message: "found \(isin) for \(ticker), a currency: a currency has no ISIN, expected a security's ticker"
            )
        }
        if let known {
            if let ticker, !Self.names(ticker, known) {
                if let other = KnownAssets.isin(ofStock: ticker) {
                    throw Self.twoAssets(isin, ticker, known, "and \(ticker)'s is \(other)")
                }
                notes.append("\(isin) is \(known) (the file says \(ticker))")
            }
            return try bind(isin, to: known, security: security, sink: sink)
        }
        guard let ticker else {
            let code = AssetCode(isin.rawValue)
            try make(code, isin: isin, security: security, sink: sink)
            return code
        }
        let existing = try sink.storedAsset(ticker)
        if let other = existing?.isin {
            notes.append("\(ticker) is \(other) in this database, so \(isin) is stored as \(isin)")
            let code = AssetCode(isin.rawValue)
            try make(code, isin: isin, security: security, sink: sink)
            return code
        }
        if existing != nil {
            // The asset was there before this file: what it is stays as it was.
            notes.append(
                "\(ticker) has no ISIN here and keeps none; the file says \(isin) (folio asset set \(ticker) --isin \(isin) gives it)"
            )
            return ticker
        }
        try make(ticker, isin: isin, security: security, sink: sink)
        return ticker
    }

    /// The known stock `code` of `isin`: created with it, or given it when the asset has no ISIN. An
    /// asset of that code that is something else — a currency (AMD, the dram), or one given another ISIN
    /// on purpose — keeps what it is, and the security is named by its ISIN.
    private func bind(
        _ isin: ISIN,
        to code: AssetCode,
        security: BrokerSecurity,
        sink: any ImportSink
    ) throws
        -> AssetCode
    {
        guard let stored = try sink.storedAsset(code) else {
            try make(code, isin: isin, security: security, sink: sink)
            return code
        }
        let kind = stored.kind ?? .other
        if let other = stored.isin {
            notes.append("\(code) is \(other) in this database, so \(isin) is stored as \(isin)")
        } else if [.fiat, .metal, .crypto].contains(kind) {
            notes.append("\(code) is a \(kind.rawValue) in this database, so \(isin) is stored as \(isin)")
        } else {
            try sink.setISIN(isin, assetID: stored.id)
            notes.append("\(code) takes its ISIN \(isin)")
            return code
        }
        let named = AssetCode(isin.rawValue)
        try make(named, isin: isin, security: security, sink: sink)
        return named
    }

    private func isCurrency(_ ticker: AssetCode, _ sink: any ImportSink) throws -> Bool {
        guard KnownAssets.fiat.contains(ticker.rawValue) else { return false }
        return (try sink.storedAsset(ticker)?.kind ?? KnownAssets.kind(of: ticker)) == .fiat
    }

    private static func twoAssets(_ isin: ISIN, _ ticker: AssetCode, _ code: AssetCode, _ why: String) -> Refusal {
        Refusal(
            field: "ISIN",
            message:
                "found \(isin) with the ticker \(ticker), but \(isin) is \(code)'s ISIN \(why): the row names two assets, \(code) and \(ticker) (folio asset set changes an asset's ISIN)"
        )
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
    private func make(_ code: AssetCode, isin: ISIN?, security: BrokerSecurity, sink: any ImportSink) throws {
        let exists = try sink.storedAsset(code) != nil
        let id = try sink.assetID(code, kindHint: Self.kindHint(security.name), name: security.name)
        guard !exists else { return }
        if let isin {
            try sink.setISIN(isin, assetID: id)
        }
        let byISIN = isin?.rawValue == code.rawValue
        let said = [byISIN ? nil : isin?.rawValue, security.name.map { "\"\($0)\"" }].compactMap { $0 }
            .joined(separator: ", ")
        // The security may be one the user has under another code: said when there is a security it could be.
        let merge = "folio asset merge \(code) CODE books it under a code you have"
        let others = try sink.hasOtherSecurities(than: code, apartFrom: created)
        created.append(code.rawValue)
        notes.append(
            "created \(code)" + (said.isEmpty ? "" : " (\(said))")
                + (byISIN ? ", named by its ISIN: \(merge)" : others ? ": \(merge)" : "")
        )
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
