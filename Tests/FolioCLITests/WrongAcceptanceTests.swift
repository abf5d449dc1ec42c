import Foundation
import GRDB
import Testing

/// Issue 41's wrong acceptances, through the real `folio`: each file below was imported with exit 0 and
/// wrong numbers stored on 61637be; each is now refused naming the file, line and field, or read right.
@Suite struct WrongAcceptanceTests {
    typealias L = BrokerLayouts
    static let bounds = "expected a number from -1e15 to 1e15 (none smaller than 1e-12 but 0)"

    /// Two overlapping files in one command stored their common rows without an id twice; in two
    /// commands, once. Now one command stores what the two commands store.
    @Test(arguments: [
        (
            "trading212", L.trading212,
            [
                "Deposit,2024-01-02 09:15:04,,,,,,,,,,,,3000.00,EUR",
                "Market buy,2024-01-03 14:31:02,IE00B3XXRP09,VUSA,Vanguard S&P 500,,,10,83.42,EUR,1,,EUR,834.20,EUR",
                "Interest on cash,2024-02-01 03:00:00,,,,,,,,,,,,1.25,EUR",
                "Withdrawal,2024-03-01 10:00:00,,,,,,,,,,,,-100.00,EUR",
            ]
        ),
        (
            "revolut", L.revolut,
            [
                "2023-03-01T09:14:02.418Z,,CASH TOP-UP,,,\"$2,500.00\",USD,1.0612",
                "2023-03-01T14:30:05.102Z,AAPL,BUY - MARKET,4,$145.31,$581.24,USD,1.0612",
                "2023-05-18T08:40:00.835101Z,AAPL,DIVIDEND,,,$0.82,USD,1.0780",
                "2023-09-22T13:30:10.514Z,,CASH WITHDRAWAL,,,-$300.00,USD,1.0665",
            ]
        ),
        (
            "degiro", L.degiroAccount,
            [
                "03-06-2024,14:00,03-06-2024,,,flatex terugstorting,,EUR,\"-1000,00\",EUR,\"1544,31\",",
                "30-04-2024,23:59,30-04-2024,,,Flatex Interest,,EUR,\"0,42\",EUR,\"2544,31\",",
                "01-04-2024,08:00,31-03-2024,,,DEGIRO Aansluitingskosten 2024 (Euronext Amsterdam - EAM),,EUR,\"-2,50\",EUR,\"2543,89\",",
                "02-01-2024,09:10,01-01-2024,,,iDEAL Deposit,,EUR,\"5000,00\",EUR,\"5000,00\",",
            ]
        ),
        (
            "pp-csv", L.pp,
            [
                "2024-01-02T09:00,Deposit,\"5,000.00\",EUR,,,,,,,,,,,",
                "2024-01-03T15:31,Buy,\"-1,070.00\",EUR,,,,1.00,,10,IE00BK5BQT80,A2PKXG,VWCE.DE,Vanguard FTSE All-World,",
                "2024-02-01T10:00,Interest,1.50,EUR,,,,,,,,,,,",
                "2024-03-01T10:00,Removal,-200.00,EUR,,,,,,,,,,,",
            ]
        ),
    ])
    func overlappingFilesInOneCommandStoreWhatTwoCommandsStore(
        _ kind: String,
        _ header: String,
        _ rows: [String]
    )
        throws
    {
        let s = try ImportScratch()
        defer { s.remove() }
        let x = try s.file("x.csv", ([header] + rows[0..<3]).joined(separator: "\n") + "\n")
        let y = try s.file("y.csv", ([header] + rows[1..<4]).joined(separator: "\n") + "\n")
        #expect(try s.importing(kind, [x, y], portfolio: "One").status == 0)
        #expect(try s.importing(kind, [x], portfolio: "Two").status == 0)
        #expect(try s.importing(kind, [y], portfolio: "Two").status == 0)
        let two = try s.ledger("Two")
        #expect(two.count >= 4)
        #expect(try s.ledger("One") == two)
    }

    /// Revolut's `DIVIDEND -5`, `CASH TOP-UP -5` and `BUY -5` were stored as +5.
    @Test(arguments: [
        ("2023-05-18T08:40:00Z,AAPL,DIVIDEND,,,-$5.00,USD,1.07", "DIVIDEND"),
        ("2023-03-01T09:14:02Z,,CASH TOP-UP,,,-$5.00,USD,1.06", "CASH TOP-UP"),
        ("2023-03-01T14:30:05Z,AAPL,BUY - MARKET,4,$1.25,-$5.00,USD,1.06", "BUY - MARKET"),
    ])
    func aRevolutRowWithTheOtherSignIsRefused(_ row: String, _ type: String) throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file("r.csv", L.revolut + "\n" + row + "\n")
        #expect(
            try s.importing("revolut", [f], base: "USD").isRefusal(
                "\(f):2: Total Amount: found \"-$5.00\", expected an amount above zero for \(type)"
            )
        )
    }

    /// Freedom24's dividend `amount -5` and commission `"-5"` were stored as +5.
    @Test func aFreedom24AmountOrCommissionBelowZeroIsRefused() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let dividend = try s.file(
            "d.json",
            L.freedom24(corporateActions: [
                """
                {"date": "2024-05-16", "type_id": "dividend", "corporate_action_id": "ca1", "amount": -5,
                 "ticker": "AAPL.US", "isin": "US0378331005", "currency": "USD", "tax_amount": "-"}
                """
            ])
        )
        #expect(
            try s.importing("freedom24", [dividend]).isRefusal(
                "\(dividend): corporate_actions.detailed[0].amount: found -5, expected a dividend paid, above zero (a reversal is a dividend_reverted)"
            )
        )
        let commission = try s.file(
            "c.json",
            L.freedom24(trades: [L.freedom24Trade(700_111_300, "AAPL.US", commission: "\"-5\"")])
        )
        #expect(
            try s.importing("freedom24", [commission]).isRefusal(
                "\(commission): trades.detailed[0].commission: found -5, expected a commission paid, zero or above"
            )
        )
    }

    /// A `Price / share` of 0 or 1e-400 on a buy made the shares free, and what the account paid vanished.
    @Test(arguments: [
        ("0", "Price / share: found \"0\", expected a number above zero"),
        ("1e-400", "Price / share: found \"1e-400\", \(bounds)"),
        (
            "0.0000001",
            "Price / share: found \"0.0000001\", expected the price of one share: 5 shares at it are worth less than a cent, for 844.82 EUR"
        ),
    ])
    func aTrading212PriceThatMakesSharesFreeIsRefused(_ price: String, _ message: String) throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file(
            "t.csv",
            L.trading212
                + "\nMarket buy,2024-01-03 14:31:02,US0378331005,AAPL,Apple,,b1,5,\(price),USD,1.09,,EUR,844.82,EUR\n"
        )
        #expect(try s.importing("trading212", [f]).isRefusal("\(f):2: \(message)"))
    }

    /// A currency bought in itself (`Ticker USD` priced in USD) was stored as a trade of USD in USD.
    @Test func aCurrencyBoughtInItselfIsRefusedByEveryFormat() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let selfTrade = "asset: found USD priced in USD, expected an asset other than the currency it is bought in"
        let revolut = try s.file(
            "r.csv",
            L.revolut + "\n2023-03-01T14:30:05Z,USD,BUY - MARKET,4,$1.00,$4.00,USD,1.06\n"
        )
        #expect(try s.importing("revolut", [revolut], base: "USD").isRefusal("\(revolut):2: \(selfTrade)"))
        let ibkr = try s.file(
            "i.csv",
            L.ibkrTrades
                + "\n\"U1\",\"USD\",\"STK\",\"USD\",\"US DOLLAR\",\"\",\"611820641\",\"20240311;093512\",\"BUY\",\"100\",\"1\",\"-1\",\"USD\",\"EXECUTION\"\n"
        )
        #expect(try s.importing("ibkr-flex", [ibkr], base: "USD").isRefusal("\(ibkr):2: \(selfTrade)"))
        let freedom = try s.file("f.json", L.freedom24(trades: [L.freedom24Trade(7001, "USD.US", price: "1")]))
        #expect(
            try s.importing("freedom24", [freedom]).isRefusal("\(freedom): trades.detailed[0].\(selfTrade)")
        )
        let ghostfolio = try s.file(
            "g.json",
            L.ghostfolio([L.ghostfolioActivity("BUY", "USD", quantity: 100, price: 1, currency: "USD")])
        )
        #expect(
            try s.importing("ghostfolio", [ghostfolio], base: "USD").isRefusal(
                "\(ghostfolio): activities[0].\(selfTrade)"
            )
        )
        let pp = try s.file("p.csv", L.pp + "\n2024-01-03T15:31,Buy,-100.00,USD,,,,,,100,,,USD,US Dollar,\n")
        #expect(try s.importing("pp-csv", [pp], base: "USD").isRefusal("\(pp):2: \(selfTrade)"))
        #expect(try s.column("SELECT count(*) FROM trade") == ["0"])
    }

    /// A Degiro file cut mid-row imported the half row without its order id (the whole file later added it
    /// again); a cut Account.csv imported its newer half and said nothing.
    @Test func aDegiroFileCutMidRowIsRefused() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let transactions = try s.file(
            "Transactions.csv",
            L.degiroTransactions + "\n"
                + "12-01-2024,09:14,AHOLD DELHAIZE,NL0011794037,EAM,XAMS,34,\"26,8800\",EUR,\"-913,92\",EUR,\"-913,92\",,\"0,00\",\"-3,00\",\"-916,92\",35d4345a-467c-42bd-848c-f6087737dd36\n"
                + "05-01-2024,15:45,APPLE INC,US0378331005,NDQ,XNAS,5,\"181,1800\",USD,\"-905,90\",USD"
        )
        #expect(
            try s.importing("degiro", [transactions]).isRefusal(
                "\(transactions):3: found 11 fields, expected 18 as in the header"
            )
        )
        let account = try s.file(
            "Account.csv",
            L.degiroAccount + "\n"
                + "30-04-2024,23:59,30-04-2024,,,Flatex Interest,,EUR,\"0,42\",EUR,\"2022,20\",\n"
                + "05-01-2024,15:45,05-01-2024,APPLE INC,US0378331005,Valuta Credi"
        )
        #expect(
            try s.importing("degiro", [account]).isRefusal("\(account):3: found 6 fields, expected 12 as in the header")
        )
        #expect(try s.column("SELECT count(*) FROM portfolio") == ["0"])
    }

    /// A Revolut statement whose only line ends are CR was read as nothing: exit 0, an empty portfolio.
    @Test func aFileWithCROnlyLineEndsIsReadAsLines() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file(
            "r.csv",
            [
                L.revolut, "2023-03-01T09:14:02.418Z,,CASH TOP-UP,,,\"$2,500.00\",USD,1.0612",
                "2023-03-01T14:30:05.102Z,AAPL,BUY - MARKET,4,$145.31,$581.24,USD,1.0612",
            ].joined(separator: "\r") + "\r"
        )
        let result = try s.importing("revolut", [f], base: "USD")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(f): 2 rows: 1 trade, 1 deposit; inserted 2"))
        #expect(try s.ledger("P").count == 2)
    }

    /// IB's rows repeated in a file were summed (a dividend of 7.50 for 3.75); a withholding row in XYZ,
    /// or in EUR, under a USD dividend kept USD; a Cash Transactions header with `Typ` ignored its section.
    @Test func ibkrCashRowsAreOneRowPerTransactionIDAndOneCurrencyPerPayment() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        func row(_ currency: String, _ amount: String, _ type: String, _ id: String) -> String {
            "\"U1\",\"\(currency)\",\"STK\",\"MSFT\",\"MICROSOFT\",\"US5949181045\",\"20240314;202000\",\"20240314\",\"\(amount)\",\"\(type)\",\"\(id)\",\"88\",\"DETAIL\""
        }
        let dividend = row("USD", "3.75", "Dividends", "7001")
        let repeated = try s.file("rep.csv", [L.ibkrCash, dividend, dividend].joined(separator: "\n") + "\n")
        let imported = try s.importing("ibkr-flex", [repeated], base: "USD")
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("\(repeated): 2 rows: 1 dividend; inserted 1, skipped 1 as duplicates"))
        #expect(try s.column("SELECT amount FROM cash_transaction") == ["3.75"])
        for currency in ["XYZ", "EUR"] {
            let tax = try s.file(
                "tax.csv",
                [
                    L.ibkrCash, row("USD", "3.75", "Dividends", "7101"),
                    row(currency, "-0.56", "Withholding Tax", "7102"),
                ]
                .joined(separator: "\n") + "\n"
            )
            let refused = try s.importing("ibkr-flex", [tax], portfolio: "T\(currency)", base: "USD")
            #expect(
                refused.isRefusal(
                    currency == "XYZ"
                        ? "\(tax):3: CurrencyPrimary: found \"XYZ\", expected an ISO 4217 currency code such as EUR or USD (GBX or GBp for pence)"
                        : "\(tax):3: CurrencyPrimary: found EUR, expected USD as the dividend of line 2 it belongs to"
                )
            )
        }
        let typ = try s.file(
            "typ.csv",
            L.ibkrCash.replacingOccurrences(of: "\"Type\"", with: "\"Typ\"") + "\n" + dividend + "\n"
        )
        #expect(
            try s.importing("ibkr-flex", [typ], portfolio: "Typ", base: "USD").isRefusal(
                containing: "\(typ):1: header: no \"Type\" column"
            )
        )
    }

    /// `1e200` was stored, and exported as `NaN` (invalid JSON); unknown currency codes became assets;
    /// `GBp` was read as pounds (100×) by Ghostfolio's import while Trading 212's divided `GBX`.
    @Test func numbersBeyondBoundsAndCodesThatAreNoCurrencyAreRefusedAndPenceArePounds() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let deposit = try s.file("d.csv", "time,type,currency,amount\n2024-01-02T00:00:00Z,deposit,USD,1e200\n")
        #expect(try s.folio(["portfolio", "add", "D", "--base", "USD"]).status == 0)
        #expect(
            try s.folio(["import", "transactions", "--portfolio", "D", deposit]).isRefusal(
                "\(deposit):2: amount: found \"1e200\", \(Self.bounds)"
            )
        )
        let euro = try s.file("e.csv", L.trading212 + "\nDeposit,2024-01-02 09:15:04,,,,,d1,,,,,,,3000.00,EURO\n")
        #expect(
            try s.importing("trading212", [euro]).isRefusal(
                "\(euro):2: Currency (Total): found \"EURO\", expected an ISO 4217 currency code such as EUR or USD (GBX or GBp for pence)"
            )
        )
        let xyz = try s.file("x.csv", L.revolut + "\n2023-03-01T09:14:02Z,,CASH TOP-UP,,,100.00,XYZ,1\n")
        #expect(
            try s.importing("revolut", [xyz], base: "USD").isRefusal(containing: "\(xyz):2: Currency: found \"XYZ\"")
        )
        #expect(try s.column("SELECT count(*) FROM asset WHERE code IN ('XYZ', 'EURO')") == ["0"])
        let pence = try s.file(
            "g.json",
            L.ghostfolio(
                [L.ghostfolioActivity("BUY", "VOD.L", quantity: 10, price: 7000, currency: "GBp")],
                profiles: []
            )
        )
        #expect(try s.importing("ghostfolio", [pence], portfolio: "G", base: "GBP").status == 0)
        #expect(
            try s.column(
                "SELECT t.price || ' ' || c.code FROM trade t JOIN asset c ON c.id = t.price_currency_id"
            ) == ["70.0 GBP"]
        )
    }

    /// A `For trade: 999` commission of no trade in the report was dropped with the trade it named.
    @Test func aFreedom24CommissionOfNoTradeIsRefused() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file(
            "f.json",
            L.freedom24(
                trades: [L.freedom24Trade(700_111_300, "AAPL.US")],
                commissions: [
                    "{\"datetime\": \"2024-02-05 15:31:07\", \"currency\": \"EUR\", \"sum\": \"2.08\", \"type\": \"For trade: 999\"}"
                ]
            )
        )
        #expect(
            try s.importing("freedom24", [f]).isRefusal(
                "\(f): commissions.detailed[0].type: found \"For trade: 999\", expected a trade of this report (trades.detailed has no trade_id 999); a commission is not dropped with its trade"
            )
        )
    }

    /// The bound on what a trade is worth is on its size only: a dust trade (10⁻⁸ SHIB at 10⁻⁵ dollars,
    /// worth 10⁻¹³) is below the smallest number a file may write, and is still a trade.
    @Test func aDustTradeIsStored() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let file = try Paths.write(
            "time,side,asset,quantity,price,price_currency,fee,fee_currency\n"
                + "2024-01-02T10:00:00Z,buy,SHIB,0.00000001,0.00001,USD,0,USD\n",
            "dust.csv",
            in: s.directory
        )
        #expect(try s.folio(["portfolio", "add", "P", "--base", "USD"]).status == 0)
        let result = try s.folio(["import", "trades", "--portfolio", "P", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("inserted 1,"), "\(result.stdout)")
    }
}
