import FolioCore
import Foundation

/// What an import does with a row whose key is already stored with other values: say so and keep the
/// stored row (the default, so that a re-import never changes data behind the user's back), update it
/// (`--replace`), or keep it without a word (a fetch, which re-reads the same answers all day).
package enum ConflictPolicy: Sendable {
    case report
    case replace
    case keepSilently
}

/// One field of a row whose key is stored: the file's value and the stored one, as the user reads them.
package struct FieldDifference: Equatable {
    package var field: String
    package var incoming: String
    package var stored: String

    package init(_ field: String, _ incoming: String, _ stored: String) {
        self.field = field
        self.incoming = incoming
        self.stored = stored
    }

    /// The fields whose values differ, in the order given.
    package static func between(_ pairs: [(field: String, incoming: String, stored: String)]) -> [FieldDifference] {
        pairs.filter { $0.incoming != $0.stored }.map { FieldDifference($0.field, $0.incoming, $0.stored) }
    }

    /// How a value is written in a difference: numbers in their shortest exact form (`12`, `0.0003597`),
    /// a missing value as `none`.
    package static func text(_ value: Double?) -> String {
        guard let value else { return "none" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    package static func text(timeMs: Int64) -> String { ISOTime.format(Date(unixMilliseconds: timeMs)) }
}

/// What happened to one imported row. The one place that turns a stored row's differences into an
/// outcome is `ConflictPolicy.resolve`; importers only count outcomes (`ImportSummary.record`).
package enum RowOutcome: Equatable {
    case inserted
    /// The key is stored with the same values.
    case duplicate
    /// The key is stored with other values, which were kept.
    case differs([FieldDifference])
    /// The key is stored with other values, which were replaced by the file's.
    case updated([FieldDifference])
}

extension ConflictPolicy {
    /// The outcome for a row whose key is stored: a duplicate when nothing differs, else the stored row
    /// kept (`report`, `keepSilently`) or updated through `update` (`replace`).
    package func resolve(_ differences: [FieldDifference], update: () throws -> Void) rethrows -> RowOutcome {
        guard !differences.isEmpty else { return .duplicate }
        switch self {
        case .replace:
            try update()
            return .updated(differences)
        case .report, .keepSilently:
            return .differs(differences)
        }
    }
}
