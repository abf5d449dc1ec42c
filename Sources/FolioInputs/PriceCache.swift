import FolioAnalytics
import FolioCore
import FolioStore
import Foundation
import Synchronization

/// Where `MarketInputs` gets its price book: built from the store's rows (one command, one portfolio),
/// or cut from a `PriceCache` that a batch worker fills once and every portfolio it renders reads.
public protocol PriceBookSource: Sendable {
    func assets() throws -> [Asset]
    /// The book of every quote of `codes`.
    func book(of codes: [AssetCode]) throws -> PriceBook
    /// The book of every quote of every asset from `from` through `through`.
    func book(from: Date, through: Date) throws -> PriceBook
    /// The book of each series' last quote at or before `time` (a value at that instant).
    func book(atOrBefore time: Date) throws -> PriceBook
    /// The book of the last quote of every series: where the data ends (see `AsOf`).
    func lastQuotes() throws -> PriceBook
    /// The book a valuation over time asks for (`PriceBook.valuation`) of `codes` (nil: every asset), from
    /// `start` on (nil: the whole history).
    func valuationBook(
        of codes: Set<AssetCode>?,
        at times: [Date],
        from start: Date?,
        window: (from: Date, through: Date)?
    ) throws -> PriceBook
}

extension Store: PriceBookSource {
    public func book(of codes: [AssetCode]) throws -> PriceBook { PriceBook(try quotes(assets: codes)) }
    public func book(from: Date, through: Date) throws -> PriceBook { PriceBook(try quotes(from: from, to: through)) }
    public func book(atOrBefore time: Date) throws -> PriceBook { PriceBook(try lastQuotes(atOrBefore: time)) }
    public func lastQuotes() throws -> PriceBook { PriceBook(try lastQuoteOfEachSeries()) }
    public func valuationBook(
        of codes: Set<AssetCode>?,
        at times: [Date],
        from start: Date?,
        window: (from: Date, through: Date)?
    ) throws -> PriceBook {
        let recent =
            try window.map { try quotes(from: $0.from, to: $0.through).filter { codes?.contains($0.asset) ?? true } }
            ?? []
        return PriceBook(try valuationQuotes(assets: codes, at: times, from: start) + recent)
    }
}

/// Every quote of the database as one price book, for a batch run. A batch renders a report and several
/// charts for each of hundreds of portfolios; reading each one's quotes from SQLite and indexing them
/// again took a third of its time. Cut from this book (`PriceBook.restricted`, `.window`), an output gets
/// the same book the store's rows would give it, so it does not depend on which was used. Immutable after
/// `init`, so the workers share it without locks.
public final class PriceCache: PriceBookSource {
    /// Above this many quotes the cache is not built and each output reads the store: the book keeps
    /// about 40 bytes a quote, and building it holds the rows (about 110 bytes each) for a moment.
    static let maximumQuotes = 2_000_000

    private let knownAssets: [Asset]
    private let all: PriceBook

    /// nil when the database holds more than `maximumQuotes` quotes.
    public init?(_ store: Store) throws {
        guard try store.quoteCount() <= Self.maximumQuotes else { return nil }
        knownAssets = try store.assets()
        all = try store.book(of: knownAssets.map(\.code))
    }

    public func assets() -> [Asset] { knownAssets }
    public func book(of codes: [AssetCode]) -> PriceBook { all.restricted(to: Set(codes)) }
    public func book(from: Date, through: Date) -> PriceBook { all.window(from: from, through: through) }
    public func book(atOrBefore time: Date) -> PriceBook { all.lastQuotes(atOrBefore: time) }
    public func lastQuotes() -> PriceBook { all.lastQuotes }
    public func valuationBook(
        of codes: Set<AssetCode>?,
        at times: [Date],
        from start: Date?,
        window: (from: Date, through: Date)?
    ) -> PriceBook {
        (codes.map { all.restricted(to: $0) } ?? all).valuation(at: times, from: start, window: window)
    }
}

/// A batch worker's `PriceCache`, built when its first portfolio has something to render, so that a run
/// in which every portfolio is up to date reads no quotes at all. Whoever asks first builds it
/// while any other waits.
public final class SharedPriceCache: Sendable {
    private let store: Store
    private let built = Mutex<Result<PriceCache?, any Error>?>(nil)

    public init(_ store: Store) { self.store = store }

    /// The cache, or nil for a database too large to hold (each output then reads the store).
    public func get() throws -> PriceCache? {
        try built.withLock { built in
            if let built { return try built.get() }
            let result = Result { try PriceCache(store) }
            built = result
            return try result.get()
        }
    }
}
