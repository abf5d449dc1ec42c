import FolioCharts

/// Every label a report prints, by key. Templates in definitions name them as `{t.key}`.
public enum StringKey: String, Hashable, Sendable, CaseIterable {
    case portfolioReport, asOf, generated, generatedAt, page, of, continued
    case overview, kpiValue, kpiChange1d, kpiChange7d, kpiChange30d, kpiChangeYTD, kpiRealised, kpiUnrealised,
        kpiNetDeposits
    case kpiChange1m, kpiGain, kpiInvestmentIncome
    case allocation, allocationByAsset, allocationByKind
    case holdingsLast7Days, composition, compositionValues, compositionPercent
    case correlation, correlationOfReturns, rollingCorrelation, rollingWindow, normalisedComparison
    case holdings, trades, cashFlows, depositsWithdrawals, deposits, withdrawals, fees, net
    case diagnostics, diagnosticsIntro, listOnPage
    case asset, kind, quantity, price, rate, value, share, time, side, fee, currency, month, balance, after
    case buy, sell, exchange, total, noData, emptyPortfolio
    case kindFiat, kindCrypto, kindStock, kindETF, kindMetal, kindIndex, kindOther
    case trade, cashTransaction, averageCost, costBasis, incomeByHolding, realised, unrealised, dividendsInterest,
        accountFees, year, performance, period, twr, twrAnnualised, xirr, volatility, sharpe, sortino, maxDrawdown,
        difference, cumulativeReturn, drawdown, monthlyReturns
    case mwr, annualReturns, worstDrawdowns, drawdownStart, drawdownTrough, drawdownRecovery, drawdownDepth,
        drawdownDays, notRecovered
    case marketReport, currencyMarket, cryptoMarket, ratesByMarket, currencies7d, converter, coins, market, change,
        change24h, change7d, amount
    case totalMarketCap, volume24h, btcDominance, marketCap
    case spread, bestMarked
    case budgetReport, income, expenses, expensesByCategory, incomeByCategory, incomeVsExpenses, category, categories,
        months
    case whereReturnCameFrom, attributionSinceInception, attributionLastYear, contributionByHolding, attributionNote
    case dividendsAndInterest, incomeByMonth, incomeNote, nextPayments, incomeYields, holding, estimatedGross,
        estimatedNet, paymentsPerYear, forwardGross, forwardYield, yieldOnCost, wholePortfolio
    case taxReport, taxPurpose, taxNotAdvice, taxMethod, taxTotals, taxSales, taxSalesNote, taxNoSales, taxIncome,
        taxIncomeNote, taxNoIncome
    case againstTarget, againstTargetNote, targetLine, weight, target, driftPP, outOfBand, tradeAmount, taxEstimate,
        tradesToTarget, weightAgainstTarget
}

/// One language's labels. Catalogues are Swift dictionaries so that a missing translation is caught by
/// `CatalogueTests` (every key in every language) and costs no file reading at start-up.
public struct Catalogue: Sendable {
    public let locale: ChartLocale
    let strings: [StringKey: String]

    public static func `for`(_ locale: ChartLocale) -> Catalogue {
        switch locale {
        case .en: Catalogue(locale: .en, strings: englishStrings.merging(taxEnglish) { a, _ in a })
        case .uk: Catalogue(locale: .uk, strings: ukrainianStrings.merging(taxUkrainian) { a, _ in a })
        }
    }

    /// The label; a key missing from the catalogue shows itself rather than disappearing silently
    /// (the completeness test keeps that from shipping).
    public subscript(key: StringKey) -> String { strings[key] ?? key.rawValue }

    public var keys: Set<StringKey> { Set(strings.keys) }
}
