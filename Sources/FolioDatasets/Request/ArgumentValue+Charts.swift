import FolioAnalytics
import FolioCharts
import FolioCore

extension ArgumentValue {
    /// `--normalise` as every command, jobs file and report spells it: `rebased` (100 at the start) or
    /// `min-max` (each series spans 0…1); `rebase` and `minmax`, the words `folio table` documented
    /// first, are still read.
    public static func normalisation(_ text: String, _ argument: String = "--normalise") throws -> Normalisation {
        switch text.lowercased() {
        case "rebased", "rebase": .rebase
        case "min-max", "minmax": .minMax
        default: throw ArgumentError(argument, "unknown method \"\(text)\", expected rebased or min-max")
        }
    }

    public static func locale(_ text: String, _ argument: String = "--locale") throws -> ChartLocale {
        guard let locale = ChartLocale(rawValue: text.lowercased()) else {
            throw ArgumentError(argument, "unknown locale \"\(text)\", expected en or uk")
        }
        return locale
    }

    public static func theme(_ text: String, _ argument: String = "--theme") throws -> Theme {
        guard let theme = Theme.named(text.lowercased()) else {
            throw ArgumentError(argument, "unknown theme \"\(text)\", expected light or dark")
        }
        return theme
    }
}
