import Foundation

/// `Retry-After` is either a number of seconds or an HTTP date (RFC 9110 §10.2.3).
enum RetryAfter {
    static func seconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// Removes secrets from URLs before they reach a message or a log.
public enum URLRedaction {
    static let secretNames: Set<String> = ["key", "apikey", "api_key", "token", "access_token", "x_cg_demo_api_key", "x_cg_pro_api_key", "password", "secret"]

    public static func redact(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        if components.password != nil { components.password = "***" }
        components.queryItems = components.queryItems?.map { item in
            secretNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "***") : item
        }
        return components.string ?? url
    }
}
