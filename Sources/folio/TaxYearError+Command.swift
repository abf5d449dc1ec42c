import FolioAnalytics
import FolioCore

extension ArgumentError {
    /// A tax year that cannot be computed, worded for the command line: the option at fault, or the
    /// command that fetches the missing rate or corrects the figure.
    init(_ error: TaxYearError) {
        switch error {
        case let .missingRate(currency, day):
            self.init(
                message: error.problem(remedy: "fetch it: folio fetch nbu --currencies \(currency) --date \(day.iso)")
            )
        case .beyondLimit:
            self.init(message: error.problem(remedy: "correct it with folio trades or folio transactions"))
        case .invalidYear:
            self.init("--year", error.problem(remedy: nil))
        case .unknownLots, .lotsUnknownAfter:
            self.init(message: error.description)
        }
    }
}
