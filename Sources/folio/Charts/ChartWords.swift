import FolioCharts
import FolioCore

/// The words `folio chart` writes in titles, subtitles, legends and table headers, in English and
/// Ukrainian. The charts' own words (Min, Avg, Other…) live in FolioCharts' `ChartLocale`; these are
/// the command's, because only the command knows what the data is.
struct ChartWords {
    let locale: ChartLocale

    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    /// "7 days" / "7 днів", with the Ukrainian plural that goes with the number.
    func days(_ n: Int) -> String { locale == .uk ? "\(n) " + Self.ukPlural(n, "день", "дні", "днів") : (n == 1 ? "1 day" : "\(n) days") }
    func months(_ n: Int) -> String {
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

    func date(_ day: Day) -> String { DateText.date(day, locale: locale) }
    func range(_ from: Day, _ to: Day) -> String { from == to ? date(to) : date(from) + " – " + date(to) }

    /// A month as a group label: the year is written on the first group and on every January, the way
    /// a time axis marks years, so twelve labels stay short and the year is never ambiguous.
    func month(_ first: Day, showYear: Bool) -> String {
        let name = locale.monthAbbreviations[first.month - 1]
        return showYear || first.month == 1 ? name + "\u{00A0}\(first.year)" : name
    }

    func monthRange(_ from: Day, _ to: Day) -> String {
        let a = locale.monthAbbreviations[from.month - 1] + "\u{00A0}\(from.year)"
        let b = locale.monthAbbreviations[to.month - 1] + "\u{00A0}\(to.year)"
        return a == b ? a : a + " – " + b
    }

    // MARK: Titles and subtitles

    func priceTitle(_ asset: String, days n: Int) -> String { pick("\(asset) price, last \(days(n))", "Ціна \(asset) за \(days(n))") }
    func pricesTitle(days n: Int) -> String { pick("Prices, last \(days(n))", "Ціни за \(days(n))") }
    func inCurrency(_ code: AssetCode) -> String { pick("in \(code)", "у \(code)") }
    func compareTitle(_ assets: [String]) -> String {
        pick("\(list(assets)) compared", "Порівняння: \(list(assets))")
    }
    func rebasedSubtitle(_ currency: AssetCode?, from: Day, to: Day) -> String {
        let price = currency.map { pick("Price in \($0)", "Ціна у \($0)") } ?? pick("Price", "Ціна")
        return price + pick(", 100 at the start", ", 100 на початку") + " · " + range(from, to)
    }
    func minMaxSubtitle(_ currency: AssetCode?, from: Day, to: Day) -> String {
        let price = currency.map { pick("Price in \($0)", "Ціна у \($0)") } ?? pick("Price", "Ціна")
        return price + pick(", each scaled from its low (0) to its high (1)", ", кожна від свого мінімуму (0) до максимуму (1)")
            + " · " + range(from, to)
    }
    func allocationTitle(_ portfolio: String, by grouping: ChartRequest.Grouping) -> String {
        switch grouping {
        case .allocation(.asset): pick("\(portfolio): allocation by asset", "\(portfolio): розподіл за активами")
        case .allocation(.kind): pick("\(portfolio): allocation by asset kind", "\(portfolio): розподіл за типами активів")
        case .allocation(.currency): pick("\(portfolio): allocation by currency", "\(portfolio): розподіл за валютами")
        case .budgetCategory: spendingTitle
        }
    }
    var spendingTitle: String { pick("Spending by category", "Витрати за категоріями") }
    func valuedSubtitle(_ base: AssetCode, on day: Day) -> String {
        pick("Value in \(base) at the end of \(date(day))", "Вартість у \(base) на кінець \(date(day))")
    }
    func compositionTitle(_ portfolio: String, percent: Bool) -> String {
        percent ? pick("\(portfolio): share of each asset by month", "\(portfolio): частка активів за місяцями")
            : pick("\(portfolio): value by asset at month end", "\(portfolio): вартість активів на кінець місяця")
    }
    func compositionSubtitle(_ base: AssetCode, from: Day, to: Day, percent: Bool) -> String {
        (percent ? pick("Percent of the month-end value in \(base)", "Відсоток вартості у \(base) на кінець місяця")
            : pick("Value in \(base)", "Вартість у \(base)")) + " · " + monthRange(from, to)
    }
    func flowsTitle(_ portfolio: String) -> String { pick("\(portfolio): deposits and withdrawals", "\(portfolio): поповнення та виведення") }
    func flowsSubtitle(_ base: AssetCode, from: Day, to: Day) -> String {
        pick("By month, in \(base)", "За місяцями, у \(base)") + " · " + monthRange(from, to)
    }
    var deposits: String { pick("Deposits", "Поповнення") }
    var withdrawals: String { pick("Withdrawals", "Виведення") }
    func correlationTitle(_ subject: String?) -> String {
        let what = pick("correlation of daily returns", "кореляція денних доходностей")
        guard let subject else { return pick("Correlation of daily returns", "Кореляція денних доходностей") }
        return subject + ": " + what
    }
    func correlationSubtitle(_ currency: AssetCode?, from: Day, to: Day, minimumOverlap: Int) -> String {
        let prices = currency.map { pick("Returns in \($0)", "Доходності у \($0)") } ?? pick("Returns", "Доходності")
        return prices + " · " + range(from, to) + " · "
            + pick("Pearson, at least \(days(minimumOverlap)) in common", "Пірсон, щонайменше \(days(minimumOverlap)) спільних")
    }
    func holdingsTitle(_ portfolio: String) -> String { pick("\(portfolio): holdings", "\(portfolio): активи") }
    var holdingsHeader: [String] {
        locale == .uk ? ["Актив", "Кількість", "Ціна", "Вартість", "Частка"] : ["Asset", "Quantity", "Price", "Value", "Share"]
    }
    func budgetSubtitle(_ currency: AssetCode, from: Day, to: Day) -> String {
        pick("Expenses in \(currency)", "Витрати у \(currency)") + " · " + monthRange(from, to)
    }

    /// Asset kinds as slice labels.
    func kind(_ raw: String) -> String {
        switch AssetKind(rawValue: raw) {
        case .fiat: pick("Currencies", "Валюти")
        case .crypto: pick("Crypto", "Криптовалюти")
        case .stock: pick("Stocks", "Акції")
        case .etf: pick("ETFs", "Фонди ETF")
        case .metal: pick("Metals", "Метали")
        case .index: pick("Indices", "Індекси")
        case .other, nil: pick("Other assets", "Інші активи")
        }
    }

    /// Names for the `source` column of quotes, as a reader knows them.
    func source(_ raw: String) -> String {
        switch raw {
        case "nbu": pick("NBU", "НБУ")
        case "stock-csv": pick("exchange closes", "біржові ціни закриття")
        case "coingecko": "CoinGecko"
        case "monobank": "Monobank"
        case "privatbank": "PrivatBank"
        case "stooq": "Stooq"
        case "generated": pick("generated sample prices", "згенеровані ціни")
        default: raw
        }
    }

    var budget: String { pick("budget", "бюджет") }

    private func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        if names.count > 4 { return names.prefix(3).joined(separator: ", ") + pick(" and \(names.count - 3) more", " та ще \(names.count - 3)") }
        return names.dropLast().joined(separator: ", ") + pick(" and ", " та ") + names.last!
    }
}
