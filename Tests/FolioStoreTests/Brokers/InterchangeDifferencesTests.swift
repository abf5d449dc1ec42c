import Testing

@testable import FolioStore

/// What an export cannot hold is told by kind: one line each, how many rows, the first three by name.
@Suite struct InterchangeDifferencesTests {
    @Test func oneLineAKindWithItsCountAndTheFirstRows() {
        var d = InterchangeDifferences()
        let coin = "priced in a coin, which Ghostfolio takes only as a security: left out"
        for n in 1...5 { d.add(.trade, coin, "T\(n) on 2019-06-1\(n)") }
        d.add(
            .transfer,
            "with the broker's id, which Ghostfolio's balance history does not hold: written without it",
            "C1 on 2013-03-01"
        )
        d.add(.interestPayment, "with a fee besides tax withheld: written as their sum", "I1 on 2020-01-01")
        d.add(.interestPayment, "with a fee besides tax withheld: written as their sum", "I2 on 2020-02-01")
        #expect(
            d.lines == [
                "5 trades \(coin) (T1 on 2019-06-11, T2 on 2019-06-12, T3 on 2019-06-13, and 2 more)",
                "1 transfer with the broker's id, which Ghostfolio's balance history does not hold: written without it (C1 on 2013-03-01)",
                "2 interest payments with a fee besides tax withheld: written as their sum (I1 on 2020-01-01, I2 on 2020-02-01)",
            ]
        )
        #expect(InterchangeDifferences().lines == [])
    }
}
