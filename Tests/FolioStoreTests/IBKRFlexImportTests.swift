import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// Interactive Brokers Flex Query trades saved as CSV (`folio import ibkr-flex`).
@Suite struct IBKRFlexImportTests {
    /// Hand-written in the shape of a Flex Query "Trades" section saved as CSV (every field quoted, IB's
    /// default `yyyyMMdd;HHmmss` times, commissions negative, a sale's quantity negative): two US
    /// stocks, a German one in EUR, a forex conversion and an option, which Folio does not import.
    static let flex = """
        "ClientAccountID","CurrencyPrimary","AssetClass","Symbol","Description","TradeID","DateTime","TradeDate","Buy/Sell","Quantity","TradePrice","IBCommission","IBCommissionCurrency","LevelOfDetail"
        "U1234567","USD","STK","AAPL","APPLE INC","411820641","20240311;093512","20240311","BUY","10","172.94","-1","USD","EXECUTION"
        "U1234567","USD","STK","MSFT","MICROSOFT CORP","411820655","20240311;094003","20240311","BUY","5","403.76","-1","USD","EXECUTION"
        "U1234567","EUR","STK","SAP","SAP SE","412094117","20240312;091544","20240312","BUY","8","172.1","-3","EUR","EXECUTION"
        "U1234567","USD","CASH","EUR.USD","EUR.USD","412005310","20240312;031021","20240312","BUY","1500","1.09245","-2","USD","EXECUTION"
        "U1234567","USD","OPT","AAPL  240419C00180000","AAPL 19APR24 180 C","412311872","20240313;101502","20240313","BUY","1","3.2","-0.65","USD","EXECUTION"
        "U1234567","USD","STK","AAPL","APPLE INC","413555902","20240402;153011","20240402","SELL","-4","169.2","-1.0023","USD","EXECUTION"

        """

    static func portfolioStore() throws -> TemporaryStore {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "IB", baseCurrency: "USD")
        return t
    }

    @Test func flexTradesAreStoredWithTheirTradeIDs() throws {
        let t = try Self.portfolioStore()
        let file = try TestPaths.write(Self.flex, "flex.csv", in: t.directory)
        let summary = try t.store.importFiles([file], kind: .ibkrFlex, options: ImportOptions(portfolio: "IB"))[0]
        #expect(
            summary.lines == [
                "\(file.path): 6 rows: 5 trades; inserted 5, skipped 0 as duplicates, ignored 1",
                "  created AAPL (\"APPLE INC\")",
                "  created MSFT (\"MICROSOFT CORP\")",
                "  created SAP (\"SAP SE\")",
                "  ignored 1 row of type \"OPT\": \(file.path):6 (Folio imports stocks, funds, currencies and crypto, not derivatives or bonds)",
            ]
        )
        let trades = try t.store.trades(portfolio: try t.store.portfolio(named: "IB"))
        #expect(trades.map(\.externalID) == ["411820641", "411820655", "412005310", "412094117", "413555902"])
        let sale = try #require(trades.last)
        #expect(
            (sale.side, sale.asset, sale.quantity, sale.price, sale.priceCurrency) == (.sell, "AAPL", 4, 169.2, "USD")
        )
        #expect((sale.fee, sale.feeCurrency) == (1.0023, "USD"))
        #expect(ISOTime.format(sale.time) == "2024-04-02T15:30:11Z")
        let forex = try #require(trades.first { $0.externalID == "412005310" })
        #expect((forex.asset, forex.quantity, forex.price, forex.priceCurrency) == ("EUR", 1500, 1.09245, "USD"))
        #expect(trades.first { $0.asset == "SAP" }?.feeCurrency == "EUR")

        let again = try t.store.importFiles([file], kind: .ibkrFlex, options: ImportOptions(portfolio: "IB"))[0]
        #expect((again.inserted, again.duplicates, again.ignored) == (0, 5, 1))
    }

    @Test func separateDatesAndTimesAndRepeatedHeadersAndSummaries() throws {
        let t = try Self.portfolioStore()
        let file = try TestPaths.write(
            """
            Symbol,Buy/Sell,Quantity,TradePrice,CurrencyPrimary,TradeID,TradeDate,TradeTime,LevelOfDetail
            KO,BUY,20,60.1,USD,5001,2024-05-02,10:15:00,EXECUTION
            KO,BUY,20,60.1,USD,,2024-05-02,,ORDER
            Symbol,Buy/Sell,Quantity,TradePrice,CurrencyPrimary,TradeID,TradeDate,TradeTime,LevelOfDetail
            KO,SELL,-5,61,USD,5002,2024-05-03,,EXECUTION

            """,
            "flex.csv",
            in: t.directory
        )
        let summary = try t.store.importFiles([file], kind: .ibkrFlex, options: ImportOptions(portfolio: "IB"))[0]
        #expect(
            summary.lines == [
                "\(file.path): 3 rows: 2 trades; inserted 2, skipped 0 as duplicates, ignored 1",
                "  created KO",
                "  ignored 1 row of type \"ORDER\": \(file.path):3 (a summary; Folio imports the EXECUTION rows)",
            ]
        )
        let trades = try t.store.trades(portfolio: try t.store.portfolio(named: "IB"))
        #expect(trades.map { ISOTime.format($0.time) } == ["2024-05-02T10:15:00Z", "2024-05-03T00:00:00Z"])
        #expect(trades.map(\.fee) == [0, 0])
    }

    @Test(arguments: [
        ("TradeID", ":1: header: no \"TradeID\" column"),
        ("TradePrice", ":1: header: no \"TradePrice\" or \"Price\" column"),
        ("Buy/Sell", ":1: header: no \"Buy/Sell\" column"),
    ])
    func aFileWithoutANeededColumnIsRefusedNamingIt(_ column: String, _ expected: String) throws {
        let t = try Self.portfolioStore()
        let file = try TestPaths.write(
            Self.flex.replacingOccurrences(of: "\"\(column)\"", with: "\"Notes\""),
            "flex.csv",
            in: t.directory
        )
        #expect {
            _ = try t.store.importFiles([file], kind: .ibkrFlex, options: ImportOptions(portfolio: "IB"))
        } throws: { error in
            "\(error)".hasPrefix(file.path + expected) && !"\(error)".contains("\n")
        }
        #expect(try t.count("trade") == 0)
    }

    @Test(arguments: [
        (#""SELL","-4""#, #""SELL","4""#, ":7: Quantity: found 4, expected a negative number for a SELL"),
        (#""SELL","-4""#, #""SELL (Ca.)","-4""#, ":7: Buy/Sell: found \"SELL (Ca.)\", a cancellation"),
        ("20240402;153011", "20240402T153011", ":7: DateTime: found \"20240402T153011\", expected IB's date and time"),
        (
            #""STK","AAPL""#, #""CASH","EUR.GBP""#,
            ":7: Symbol: found \"EUR.GBP\", expected a currency pair such as EUR.USD"
        ),
    ])
    func badRowsWriteNothing(_ original: String, _ replacement: String, _ expected: String) throws {
        let t = try Self.portfolioStore()
        var lines = Self.flex.split(separator: "\n").map(String.init)
        lines[6] = lines[6].replacingOccurrences(of: original, with: replacement)
        let file = try TestPaths.write(lines.joined(separator: "\n"), "flex.csv", in: t.directory)
        #expect {
            _ = try t.store.importFiles([file], kind: .ibkrFlex, options: ImportOptions(portfolio: "IB"))
        } throws: { error in
            "\(error)".hasPrefix(file.path + expected)
        }
        #expect(try t.count("trade") == 0)
    }
}
