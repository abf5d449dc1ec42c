import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import ibkr-flex` with a Flex Query of three sections (`samples/brokers/ibkr-flex.csv`, made up
/// in the shape of real ones): Trades, Cash Transactions (dividends and their tax, a dividend reversed
/// and paid again, a payment in lieu reversed, interest, fees, deposits, a summary row) and Open
/// Positions, which Folio does not read.
@Suite struct IBKRFlexCashImportTests {
    static let fixture = TestPaths.projectRoot.appendingPathComponent("samples/brokers/ibkr-flex.csv")

    @Test func tradesAndCashTransactionsFromOneQuery() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "IB", baseCurrency: "USD")
        let summary = try t.store.importFiles([Self.fixture], kind: .ibkrFlex, options: ImportOptions(portfolio: "IB"))[
            0
        ]
        let f = Self.fixture.path
        #expect(
            summary.lines == [
                "\(f): 28 rows: 5 trades, 3 dividends, 1 interest payment, 2 deposits, 1 withdrawal, 2 account fees; inserted 14, skipped 0 as duplicates, ignored 8",
                "  created VT (US9220427424, \"VANGUARD TOT WORLD STK ETF\")",
                "  created MSFT (US5949181045, \"MICROSOFT CORP\")",
                "  created SAP (DE0007164600, \"SAP SE\")",
                "  ignored 1 row of type \"OPT\": \(f):6 (Folio imports stocks, funds, currencies and crypto, not derivatives or bonds)",
                "  ignored 1 row of type \"Commission Adjustments\": \(f):25 (a refund; Folio records fees paid)",
                "  ignored 1 row of type \"Deposits/Withdrawals (SUMMARY)\": \(f):27 (a summary; Folio imports the DETAIL rows)",
                "  ignored 3 rows of type \"ClientAccountID,CurrencyPrimary,AssetClass…\": \(f):29, \(f):30, \(f):31 (a section Folio does not read: it reads Trades and Cash Transactions)",
                "  ignored 2 rows of type \"Dividends\": \(f):18, \(f):19 (a payment and its reversal, adding up to nothing)",
            ]
        )
        let trades = try LedgerRows.trades(t.store, "IB")
        #expect(
            trades == [
                "2024-03-11 09:35:12 buy 100 VT at 108.42 USD fee 1 USD #611820641",
                "2024-03-11 09:40:03 buy 5 MSFT at 403.76 USD fee 1 USD #611820655",
                "2024-03-12 03:10:21 buy 1000 EUR at 1.0925 USD fee 2 USD #612005310",
                "2024-03-12 09:15:44 buy 5 SAP at 175.2 EUR fee 3 EUR #612094117",
                "2024-04-02 15:30:11 sell 2 MSFT at 421.5 USD fee 1.0023 USD #613555902",
            ]
        )
        let cash = try LedgerRows.cash(t.store, "IB")
        #expect(
            cash == [
                "2024-03-08 10:15:00 deposit 50000 USD #701000001",
                "2024-03-08 10:16:00 deposit 1000 EUR #701000002",
                "2024-03-14 20:20:00 dividend 3.75 USD of MSFT #701000012",
                "2024-03-21 20:20:00 dividend 4.1 EUR of SAP tax 1.08 #701000019",
                "2024-03-25 20:20:00 dividend 29.82 USD of VT tax 4.47 #701000010",
                "2024-04-03 20:20:00 interest 12.34 USD #701000021",
                "2024-04-03 20:20:00 fee 0.21 EUR #701000022",
                "2024-04-03 20:20:00 fee 10 USD #701000023",
                "2024-04-15 12:00:00 withdrawal 2000 USD #701000030",
            ]
        )
    }

    @Test func aCashSectionWithoutItsColumnsIsRefusedNamingThem() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "IB", baseCurrency: "USD")
        #expect(
            t.refusal(
                "\"ClientAccountID\",\"Type\",\"Amount\",\"SettleDate\"\n\"U1\",\"Dividends\",\"1\",\"20240301\"\n",
                as: .ibkrFlex,
                ImportOptions(portfolio: "IB")
            )
                == "in.csv:1: header: no \"CurrencyPrimary\" or \"Currency\" column, expected a header such as IB's Flex Query Trades columns Symbol, Buy/Sell, Quantity, TradePrice, CurrencyPrimary, TradeID, DateTime or Cash Transactions columns Type, Amount, CurrencyPrimary, DateTime, TransactionID"
        )
        #expect(
            t.refusal(
                "\"Type\",\"Amount\",\"CurrencyPrimary\",\"SettleDate\",\"TransactionID\"\n\"Withholding Tax\",\"-1\",\"USD\",\"20240301\",\"9\"\n",
                as: .ibkrFlex,
                ImportOptions(portfolio: "IB")
            )
                == "in.csv:2: Amount: found dividends of 0 and tax of 1 for one payment, expected a dividend above zero and a tax below it"
        )
    }
}
