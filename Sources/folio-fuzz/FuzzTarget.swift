import FolioCore
import FolioSources
import FolioStore
import Foundation

/// Every file format Folio reads, as a fuzz target. The raw value names the target on the command line,
/// its corpus folder and its crash files.
enum FuzzTarget: String, CaseIterable {
    // `folio import KIND`, one target per kind (presets and interchange formats included).
    case quotes
    case stockCSV = "stock-csv"
    case nbuJSON = "nbu-json"
    case dsxTrades = "dsx-trades"
    case dsxTransactions = "dsx-transactions"
    case trades, transactions, budget, csv
    case ibkrFlex = "ibkr-flex"
    case trading212, degiro, revolut, freedom24, ghostfolio
    case ppCSV = "pp-csv"
    // Saved answers of the banks (`folio import monobank-json|privatbank-json`).
    case monobankJSON = "monobank-json"
    case privatbankJSON = "privatbank-json"
    // The YAML files a user writes, and the batch's pending-mail record.
    case jobs
    case fetchConfig = "fetch-config"
    case reportDefinition = "report-definition"
    case taxRates = "tax-rates"
    case smtpConfig = "smtp-config"
    case mailRecord = "mail-record"

    /// The target a fuzzing run serves: libFuzzer's callback is a C function and cannot capture it.
    nonisolated(unsafe) static var current: FuzzTarget?

    /// Files of the repository the corpus starts from (paths from the project root).
    var seeds: [String] {
        switch self {
        case .quotes: ["samples/nbu-rates.csv"]
        case .stockCSV: ["samples/stocks/AAPL_data.csv"]
        case .dsxTrades: ["samples/dsx/dsx_trades_prod.csv"]
        case .dsxTransactions: ["samples/dsx/dsx_transactions_prod.csv"]
        case .trades: ["samples/demo-uah-trades.csv"]
        case .transactions: ["samples/demo-uah-transactions.csv"]
        case .budget: ["samples/budget-uah.csv"]
        case .ibkrFlex: ["samples/brokers/ibkr-flex.csv"]
        case .trading212: ["samples/brokers/trading212-history.csv"]
        case .degiro: ["samples/brokers/degiro-transactions.csv", "samples/brokers/degiro-account.csv"]
        case .revolut: ["samples/brokers/revolut-statement.csv"]
        case .freedom24: ["samples/brokers/freedom24-report.json"]
        case .ghostfolio: ["samples/brokers/ghostfolio-export.json"]
        case .ppCSV: ["samples/brokers/pp-account-de.csv", "samples/brokers/pp-depot-de.csv"]
        case .monobankJSON: ["samples/banks/2020-12-14/monobank.json"]
        case .privatbankJSON: ["samples/banks/2020-12-14/privatbank-cash.json"]
        case .jobs: ["samples/jobs.yaml"]
        case .reportDefinition: ["reports/portfolio.yaml", "reports/market.yaml", "reports/tax.yaml"]
        case .taxRates: ["reports/tax-rates.yaml"]
        case .nbuJSON, .csv, .fetchConfig, .smtpConfig, .mailRecord: []
        }
    }

    /// Seeds written here, for formats the samples do not hold.
    var inlineSeeds: [String] {
        switch self {
        case .nbuJSON:
            [
                #"[{"r030":840,"txt":"Долар США","rate":36.5686,"cc":"USD","exchangedate":"24.02.2022"},"#
                    + #"{"r030":978,"txt":"Євро","rate":40.9891,"cc":"EUR","exchangedate":"24.02.2022"}]"#
            ]
        case .csv: ["Date,Price\n2024-01-02,77.04\n2024-01-03,78.25\n"]
        case .fetchConfig:
            [
                "throttle_minutes: 5\nnbu: { currencies: [USD, EUR, PLN], days: 1 }\n"
                    + "coingecko: { coins: [bitcoin, ethereum], vs: usd, days: 7 }\nmonobank: {}\nprivatbank: {}\n"
                    + "stooq: { symbols: [aapl.us, msft.us], currency: USD }\n"
            ]
        case .smtpConfig:
            ["url: smtps://mail.example.com:465\nuser: folio\npassword: secret\nfrom: Folio <folio@example.com>\n"]
        case .mailRecord:
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
            case .jobs, .fetchConfig, .reportDefinition, .taxRates, .smtpConfig, .mailRecord:
                try FileTarget.run(self, input)
            case .monobankJSON, .privatbankJSON:
                try ImportTarget.shared.runSavedAnswer(
                    self == .monobankJSON ? .monobank : .privatbank,
                    input
                )
            default:
                guard let kind = ImportKind(rawValue: rawValue) else { fatalError("no import kind \(rawValue)") }
                try ImportTarget.shared.run(kind, input)
            }
            return "accepted"
        } catch {
            return "refused: \(error)"
        }
    }
}
