import Foundation

/// `Retry-After` is either a number of seconds or an HTTP date (RFC 9110 §10.2.3).
enum RetryAfter {
    /// Seconds to wait, or nil when the header is missing or is neither form. The number form is
    /// digits only, as the RFC writes it (Swift's `Double` would also read `1e30`, `inf` and `0x1p4`).
    static func seconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return Double(value).flatMap { $0.isFinite ? $0 : nil }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// A wait as a message shows it: whole seconds, or in exponent form when too long to write out.
    static func describe(_ seconds: Double) -> String {
        seconds < 1e15 ? String(format: "%.0f", seconds) : String(format: "%g", seconds)
    }
}
