import Foundation

/// Conversions between `Date` and the `time_ms` columns.
extension Date {
    var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    init(unixMilliseconds ms: Int64) { self.init(timeIntervalSince1970: Double(ms) / 1000) }
}
