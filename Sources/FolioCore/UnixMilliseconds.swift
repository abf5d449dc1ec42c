import Foundation

/// Conversions between `Date` and the milliseconds since 1970 that imported rows and the store's
/// `time_ms` columns hold.
extension Date {
    package var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    package init(unixMilliseconds ms: Int64) { self.init(timeIntervalSince1970: Double(ms) / 1000) }
}
