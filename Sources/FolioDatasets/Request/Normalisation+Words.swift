import FolioAnalytics
import FolioCore

extension Normalisation {
    /// `--normalise` as `folio chart`, `folio table`, jobs files and report parameters spell it: `rebased`
    /// (100 at the start) or `min-max` (each series spans 0…1). `rebase` and `minmax`, the words
    /// `folio table` documented first, are still read, so one word works with every command.
    static func named(_ text: String, option: String = "--normalise") throws -> Normalisation {
        switch text.lowercased() {
        case "rebased", "rebase": .rebase
        case "min-max", "minmax": .minMax
        default: throw ArgumentError(option, "unknown method \"\(text)\", expected rebased or min-max")
        }
    }
}
