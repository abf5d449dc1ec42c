import Foundation
import FolioCore

extension Store {
    public func exportPortfolioPerformance(portfolio name: String) throws -> InterchangeExport {
        throw ArgumentError("FORMAT", "pp-csv is not written yet")
    }
}
