import ArgumentParser
import FolioDatasets
import FolioStore

/// What the shells offer for an argument's value (`folio completions`), taken from the declarations the
/// commands parse with: a new import kind, table, chart kind or report is offered once it is declared.
enum ValueCompletion {
    /// Every raw value of a kind's declaration, in its order.
    static func names<T: RawRepresentable & CaseIterable>(of _: T.Type) -> CompletionKind where T.RawValue == String {
        .list(T.allCases.map { $0.rawValue })
    }

    /// The portfolios of the database the command line names with `--db`, else of `$FOLIO_DB` or the
    /// default path, read when the shell asks; nothing when there is no database to read.
    static let portfolios = CompletionKind.custom { words, _, _ in
        let named = words.indices.dropLast().last { words[$0] == "--db" }.map { words[$0 + 1] }
        guard let store = try? Store(path: named ?? Store.defaultPath(), access: .read) else { return [] }
        return (try? store.portfolios().map(\.name)) ?? []
    }

    /// What a chart option declares the shells offer for it.
    static func of(_ option: ChartOption) -> CompletionKind? {
        switch option.completion {
        case .none: nil
        case .portfolios: portfolios
        case .choices(let names): .list(names)
        }
    }
}
