import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// The lines of a portfolio outside their bands on one day, for the batch's `mail: when: out-of-band`:
/// what decides that a portfolio is mailed, and what its message says. Figures in percent and
/// percentage points as `Rebalancing` computes them; they are written in the message's language only
/// when it is composed, so that a worker can hand them to the supervisor as they are.
public struct DriftAlert: Sendable, Equatable, Codable {
    public struct Line: Sendable, Equatable, Codable {
        public var name: String
        /// Percent of the portfolio's value.
        public var weight: Double
        public var target: Double
        /// Percentage points the line may drift (`PortfolioTargets.tolerance`).
        public var band: Double
        /// weight − target, percentage points.
        public var drift: Double
    }

    /// The as-of day the drift is measured at (the end of it), `YYYY-MM-DD`.
    public var day: String
    public var lines: [Line]

    /// The lines of `inputs` (a portfolio's, at `day`) outside their bands; nil when it has no targets or
    /// every line is within its band: such a portfolio is not mailed.
    public static func check(_ inputs: PortfolioInputs, at day: Day) throws -> DriftAlert? {
        guard let targets = inputs.ledger.targets else { return nil }
        let rebalancing = try inputs.rebalancing(targets, at: day)
        let lines = rebalancing.lines.compactMap { line -> Line? in
            guard line.outOfBand, let weight = line.weight, let drift = line.drift else { return nil }
            return Line(name: line.name, weight: weight, target: line.target, band: line.tolerance, drift: drift)
        }
        return lines.isEmpty ? nil : DriftAlert(day: day.iso, lines: lines)
    }

    /// Each line as the message says it: `AAPL 67.5 % (target 60 %, band ±5 pp): +7.5 pp`, figures to
    /// two decimals with trailing zeros dropped, in the words and decimal mark of `locale`.
    public func sentences(_ locale: ChartLocale) -> [String] {
        let words = MailWords(locale)
        let number = NumberFormat(locale: locale, style: .upTo(minimum: 0, maximum: 2), grouping: false)
        var signed = number
        signed.explicitPlus = true
        return lines.map { line in
            "\(line.name) \(number.string(line.weight)) % (\(words.target) \(number.string(line.target)) %, "
                + "\(words.band) ±\(number.string(line.band)) \(words.points)): "
                + "\(signed.string(line.drift)) \(words.points)"
        }
    }
}
