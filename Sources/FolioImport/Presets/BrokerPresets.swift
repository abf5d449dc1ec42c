import Foundation

/// The importers of brokers' own files and of other tools' exports, each writing through one
/// `BrokerLedger`.
enum BrokerPresets {
    static func run(_ kind: ImportKind, url: URL, ledger: BrokerLedger, _ summary: inout ImportSummary) throws {
        switch kind {
        case .ibkrFlex: try IBKRFlexImporter(url: url, ledger: ledger).run(&summary)
        case .trading212: try Trading212Importer(url: url, ledger: ledger).run(&summary)
        case .degiro: try DegiroImporter(url: url, ledger: ledger).run(&summary)
        case .revolut: try RevolutImporter(url: url, ledger: ledger).run(&summary)
        case .freedom24: try Freedom24Importer(url: url, ledger: ledger).run(&summary)
        case .ghostfolio: try GhostfolioImporter(url: url, ledger: ledger).run(&summary)
        case .ppCSV: try PortfolioPerformanceImporter(url: url, ledger: ledger).run(&summary)
        default: preconditionFailure("import \(kind.rawValue) is not a preset")
        }
    }
}
