import ArgumentParser
import FolioCharts
import FolioCore
import FolioDeliver

// Option values read straight into the domain's own types, so that every command spells a locale, a
// theme, a day and a code alike and refuses a bad one in the same words.

extension ChartLocale: ExpressibleByArgument {}

extension Theme: ExpressibleByArgument {
    public init?(argument: String) {
        guard let theme = Theme.named(argument.lowercased()) else { return nil }
        self = theme
    }

    public static var allValueStrings: [String] { ["light", "dark"] }
}

extension Day: ExpressibleByArgument {
    public init?(argument: String) { self.init(iso: argument) }
}

extension AssetCode: ExpressibleByArgument {
    public init?(argument: String) {
        guard AssetCode.isValid(argument) else { return nil }
        self.init(argument.uppercased())
    }
}

extension ReportRequest.Name: ExpressibleByArgument {}
