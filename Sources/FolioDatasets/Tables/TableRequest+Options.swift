import FolioAnalytics
import FolioCore
import FolioInputs

extension TableRequest {
    /// The request `folio table` options spell, each value as typed (ArgumentParser reads only the
    /// numbers). Every value that cannot be right is refused here with its option's name, in the order
    /// of the options, before the database is opened; so is an option the table does not read.
    public init(
        name text: String,
        portfolio: String? = nil,
        assets: [String] = [],
        from: String? = nil,
        to: String? = nil,
        asOf: String? = nil,
        window: Int? = nil,
        method: String? = nil,
        market: String? = nil,
        by: String? = nil,
        period: String? = nil,
        currency: String? = nil,
        threshold: Double? = nil,
        calendar: String? = nil,
        minOverlap: Int? = nil,
        normalise: String? = nil,
        benchmark: String? = nil,
        riskFree: Double? = nil,
        staleDays: Double = 7,
        format: String = "text",
        year: Int? = nil,
        taxRates: String? = nil,
        months: Int? = nil,
        cash: String? = nil,
        sell: Bool = false,
        wholeShares: Bool = false
    ) throws {
        guard let name = TableName(rawValue: text.lowercased()) else {
            throw ArgumentError(
                "NAME",
                "unknown table \"\(text)\"; tables: \(TableName.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let given: [(TableName.Option, Bool)] = [
            (.portfolio, portfolio != nil), (.asset, !assets.isEmpty), (.from, from != nil), (.to, to != nil),
            (.asOf, asOf != nil), (.window, window != nil), (.method, method != nil), (.by, by != nil),
            (.period, period != nil), (.currency, currency != nil), (.threshold, threshold != nil),
            (.calendar, calendar != nil), (.minOverlap, minOverlap != nil), (.normalise, normalise != nil),
            (.benchmark, benchmark != nil), (.riskFree, riskFree != nil), (.year, year != nil),
            (.taxRates, taxRates != nil), (.months, months != nil), (.cash, cash != nil), (.sell, sell),
            (.wholeShares, wholeShares),
        ]
        for (option, isGiven) in given where isGiven && !name.options.contains(option) {
            throw ArgumentError("--\(option.rawValue)", "not used by the \(name.rawValue) table")
        }
        self.init(name)
        self.portfolio = portfolio
        self.assets = try Self.assets(assets)
        (self.from, self.to) = try ArgumentValue.days(from: from, to: to)
        self.asOf = try ArgumentValue.day(asOf, "--as-of")
        if self.asOf != nil && self.to != nil {
            throw ArgumentError("--as-of", "give either --as-of or --to, the range ends at one day")
        }
        if let from = self.from, let asOf = self.asOf, from > asOf {
            throw ArgumentError("--from", "\(from.iso) is after --as-of \(asOf.iso)")
        }
        self.window = try ArgumentValue.positive(window, "--window")
        self.minOverlap = try ArgumentValue.positive(minOverlap, "--min-overlap")
        if let method { self.method = try ArgumentValue.choice(method, "--method") }
        self.market = try ArgumentValue.market(market)
        if name == .attribution {
            try readAttribution(period: period, by: by)
        } else if name == .incomeCalendar {
            try readIncomeCalendar(by: by, months: months)
        } else {
            if let by { grouping = try ArgumentValue.choice(by, "--by") }
            if let period { self.period = try ArgumentValue.choice(period, "--period") }
        }
        self.currency = try currency.map { try ArgumentValue.asset($0, "--currency") }
        if let threshold {
            guard threshold >= 0 && threshold < 100 else {
                throw ArgumentError("--threshold", "\(threshold) is not a percent from 0 to below 100")
            }
            self.threshold = threshold
        }
        if let calendar { self.calendar = try ArgumentValue.choice(calendar, "--calendar") }
        if let normalise { normalisation = try ArgumentValue.normalisation(normalise) }
        self.benchmark = try benchmark.map { try ArgumentValue.asset($0, "--benchmark") }
        if let riskFree {
            guard riskFree > -100 && riskFree < 100 else {
                throw ArgumentError("--risk-free", "\(riskFree) is not an annual percent between −100 and 100")
            }
            self.riskFree = riskFree / 100
        }
        guard staleDays > 0 && staleDays.isFinite else {
            throw ArgumentError("--stale-days", "\(staleDays) is not a positive number of days")
        }
        self.staleDays = staleDays
        self.format = try ArgumentValue.choice(format, "--format")
        if [.rollingVolatility, .rollingSharpe].contains(name), let w = self.window, w < 2 {
            throw ArgumentError("--window", "\(w) is not valid, a deviation needs at least 2 days")
        }
        if name == .taxYear { try taxYear(year, file: taxRates, market: market) }
        if name == .rebalance {
            rebalance = try ArgumentValue.rebalance(cash: cash, sell: sell, wholeShares: wholeShares)
            rebalanceTaxRates = try taxRates.map { try TaxRatesFile.load(path: $0) }
        }
        if name == .rollingCorrelation && !self.assets.isEmpty && self.assets.count != 2 {
            throw ArgumentError("--asset", "rolling-correlation takes exactly two assets, \(self.assets.count) given")
        }
    }

    /// `--asset AAPL MSFT`, `--asset AAPL,MSFT` and `--asset AAPL --asset MSFT` alike, as `folio chart`
    /// reads them; a value without any code (`""`, `,`) is refused rather than read as no asset.
    private static func assets(_ values: [String]) throws -> [AssetCode] {
        try values.flatMap { text in
            let codes = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return try (codes.isEmpty ? [text] : codes).map { try ArgumentValue.asset($0, "--asset") }
        }
    }
}
