import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// The catalogue's phrases: titles, subtitles and labels put together from data (a portfolio's name, a
/// number of days, a range), in English and Ukrainian side by side, since their grammar differs (the
/// Ukrainian plural after a number). Single words are keyed in `English.swift` and `Ukrainian.swift`;
/// the marks' own words (Min, Avg, Other…) are FolioCharts' `ChartLocale`.
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    /// "7 days" / "7 днів", with the Ukrainian plural that goes with the number.
    public func days(_ n: Int) -> String {
        locale == .uk ? "\(n) " + Self.ukPlural(n, "день", "дні", "днів") : (n == 1 ? "1 day" : "\(n) days")
    }
    public func months(_ n: Int) -> String {
        locale == .uk ? "\(n) " + Self.ukPlural(n, "місяць", "місяці", "місяців") : (n == 1 ? "1 month" : "\(n) months")
    }

    /// Ukrainian nouns after a number: 1, 21, 31 take the first form; 2–4, 22–24 the second; the rest,
    /// 11–14 included, the third.
    static func ukPlural(_ n: Int, _ one: String, _ few: String, _ many: String) -> String {
        let (last, lastTwo) = (n % 10, n % 100)
        if last == 1 && lastTwo != 11 { return one }
        if (2...4).contains(last) && !(12...14).contains(lastTwo) { return few }
        return many
    }

    public func date(_ day: Day) -> String { DateText.date(day, locale: locale) }
    /// "31 Jan – 7 Feb 2018", "31.01 – 07.02.2018": the year once when both days are in it, so that a
    /// subtitle fits beside a headline on a phone's width.
    public func range(_ from: Day, _ to: Day) -> String {
        guard from != to else { return date(to) }
        guard from.year == to.year else { return date(from) + " – " + date(to) }
        return String(date(from).dropLast(5)) + " – " + date(to)
    }

    /// A month as a group label: the year is written on the first group and on every January, the way
    /// a time axis marks years, so twelve labels stay short and the year is never ambiguous.
    public func month(_ first: Day, showYear: Bool) -> String {
        let name = locale.monthAbbreviations[first.month - 1]
        return showYear || first.month == 1 ? name + "\u{00A0}\(first.year)" : name
    }

    public func monthRange(_ from: Day, _ to: Day) -> String {
        let a = locale.monthAbbreviations[from.month - 1] + "\u{00A0}\(from.year)"
        let b = locale.monthAbbreviations[to.month - 1] + "\u{00A0}\(to.year)"
        return a == b ? a : a + " – " + b
    }

    // MARK: Titles and subtitles

    func priceTitle(_ asset: String, days n: Int) -> String {
        pick("\(asset) price, last \(days(n))", "Ціна \(asset) за \(days(n))")
    }
    func pricesTitle(days n: Int) -> String { pick("Prices, last \(days(n))", "Ціни за \(days(n))") }
    /// A currency as a heading writes it: the code in English ("Value, UAH"), the word a Ukrainian writes
    /// in Ukrainian ("Вартість, грн", "у дол. США"); a code without a usual word stays a code.
    public func currency(_ code: AssetCode) -> String {
        guard locale == .uk else { return code.rawValue }
        return ["UAH": "грн", "USD": "дол. США", "EUR": "євро", "PLN": "зл.", "GBP": "фунт. ст."][code.rawValue]
            ?? code.rawValue
    }
    func inCurrency(_ code: AssetCode) -> String { pick("in \(code)", "у \(currency(code))") }
    func valueTitle(_ portfolio: String, days n: Int) -> String {
        pick("\(portfolio): value, last \(days(n))", "\(portfolio): вартість за \(days(n))")
    }
    /// "Demo UAH: value, 3 months", "Demo UAH: вартість, 2017".
    func valueTitle(_ portfolio: String, over period: AttributionPeriod) -> String {
        let words: String
        switch period {
        case let .trailing(row): words = self.period(row).lowercasedFirst
        case let .year(year): words = String(year)
        case .lastYear: words = pick("last year", "минулий рік")
        }
        return pick("\(portfolio): value, \(words)", "\(portfolio): вартість, \(words)")
    }
    func performanceTitle(_ portfolio: String, _ what: PerformanceChart) -> String {
        switch what {
        case .cumulative:
            pick("\(portfolio): cumulative return (start = 100)", "\(portfolio): накопичена дохідність (початок = 100)")
        case .drawdown: pick("\(portfolio): drawdown", "\(portfolio): просідання")
        case .monthly: pick("\(portfolio): monthly returns", "\(portfolio): дохідність за місяцями")
        case .annual: pick("\(portfolio): annual returns", "\(portfolio): дохідність за роками")
        case .rollingVolatility: pick("\(portfolio): rolling volatility, %", "\(portfolio): ковзна волатильність, %")
        case .rollingSharpe: pick("\(portfolio): rolling Sharpe ratio", "\(portfolio): ковзний коефіцієнт Шарпа")
        }
    }
    enum PerformanceChart: Sendable { case cumulative, drawdown, monthly, annual, rollingVolatility, rollingSharpe }
    /// "126-day window, half a year of 252 days · …": how many counted days each point is of, and how many
    /// make the year it is annualised over (trading days of a stock portfolio, every day of crypto).
    func rollingRiskSubtitle(window: Int, periodsPerYear n: Int, from: Day, to: Day) -> String {
        let half = window == Int((Double(n) / 2).rounded(.up))
        return pick(
            "\(window)-day window" + (half ? ", half a year of \(n) days" : ", \(n) days a year"),
            "вікно \(window) дн." + (half ? ", пів року з \(n) дн." : ", \(n) дн. на рік")
        ) + " · " + range(from, to)
    }
    /// A period of the performance table, saying when a figure is per year.
    public func period(_ p: PeriodPerformance.Period) -> String {
        switch p {
        case .monthToDate: pick("Month to date", "З початку місяця")
        case .oneMonth: pick("1 month", "1 місяць")
        case .threeMonths: pick("3 months", "3 місяці")
        case .sixMonths: pick("6 months", "6 місяців")
        case .yearToDate: self[.kpiChangeYTD]
        case .oneYear: pick("1 year", "1 рік")
        case .threeYears: pick("3 years", "3 роки")
        case .fiveYears: pick("5 years", "5 років")
        case .sinceInception: pick("Since inception", "З початку")
        }
    }
    /// "From 18 Sep 2019: value below zero before": why figures since inception start after the first
    /// activity (`ReturnSeries.firstDay`), said on every chart and table that starts there.
    public func lateStart(_ day: Day, _ why: ReturnSeries.LateStart) -> String {
        switch why {
        case .valueBelowZero:
            pick("From \(date(day)): value below zero before", "З \(date(day)): до того вартість нижче нуля")
        case .nothingHeld: pick("From \(date(day)): nothing held before", "З \(date(day)): до того нічого не було")
        }
    }
    /// "2018 YTD": the year in progress under its bar of returns.
    public func yearToDate(_ year: Int) -> String { pick("\(year) YTD", "\(year) з поч. р.") }
    /// "Since 18 Sep 2019": a row of the performance table (which all end on the as-of day) that holds
    /// fewer days than its name would say, named by its first day.
    public func since(_ day: Day) -> String { pick("Since \(date(day))", "З \(date(day))") }
    /// "Time-weighted, in UAH · 1 Mar 2013 – 7 Feb 2018": what a performance chart's numbers are.
    func timeWeightedSubtitle(_ base: AssetCode, _ from: Day, _ to: Day) -> String {
        pick("Time-weighted, in \(base)", "Зважена за часом, у \(currency(base))") + " · " + range(from, to)
    }
    func rollingTitle(_ first: AssetCode, _ second: AssetCode) -> String {
        pick("Rolling correlation of \(first) and \(second)", "Ковзна кореляція \(first) і \(second)")
    }
    /// "NVDA / JPM, 30-day window": which pair a rolling correlation follows.
    func rollingSubtitle(_ first: AssetCode, _ second: AssetCode, window: Int) -> String {
        "\(first) / \(second), " + self[.rollingWindow].replacingOccurrences(of: "%d", with: "\(window)")
    }
    func compareTitle(_ assets: [String]) -> String {
        pick("\(list(assets)) compared", "Порівняння: \(list(assets))")
    }
    /// What the grey behind a cumulative return is.
    func shadedDrawdowns(_ n: Int) -> String {
        n == 1
            ? pick("shaded: the drawdown", "сірим: просідання")
            : pick(
                "shaded: the \(n) deepest drawdowns",
                "сірим: \(n) "
                    + Self.ukPlural(n, "найглибше просідання", "найглибші просідання", "найглибших просідань")
            )
    }
    func rebasedSubtitle(_ currency: AssetCode?, from: Day, to: Day) -> String {
        let price = currency.map { pick("Price in \($0)", "Ціна у \(self.currency($0))") } ?? pick("Price", "Ціна")
        return price + pick(", 100 at the start", ", 100 на початку") + " · " + range(from, to)
    }
    func minMaxSubtitle(_ currency: AssetCode?, from: Day, to: Day) -> String {
        let price = currency.map { pick("Price in \($0)", "Ціна у \(self.currency($0))") } ?? pick("Price", "Ціна")
        return price
            + pick(", each scaled from its low (0) to its high (1)", ", кожна від свого мінімуму (0) до максимуму (1)")
            + " · " + range(from, to)
    }
    func allocationTitle(_ portfolio: String, by grouping: AllocationGrouping) -> String {
        switch grouping {
        case .asset: pick("\(portfolio): allocation by asset", "\(portfolio): розподіл за активами")
        case .kind: pick("\(portfolio): allocation by asset kind", "\(portfolio): розподіл за видами активів")
        case .currency: pick("\(portfolio): allocation by currency", "\(portfolio): розподіл за валютами")
        }
    }
    var spendingTitle: String { self[.expensesByCategory] }
    var incomeTitle: String { self[.incomeByCategory] }
    /// A holding a chart cannot draw for want of a rate, as the chart names it: "EUR — no rate after
    /// 1 Dec 2017" (its last rate's day), "… no rate on 7 Feb 2018" (none yet), "… no rate to USD".
    func notValued(_ holding: ValuedAsset) -> String {
        let asset = holding.asset.rawValue
        switch holding.missing?.reason {
        case .stale(let last)?:
            return pick(
                "\(asset) — no rate after \(date(Day(last)))",
                "\(asset) — немає курсу після \(date(Day(last)))"
            )
        case .noQuoteBefore?:
            let day = date(Day(holding.missing!.at))
            return pick("\(asset) — no rate on \(day)", "\(asset) — немає курсу на \(day)")
        case .noRoute?, nil:
            let to = holding.missing?.pair.currency.rawValue ?? ""
            return pick("\(asset) — no rate to \(to)", "\(asset) — немає курсу до \(to)")
        }
    }

    /// Page 1's note when one holding's last quote set the as-of day while the others run on.
    public func asOfSetBy(_ setBy: AsOf.SetBy) -> String {
        let (day, others, asset, base) = (
            date(setBy.lastQuote), date(setBy.othersTo), setBy.assets.map(\.rawValue).joined(separator: ", "),
            currency(setBy.base)
        )
        return pick(
            "The figures end on \(day), the last day \(asset) can be valued in \(base); the other holdings are quoted to \(others).",
            "Дані закінчуються \(day) — останнім днем, коли \(asset) можна оцінити в \(base); інші активи мають котирування до \(others)."
        )
    }

    /// A window's days without the year when it is the as-of day's: "31 May – 30 Jun", "30 Jun".
    public func window(_ from: Day, _ to: Day) -> String {
        func short(_ day: Day) -> String { day.year == to.year ? DateText.dayMonth(day, locale: locale) : date(day) }
        return from == to ? short(to) : short(from) + " – " + short(to)
    }

    /// What one daily image shows, after the portfolio's name in its title ("Demo UAH · вартість за 30
    /// днів"): short, for a phone's width.
    public enum DailyIdea: Sendable {
        case allocation
        case value(days: Int)
        /// The value over a row of the performance table ("value, 1 month"), the window of its tile.
        case valueOver(PeriodPerformance.Period)
        case holding(String, days: Int)
        case drawdown, cumulative
        /// The payments estimated within the next `days` days.
        case nextPayments
    }
    public func dailyIdea(_ idea: DailyIdea) -> String {
        switch idea {
        case .allocation: pick("allocation", "розподіл")
        case .value(let n): pick("value, \(days(n))", "вартість за \(days(n))")
        case .valueOver(let p): pick("value, ", "вартість за ") + period(p).lowercasedFirst
        case .holding(let code, let n): pick("\(code), \(days(n))", "\(code) за \(days(n))")
        case .drawdown: pick("drawdown", "просідання")
        case .cumulative: pick("growth of 100", "зростання 100")
        case .nextPayments: pick("next payments", "найближчі виплати")
        }
    }

    func valuedSubtitle(_ base: AssetCode, on day: Day) -> String {
        pick("Value in \(base) at the end of \(date(day))", "Вартість у \(currency(base)) на кінець \(date(day))")
    }
    func compositionTitle(_ portfolio: String, percent: Bool) -> String {
        percent
            ? pick("\(portfolio): share of each asset by month", "\(portfolio): частка активів за місяцями")
            : pick("\(portfolio): value by asset at month end", "\(portfolio): вартість активів на кінець місяця")
    }
    func compositionSubtitle(_ base: AssetCode, from: Day, to: Day, percent: Bool) -> String {
        // A share is of what was held: a negative balance is named under the chart, not netted off.
        (percent
            ? pick(
                "Share of the month-end holdings valued in \(base)",
                "Частка активів на кінець місяця, вартість у \(currency(base))"
            )
            : pick("Value in \(base)", "Вартість у \(currency(base))")) + " · " + monthRange(from, to)
    }
    func incomeCalendarTitle(_ portfolio: String) -> String {
        pick("\(portfolio): dividends and interest by month", "\(portfolio): дивіденди та відсотки за місяцями")
    }
    /// What the bars are (net of tax withheld), their currency and months, and where the estimate starts.
    func incomeCalendarSubtitle(_ base: AssetCode, from: Day, to: Day, asOf: Day) -> String {
        pick("Received, net of tax withheld, in \(base)", "Отримано після утриманого податку, у \(currency(base))")
            + " · " + monthRange(from, to) + " · "
            + pick("estimated after \(date(asOf))", "прогноз після \(date(asOf))")
    }
    /// The daily image of the payments estimated from the day after `asOf` to `to`.
    public func nextPaymentsSubtitle(_ base: AssetCode, after asOf: Day, to: Day) -> String {
        pick("Estimated net of tax, \(base)", "Прогноз після податку, \(currency(base))") + " · "
            + range(asOf.advanced(by: 1), to)
    }
    func flowsTitle(_ portfolio: String) -> String {
        pick("\(portfolio): deposits and withdrawals", "\(portfolio): внески та виведення")
    }
    func flowsSubtitle(_ base: AssetCode, from: Day, to: Day) -> String {
        pick("By month, in \(base)", "За місяцями, у \(currency(base))") + " · " + monthRange(from, to)
    }
    func correlationTitle(_ subject: String?) -> String {
        let what = pick("correlation of daily returns", "кореляція денних дохідностей")
        guard let subject else { return pick("Correlation of daily returns", "Кореляція денних дохідностей") }
        return subject + ": " + what
    }
    func correlationSubtitle(_ currency: AssetCode?, from: Day, to: Day, minimumOverlap: Int) -> String {
        let prices =
            currency.map { pick("Returns in \($0)", "Дохідності у \(self.currency($0))") }
            ?? pick("Returns", "Дохідності")
        return prices + " · " + range(from, to) + " · "
            + pick(
                "Pearson, at least \(days(minimumOverlap)) in common",
                "Пірсон, щонайменше \(days(minimumOverlap)) спільних"
            )
    }
    func holdingsTitle(_ portfolio: String) -> String { pick("\(portfolio): holdings", "\(portfolio): активи") }
    func budgetSubtitle(_ currency: AssetCode, income: Bool = false, from: Day, to: Day) -> String {
        (income
            ? pick("Income in \(currency)", "Доходи у \(self.currency(currency))")
            : pick("Expenses in \(currency)", "Витрати у \(self.currency(currency))"))
            + " · " + monthRange(from, to)
    }

    /// An asset kind as a group's name (a slice, a table cell): one word per kind everywhere.
    public func kind(_ kind: AssetKind?) -> String {
        switch kind {
        case .fiat: self[.kindFiat]
        case .crypto: self[.kindCrypto]
        case .stock: self[.kindStock]
        case .etf: self[.kindETF]
        case .metal: self[.kindMetal]
        case .index: self[.kindIndex]
        case .other, nil: self[.kindOther]
        }
    }

    /// A column of days (a trade's, a rate's): a day is no time.
    public var dateColumn: String { pick("Date", "Дата") }

    /// Under the converter: whose rates it converts at, and of which day ("At NBU rates of 31 Dec 2020").
    public func convertedAt(markets: [String], last: Day?) -> String? {
        guard !markets.isEmpty, let last else { return nil }
        return pick("At \(list(markets)) rates of \(date(last))", "За курсами \(list(markets)) на \(date(last))")
    }

    /// Names for the `source` column of quotes, as a reader knows them.
    public func source(_ raw: String) -> String {
        switch raw {
        case "nbu": pick("NBU", "НБУ")
        case "stock-csv": pick("exchange closes", "біржові ціни закриття")
        case "coingecko": "CoinGecko"
        case "monobank": "Monobank"
        case "privatbank": pick("PrivatBank", "ПриватБанк")
        case "stooq": "Stooq"
        case "generated": pick("generated sample prices", "згенеровані ціни")
        default: raw
        }
    }

    /// A change column's title with its period: "Change, 1 day" / "Зміна за 1 день".
    public func changeOver(days n: Int) -> String { pick("Change, \(days(n))", "Зміна за \(days(n))") }

    /// The market chart's subtitle: the pair and period, and what a bank's line is. A Ukrainian reader
    /// gets the currencies' words ("Курс дол. США у грн"), not a pair of codes.
    public func marketsSubtitle(_ asset: AssetCode, in quote: AssetCode, days n: Int, banks: Bool) -> String {
        pick("\(asset)/\(quote), last \(days(n))", "Курс \(currency(asset)) у \(currency(quote)) за \(days(n))")
            + (banks ? pick(" · banks: middle of buy and sell", " · банки: середнє купівлі й продажу") : "")
    }

    /// A coin's price line's subtitle: the pair, and the day of its last quote, said as such when it is
    /// before the report's day ("BTC/USD · last quote 30 Jun 2020").
    public func coinSubtitle(_ asset: AssetCode, in quote: AssetCode, lastQuote: Day, asOf: Day) -> String {
        pick("\(asset)/\(quote)", "\(asset) у \(currency(quote))") + " · "
            + (lastQuote < asOf ? pick("last quote ", "останнє котирування ") : self[.asOf] + " ") + date(lastQuote)
    }

    /// The crypto page's note when its coins' last quote is older than the report's day.
    public func cryptoLastQuote(_ day: Day, asOf: Day) -> String {
        pick(
            "Last quote \(date(day)): the coins' prices and changes below are of that day, not of \(date(asOf)).",
            "Останнє котирування \(date(day)): ціни й зміни монет нижче — на цей день, а не на \(date(asOf))."
        )
    }

    /// A market as a reader says it: the NBU's official rate, banks' cards and cash desks.
    public func market(_ market: Market) -> String {
        switch market {
        case .nbu: pick("NBU", "НБУ")
        case .interbank: pick("interbank", "міжбанк")
        case .bankAverage: pick("bank average", "середній банківський")
        case .card: pick("card", "картка")
        case .cash: pick("cash", "готівка")
        case .exchange: pick("exchange", "біржа")
        default: market.rawValue
        }
    }

    public var budget: String { pick("budget", "бюджет") }

    private func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        if names.count > 4 {
            return names.prefix(3).joined(separator: ", ")
                + pick(" and \(names.count - 3) more", " та ще \(names.count - 3)")
        }
        return names.dropLast().joined(separator: ", ") + pick(" and ", " та ") + names.last!
    }
}

extension String {
    /// "in USD" → "In USD" for the start of a subtitle.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// "Year to date" → "year to date" inside a sentence.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
