import FolioCharts
import FolioCore
import Foundation

extension Array where Element == LineSeries {
    /// The series, for `--log`: a log scale draws equal ratios at equal heights, and zero or less has no
    /// height on it, so the first such value is refused in one line rather than left out of the line.
    func checkedForLogScale() throws -> [LineSeries] {
        for s in self {
            guard let i = s.values.firstIndex(where: { $0.isFinite && $0 <= 0 }) else { continue }
            let day = Day(Date(timeIntervalSince1970: s.times[i])).iso
            throw ArgumentError(
                "--log",
                "\(s.name) is \(String(format: "%g", s.values[i])) on \(day); a log scale needs values above zero"
            )
        }
        return self
    }
}
