import FolioAnalytics
import FolioCore

/// The tax report's words, Ukrainian beside English. Those a definition writes as `{t.key}` are keyed
/// (merged into each language's catalogue); the rest are the phrases below, put together from data.
let taxEnglish: [StringKey: String] = [
    .taxReport: "Tax year",
    .taxPurpose: "This report prepares figures for the annual declaration of property and income (investment profit, "
        + "art. 170.2 of the Tax Code of Ukraine) from the trades and the NBU rates Folio holds. It is not tax advice: "
        + "check the figures against your broker's statements and the law in force for the year, or with a tax adviser.",
    .taxNotAdvice: "Figures for a declaration, not tax advice",
    .taxMethod: "Each sale closes purchases first in, first out. Cost: units × purchase price × the NBU rate of the "
        + "purchase's day, plus the row's share of the purchase's fee at that day's rate. Proceeds: units × sale price × "
        + "the NBU rate of the sale's day, less the row's share of the sale's fee. Every amount is rounded to the kopeck "
        + "on its own. Exchanging currencies is no investment operation and makes no row. The year's results are netted; "
        + "a net loss is not taxed.",
    .taxTotals: "The year's totals", .taxSales: "Sales: each purchase a sale closed",
    .taxSalesNote: "Prices in the trade's currency; NBU rates in hryvnias per unit; fees, cost, proceeds and result in "
        + "hryvnias. A trade is named by its broker's id, or by Folio's (#12) when it has none.",
    .taxNoSales: "No stock or ETF was sold this year.",
    .taxIncome: "Dividends and interest received",
    .taxNoIncome: "The portfolio received no dividends and no interest this year.",
    .taxIncomeNote: "At the NBU rate of the day received, with the tax withheld abroad beside it. Not taxed in this "
        + "report: their rate and the credit for tax paid abroad depend on the paying country's treaty (art. 170.11).",
]

let taxUkrainian: [StringKey: String] = [
    .taxReport: "Податковий рік",
    .taxPurpose: "Цей звіт готує цифри для податкової декларації про майновий стан і доходи (інвестиційний прибуток, "
        + "ст. 170.2 Податкового кодексу України) з угод і курсів НБУ, які має Folio. Це не податкова консультація: "
        + "звірте цифри з виписками брокера й законом, чинним для цього року, або з податковим консультантом.",
    .taxNotAdvice: "Цифри для декларації, не податкова консультація",
    .taxMethod: "Кожен продаж закриває купівлі за FIFO (першим куплено — першим продано). Витрати: кількість × ціна "
        + "купівлі × курс НБУ на день купівлі плюс частка комісії купівлі за курсом того ж дня. Дохід: кількість × ціна "
        + "продажу × курс НБУ на день продажу мінус частка комісії продажу. Кожну суму округлено до копійки окремо. "
        + "Обмін валют не є операцією з інвестиційними активами й рядків не дає. Результати року згортаються; "
        + "від’ємний загальний результат не оподатковується.",
    .taxTotals: "Підсумки року", .taxSales: "Продажі: кожна закрита купівля",
    .taxSalesNote: "Ціни — у валюті угоди; курс НБУ — гривень за одиницю; комісії, витрати, дохід і результат — у "
        + "гривнях. Угоду названо номером брокера, а без нього — номером у Folio (#12).",
    .taxNoSales: "Цього року не продано жодної акції чи ETF.",
    .taxIncome: "Отримані дивіденди й відсотки",
    .taxNoIncome: "Цього року портфель не отримав ні дивідендів, ні відсотків.",
    .taxIncomeNote: "За курсом НБУ на день отримання, поруч — податок, утриманий за кордоном. У цьому звіті їх не "
        + "оподатковано: ставка й зарахування податку, сплаченого за кордоном, залежать від угоди з країною виплати (ст. 170.11).",
]

extension Catalogue {
    private func say(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    /// "Податковий рік 2017: Demo UAH".
    public func taxTitle(_ year: Int, _ portfolio: String) -> String { self[.taxReport] + " \(year): " + portfolio }

    /// A totals row's label.
    public func taxItem(_ item: TaxYear.TotalItem) -> String {
        switch item {
        case .gains: say("Gains", "Прибутки")
        case .losses: say("Losses", "Збитки")
        case .netInvestmentProfit: say("Net investment profit (the year's result)", "Загальний фінансовий результат")
        case .lossFromEarlierYears: say("Losses of earlier years", "Збитки попередніх років")
        case .taxableProfit: say("Taxable investment profit", "Оподатковуваний інвестиційний прибуток")
        case .lossToLaterYears: say("Loss carried to later years", "Збиток, що переноситься на наступні роки")
        case .personalIncomeTax: say("Personal income tax", "Податок на доходи фізичних осіб")
        case .militaryLevy: say("Military levy", "Військовий збір")
        case .taxTotal: say("Tax to pay", "Усього до сплати")
        }
    }

    /// Column titles of the tax report's tables, by key.
    public func taxColumn(_ key: String) -> String {
        switch key {
        case "item": say("Item", "Показник")
        case "amount": say("UAH", "Сума, грн")
        case "rate": say("Rate", "Ставка")
        case "basis": say("Basis", "Підстава")
        case "purchase": say("Purchase", "Купівля")
        case "sale": say("Sale", "Продаж")
        case "trade": say("Trade", "Угода")
        case "nbu": say("NBU rate", "Курс НБУ")
        case "units": say("Units", "К-сть")
        case "currency": say("Cur.", "Вал.")
        case "fee": say("Fee", "Комісія")
        case "cost": say("Cost", "Витрати")
        case "proceeds": say("Proceeds", "Дохід")
        case "result": say("Result", "Результат")
        case "date": say("Date", "Дата")
        case "gross": say("Gross", "Сума")
        case "grossUAH": say("Gross, UAH", "Сума, грн")
        case "withheld": say("Withheld abroad", "Утримано за кордоном")
        case "withheldUAH": say("Withheld, UAH", "Утримано, грн")
        case "dividend": say("Dividend", "Дивіденд")
        case "interest": say("Interest", "Відсотки")
        default: key
        }
    }

    /// Which rates taxed the year, from which file, and whether losses carry forward: "Rates in force on
    /// 31 Dec 2017 (tax-rates.yaml): personal income tax 18 % (…), military levy 1.5 % (…). Losses of
    /// earlier years are carried forward (carry-losses-forward: true)."
    public func taxRatesUsed(_ tax: TaxYear, percent: (Double) -> String) -> String {
        let file = tax.rates.source.split(separator: "/").last.map(String.init) ?? tax.rates.source
        func rate(_ name: String, _ levy: TaxYear.Levy) -> String {
            guard let p = levy.period else {
                return name + " " + say("— no rate for that day in the file", "— у файлі немає ставки на цей день")
            }
            return name + " " + percent(p.percent) + " (" + p.law(english: locale == .en) + ")"
        }
        let rates =
            rate(taxItem(.personalIncomeTax).lowercasedFirst, tax.personalIncomeTax) + ", "
            + rate(taxItem(.militaryLevy).lowercasedFirst, tax.militaryLevy)
        let day = date(TaxRates.taxDay(of: tax.year))
        let carry =
            tax.rates.carryLossesForward
            ? say(
                "Net losses of earlier years reduce this year's profit",
                "Збитки попередніх років зменшують прибуток цього року"
            )
            : say("Losses of earlier years are not carried forward", "Збитки попередніх років не переносяться")
        return say(
            "Rates in force on \(day), the year's last day (\(file)): ",
            "Ставки, чинні на \(day), останній день року (\(file)): "
        )
            + rates + ". " + carry + " (carry-losses-forward: \(tax.rates.carryLossesForward))."
    }

    /// "Not included: sales of BTC (crypto) — only stocks and ETFs count as securities here."
    public func taxLeftOut(_ tax: TaxYear) -> String {
        let names = tax.leftOut.keys.sorted().map(\.rawValue).joined(separator: ", ")
        return say(
            "Not included: sales of \(names) — only stocks and ETFs count as securities here (set an asset's kind with folio asset set).",
            "Не враховано: продажі \(names) — цінними паперами тут вважаються лише акції та ETF (вид активу змінює folio asset set)."
        )
    }
}
