import Foundation

/// A new user's own broker files, written by hand in the brokers' real layouts (not the samples'): a
/// Degiro account in euros — Transactions.csv in the layout before 2024 and Account.csv in English, both
/// with a byte-order mark, CRLF line ends and decimal commas, newest row first — and a Trading 212
/// history in euros. The account is consistent: no balance goes below zero, whatever order the rows
/// of one minute come in. Dates are in 2017, where the demo database has quotes of every stock held.
///
/// Degiro: 2,000 EUR deposited; 10 JNJ bought at 123.63 USD (AutoFX: 1,173.74 EUR for 1,236.30 USD)
/// and 5 AAPL at 143.70 (672.06 EUR for 718.50 USD), 0.54 EUR fee each; a JNJ dividend of 8.40 USD
/// less 1.26 tax, changed the next day for 6.35 EUR; 2 AAPL sold at 171.05 (342.10 USD for 288.72
/// EUR, fee 0.51); a money market fund bought and sold back (1.50 EUR); the 2018 connection fee 2.50.
/// Trading 212: 1,500 EUR deposited; 6 MSFT, 2 AAPL, 10 KO bought in USD; KO and MSFT dividends
/// (2.75 and 1.67 EUR received, 0.56 and 0.35 USD withheld); 1 AAPL sold.
enum OwnBrokerFiles {
    static let degiroTransactionsHeader =
        "Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID"

    static let degiroTransactionsRows = [
        "01-12-2017,16:05,APPLE INC,US0378331005,NDQ,XNAS,-2,\"171,0500\",USD,\"342,10\",USD,\"288,72\",EUR,\"1,1849\",\"-0,51\",EUR,\"288,21\",EUR,b7e0c2d4-51a3-4f7e-9c21-3f0d6a8e1c03",
        "03-04-2017,15:42,APPLE INC,US0378331005,NDQ,XNAS,5,\"143,7000\",USD,\"-718,50\",USD,\"-672,06\",EUR,\"1,0691\",\"-0,54\",EUR,\"-672,60\",EUR,5c1f9e2a-0d4b-4b8e-a7f3-2e6c9d1b0a02",
        "02-03-2017,15:31,JOHNSON & JOHNSON,US4781601046,NSY,XNYS,10,\"123,6300\",USD,\"-1236,30\",USD,\"-1173,74\",EUR,\"1,0533\",\"-0,54\",EUR,\"-1174,28\",EUR,e3a8b6c1-7f2d-4c9a-b5e0-1d4f8a2c6b01",
    ]

    static let degiroAccountHeader = "Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id"

    static let degiroAccountRows = [
        "02-01-2018,10:00,31-12-2017,,,DEGIRO Exchange Connection Fee 2018 (New York Stock Exchange - NYSE),,EUR,\"-2,50\",EUR,\"445,18\",",
        "01-12-2017,16:05,01-12-2017,APPLE INC,US0378331005,DEGIRO Transaction Fee,,EUR,\"-0,51\",EUR,\"447,68\",b7e0c2d4-51a3-4f7e-9c21-3f0d6a8e1c03",
        "01-12-2017,16:05,01-12-2017,APPLE INC,US0378331005,FX Credit,\"1,1849\",EUR,\"288,72\",EUR,\"448,19\",b7e0c2d4-51a3-4f7e-9c21-3f0d6a8e1c03",
        "01-12-2017,16:05,01-12-2017,APPLE INC,US0378331005,FX Debit,,USD,\"-342,10\",USD,\"0,00\",b7e0c2d4-51a3-4f7e-9c21-3f0d6a8e1c03",
        "01-12-2017,16:05,01-12-2017,APPLE INC,US0378331005,\"Sell 2 Apple Inc@171,05 USD (US0378331005)\",,USD,\"342,10\",USD,\"342,10\",b7e0c2d4-51a3-4f7e-9c21-3f0d6a8e1c03",
        "14-06-2017,06:50,13-06-2017,,,FX Credit,\"1,1244\",EUR,\"6,35\",EUR,\"159,47\",",
        "14-06-2017,06:50,13-06-2017,,,FX Debit,,USD,\"-7,14\",USD,\"0,00\",",
        "13-06-2017,07:40,12-06-2017,JOHNSON & JOHNSON,US4781601046,Dividend Tax,,USD,\"-1,26\",USD,\"7,14\",",
        "13-06-2017,07:40,12-06-2017,JOHNSON & JOHNSON,US4781601046,Dividend,,USD,\"8,40\",USD,\"8,40\",",
        "15-05-2017,09:00,15-05-2017,MORGAN STANLEY EUR LIQUIDITY FUND,LU1959429272,\"Money Market fund conversion: Sell 0,1511 at 9,9253 EUR\",,EUR,\"1,50\",EUR,\"153,12\",",
        "12-04-2017,09:00,12-04-2017,MORGAN STANLEY EUR LIQUIDITY FUND,LU1959429272,\"Money Market fund conversion: Buy 0,1511 at 9,9253 EUR\",,EUR,\"-1,50\",EUR,\"151,62\",",
        "03-04-2017,15:42,03-04-2017,APPLE INC,US0378331005,DEGIRO Transaction Fee,,EUR,\"-0,54\",EUR,\"153,12\",5c1f9e2a-0d4b-4b8e-a7f3-2e6c9d1b0a02",
        "03-04-2017,15:42,03-04-2017,APPLE INC,US0378331005,FX Debit,,EUR,\"-672,06\",EUR,\"153,66\",5c1f9e2a-0d4b-4b8e-a7f3-2e6c9d1b0a02",
        "03-04-2017,15:42,03-04-2017,APPLE INC,US0378331005,FX Credit,\"1,0691\",USD,\"718,50\",USD,\"0,00\",5c1f9e2a-0d4b-4b8e-a7f3-2e6c9d1b0a02",
        "03-04-2017,15:42,03-04-2017,APPLE INC,US0378331005,\"Buy 5 Apple Inc@143,7 USD (US0378331005)\",,USD,\"-718,50\",USD,\"-718,50\",5c1f9e2a-0d4b-4b8e-a7f3-2e6c9d1b0a02",
        "02-03-2017,15:31,02-03-2017,JOHNSON & JOHNSON,US4781601046,DEGIRO Transaction Fee,,EUR,\"-0,54\",EUR,\"825,72\",e3a8b6c1-7f2d-4c9a-b5e0-1d4f8a2c6b01",
        "02-03-2017,15:31,02-03-2017,JOHNSON & JOHNSON,US4781601046,FX Debit,,EUR,\"-1173,74\",EUR,\"826,26\",e3a8b6c1-7f2d-4c9a-b5e0-1d4f8a2c6b01",
        "02-03-2017,15:31,02-03-2017,JOHNSON & JOHNSON,US4781601046,FX Credit,\"1,0533\",USD,\"1236,30\",USD,\"0,00\",e3a8b6c1-7f2d-4c9a-b5e0-1d4f8a2c6b01",
        "02-03-2017,15:31,02-03-2017,JOHNSON & JOHNSON,US4781601046,\"Buy 10 Johnson & Johnson@123,63 USD (US4781601046)\",,USD,\"-1236,30\",USD,\"-1236,30\",e3a8b6c1-7f2d-4c9a-b5e0-1d4f8a2c6b01",
        "01-03-2017,10:12,01-03-2017,,,iDEAL Deposit,,EUR,\"2000,00\",EUR,\"2000,00\",",
    ]

    static let trading212Header =
        "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID,Currency conversion fee,Currency (Currency conversion fee)"

    static let trading212Rows = [
        "Deposit,2017-05-02 09:15:04,,,,,,,,,,1500.00,\"EUR\",,,\"Bank Transfer\",7f3a1c52-9d0e-4e6b-8a41-c2f5d7e9b001,,",
        "Market buy,2017-05-03 15:30:12,US5949181045,MSFT,\"Microsoft\",6.0000000000,69.08,USD,1.09300,,\"EUR\",379.78,\"EUR\",,,,EOF1030001,0.57,\"EUR\"",
        "Market buy,2017-05-03 15:31:40,US0378331005,AAPL,\"Apple\",2.0000000000,147.06,USD,1.09300,,\"EUR\",269.49,\"EUR\",,,,EOF1030002,0.40,\"EUR\"",
        "Market buy,2017-05-03 15:33:05,US1912161007,KO,\"Coca-Cola\",10.0000000000,43.32,USD,1.09300,,\"EUR\",396.99,\"EUR\",,,,EOF1030003,0.65,\"EUR\"",
        "Dividend (Ordinary),2017-07-03 11:02:44,US1912161007,KO,\"Coca-Cola\",10.0000000000,0.37,USD,1.14120,,,2.75,\"EUR\",0.56,USD,,,,",
        "Dividend (Ordinary),2017-09-14 10:40:02,US5949181045,MSFT,\"Microsoft\",6.0000000000,0.39,USD,1.19000,,,1.67,\"EUR\",0.35,USD,,,,",
        "Market sell,2017-12-01 16:10:31,US0378331005,AAPL,\"Apple\",1.0000000000,171.05,USD,1.18490,9.58,\"EUR\",144.14,\"EUR\",,,,EOF1201004,0.22,\"EUR\"",
    ]

    /// A Degiro file as Degiro writes it: a byte-order mark, CRLF, newest row first.
    static func degiro(_ header: String, _ rows: [String]) -> String {
        "\u{FEFF}" + ([header] + rows).map { $0 + "\r\n" }.joined()
    }

    static func trading212(_ rows: [String]) -> String {
        ([trading212Header] + rows).map { $0 + "\n" }.joined()
    }

    /// The three files written into `scratch`: Transactions.csv, Account.csv and the Trading 212 history.
    static func write(in scratch: ImportScratch) throws -> (transactions: String, account: String, t212: String) {
        (
            try scratch.file("Transactions.csv", degiro(degiroTransactionsHeader, degiroTransactionsRows)),
            try scratch.file("Account.csv", degiro(degiroAccountHeader, degiroAccountRows)),
            try scratch.file("from_2017-01-01_to_2017-12-31.csv", trading212(trading212Rows))
        )
    }
}
