import FolioCore
import FolioImport
import FolioSources
import FolioStore
import Foundation

/// Every file format Folio reads, as a fuzz target: each `folio import` kind (presets and interchange
/// formats included) and saved bank answer, taken from their own declarations so that a new kind is a
/// target at once, and the files a user writes by hand. `name` names the target on the command line,
/// its corpus folder and its crash files.
enum FuzzTarget: Hashable {
    case importKind(ImportKind)
    case savedAnswer(SavedAnswer)
    case file(FileTarget.Kind)

    static var allCases: [FuzzTarget] {
        ImportKind.allCases.map(FuzzTarget.importKind) + SavedAnswer.allCases.map(FuzzTarget.savedAnswer)
            + FileTarget.Kind.allCases.map(FuzzTarget.file)
    }

    var name: String {
        switch self {
        case .importKind(let kind): kind.rawValue
        case .savedAnswer(let answer): answer.rawValue
        case .file(let kind): kind.rawValue
        }
    }

    init?(name: String) {
        guard let target = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = target
    }

    /// The target a fuzzing run serves: libFuzzer's callback is a C function and cannot capture it.
    nonisolated(unsafe) static var current: FuzzTarget?

    /// Files of the repository the corpus starts from (paths from the project root). A target without
    /// one gets `inlineSeeds`; `FuzzRegressionTests` checks that every target has a seed.
    var seeds: [String] {
        switch self {
        case .importKind(let kind): Self.importSeeds[kind] ?? []
        case .savedAnswer(.monobank): ["samples/banks/2020-12-14/monobank.json"]
        case .savedAnswer(.privatbank): ["samples/banks/2020-12-14/privatbank-cash.json"]
        case .file(.jobs): ["samples/jobs.yaml"]
        case .file(.reportDefinition): ["reports/portfolio.yaml", "reports/market.yaml", "reports/tax.yaml"]
        case .file(.taxRates): ["reports/tax-rates.yaml"]
        case .file: []
        }
    }

    private static let importSeeds: [ImportKind: [String]] = [
        .quotes: ["samples/nbu-rates.csv"], .stockCSV: ["samples/stocks/AAPL_data.csv"],
        .dsxTrades: ["samples/dsx/dsx_trades_prod.csv"], .dsxTransactions: ["samples/dsx/dsx_transactions_prod.csv"],
        .trades: ["samples/demo-uah-trades.csv"], .transactions: ["samples/demo-uah-transactions.csv"],
        .budget: ["samples/budget-uah.csv"], .ibkrFlex: ["samples/brokers/ibkr-flex.csv"],
        .trading212: ["samples/brokers/trading212-history.csv"],
        .degiro: ["samples/brokers/degiro-transactions.csv", "samples/brokers/degiro-account.csv"],
        .revolut: ["samples/brokers/revolut-statement.csv"], .freedom24: ["samples/brokers/freedom24-report.json"],
        .ghostfolio: ["samples/brokers/ghostfolio-export.json"],
        .ppCSV: ["samples/brokers/pp-account-de.csv", "samples/brokers/pp-depot-de.csv"],
    ]

    /// Seeds written here, for formats the samples do not hold.
    var inlineSeeds: [String] {
        switch self {
        case .importKind(.nbuJSON):
            [
                #"[{"r030":840,"txt":"Долар США","rate":36.5686,"cc":"USD","exchangedate":"24.02.2022"},"#
                    + #"{"r030":978,"txt":"Євро","rate":40.9891,"cc":"EUR","exchangedate":"24.02.2022"}]"#
            ]
        case .importKind(.csv): ["Date,Price\n2024-01-02,77.04\n2024-01-03,78.25\n"]
        case .file(.fetchConfig):
            [
                "throttle_minutes: 5\nnbu: { currencies: [USD, EUR, PLN], days: 1 }\n"
                    + "coingecko: { coins: [bitcoin, ethereum], vs: usd, days: 7 }\nmonobank: {}\nprivatbank: {}\n"
                    + "stooq: { symbols: [aapl.us, msft.us], currency: USD }\n"
            ]
        case .file(.smtpConfig):
            ["url: smtps://mail.example.com:465\nuser: folio\npassword: secret\nfrom: Folio <folio@example.com>\n"]
        case .file(.mailRecord):
            [
                "folio 0.1.0\nsince 2026-11-21T02:15:04Z\nfailed 2026-11-21T02:16:10Z smtp://mail.example.com:587: "
                    + "cannot connect\nowed b@example.com\n"
            ]
        default: []
        }
    }

    /// Copies the seed files (read from the working directory, the project root) and writes the inline
    /// seeds into `folder`.
    func writeSeeds(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for path in seeds {
            let name = "seed-" + path.replacingOccurrences(of: "/", with: "-")
            let destination = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: destination)
        }
        for (i, text) in inlineSeeds.enumerated() {
            try Data(text.utf8).write(to: folder.appendingPathComponent("seed-inline-\(i)"))
        }
    }

    /// Runs one input through the target: what Folio said of it (for a replay), or a trap.
    @discardableResult
    func run(_ input: Data) -> String {
        do {
            switch self {
            case .importKind(let kind): try ImportTarget.shared.run(kind, input)
            case .savedAnswer(let answer): try ImportTarget.shared.runSavedAnswer(answer, input)
            case .file(let kind): try FileTarget.run(kind, input)
            }
            return "accepted"
        } catch {
            return "refused: \(error)"
        }
    }
}
