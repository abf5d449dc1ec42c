import Foundation

/// A mailbox: `a@example.com` or `Name <a@example.com>`.
public struct MailAddress: Hashable, Sendable, CustomStringConvertible {
    public var name: String?
    public var address: String

    public init(name: String? = nil, address: String) {
        self.name = name
        self.address = address
    }

    /// Parses `a@example.com` or `Display Name <a@example.com>`; nil when it is not an address.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            let name = trimmed[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"")
            )
            self.init(
                name: name.isEmpty ? nil : name,
                address: String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            )
        } else {
            self.init(address: trimmed)
        }
        guard MailAddress.isValid(address) else { return nil }
    }

    /// A deliberately plain check: one `@`, a non-empty local part and domain, no spaces, commas or
    /// angle brackets (those would break the envelope). Full RFC 5321 syntax is not the point here.
    public static func isValid(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].hasPrefix("."), !parts[1].hasSuffix(".")
        else { return false }
        return address.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "<" && $0 != ">" && $0 != "," && $0 != ";" }
    }

    /// The header form, the display name encoded when it is not plain ASCII.
    var headerValue: String {
        guard let name, !name.isEmpty else { return address }
        return "\(EncodedWord.phrase(name)) <\(address)>"
    }

    public var description: String { headerValue }
}
