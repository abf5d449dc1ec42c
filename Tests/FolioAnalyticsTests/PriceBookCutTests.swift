import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// A batch cuts each portfolio's book from one book of every quote (`restricted`, `window`); an output
/// must not depend on whether its book was cut or built from the store's rows, so a cut book is compared
/// with the book built from the same quotes, through everything the book answers.
@Suite struct PriceBookCutTests {
    /// Two markets for USD/UAH with a change of source inside one series, a stock, a crypto pair with a
    /// duplicate time (the later quote wins), and a quote that is not a price (skipped by the book).
    static let quotes: [Quote] = {
        var quotes: [Quote] = []
        for day in 1...20 {
            let time = String(format: "2024-03-%02d", day)
            quotes.append(
                Quote(
                    asset: "USD",
                    currency: "UAH",
                    market: .nbu,
                    time: t(time),
                    price: 38 + Double(day) / 10,
                    source: day <= 10 ? "nbu" : "nbu-json"
                )
            )
            if day % 2 == 0 {
                quotes.append(
                    Quote(
                        asset: "USD",
                        currency: "UAH",
                        market: .cash,
                        time: t(time + "T12:00"),
                        price: 39 + Double(day) / 10,
                        bid: 38.9,
                        ask: 39.5,
                        source: "privatbank"
                    )
                )
            }
            quotes.append(
                Quote(
                    asset: "AAPL",
                    currency: "USD",
                    market: .exchange,
                    time: t(time + "T21:00"),
                    price: 170 + Double(day),
                    source: "stooq"
                )
            )
        }
        quotes.append(
            Quote(
                asset: "BTC",
                currency: "USD",
                market: .exchange,
                time: t("2024-03-05"),
                price: 60_000,
                source: "coingecko"
            )
        )
        quotes.append(
            Quote(asset: "BTC", currency: "USD", market: .exchange, time: t("2024-03-05"), price: 61_000, source: "dsx")
        )
        quotes.append(
            Quote(asset: "BTC", currency: "USD", market: .exchange, time: t("2024-03-06"), price: -1, source: "broken")
        )
        return quotes
    }()

    /// Everything a book answers, at every quote time and between them.
    static func answers(_ book: PriceBook) -> [String] {
        var out = book.pairs.map { "\($0): \(book.markets(for: $0))" }
        for asset in ["USD", "AAPL", "BTC", "UAH"] as [AssetCode] {
            out.append("\(asset) sources \(book.sources(of: asset).sorted())")
        }
        for pair in book.pairs {
            for market in book.markets(for: pair) {
                for day in 0...22 {
                    let time = t("2024-02-29").addingTimeInterval(Double(day) * 86_400 + 43_200)
                    out.append(
                        "\(pair) \(market) \(day): \(String(describing: book.last(pair, market: market, atOrBefore: time)))"
                    )
                }
                out.append(
                    "\(pair) \(market) points: \(book.points(pair, market: market, from: t("2024-03-01"), through: t("2024-03-31")))"
                )
            }
        }
        return out
    }

    @Test func restrictedIsTheBookOfThoseAssetsQuotes() {
        let all = PriceBook(Self.quotes)
        for assets in [["USD"], ["AAPL", "BTC"], ["USD", "AAPL", "BTC"], ["EUR"]] as [[AssetCode]] {
            let expected = PriceBook(Self.quotes.filter { assets.contains($0.asset) })
            #expect(Self.answers(all.restricted(to: Set(assets))) == Self.answers(expected), "\(assets)")
        }
    }

    /// A window is the book of its quotes and of each series' last quote before it (the one that says
    /// where a series stopped).
    @Test func windowIsTheBookOfThatWindowsQuotes() {
        let all = PriceBook(Self.quotes)
        let windows = [
            ("2024-03-05", "2024-03-05T23:59"), ("2024-03-09", "2024-03-12"), ("2024-03-11", "2024-03-31"),
            ("2024-01-01", "2024-02-01"), ("2024-03-06T12:00", "2024-03-06T12:00"),
        ]
        for (from, through) in windows {
            // The book keeps the later of two quotes at one time and skips non-prices: so does "the last before".
            let prices = Self.quotes.filter { $0.price > 0 }
            let before = Dictionary(grouping: prices.filter { $0.time < t(from) }) {
                "\($0.asset)/\($0.currency)/\($0.market)"
            }
            .values.map { series in series.filter { $0.time == series.map(\.time).max()! } }.joined()
            let expected = PriceBook(Array(before) + Self.quotes.filter { $0.time >= t(from) && $0.time <= t(through) })
            #expect(
                Self.answers(all.window(from: t(from), through: t(through))) == Self.answers(expected),
                "\(from)…\(through)"
            )
        }
    }

    @Test func sourcesFollowTheQuotesInTheBook() {
        let all = PriceBook(Self.quotes)
        #expect(all.sources(of: "USD") == ["nbu", "nbu-json", "privatbank"])
        // The later of two quotes at one time wins, with its source; a non-price is not in the book.
        #expect(all.sources(of: "BTC") == ["dsx"])
        #expect(
            all.window(from: t("2024-03-01"), through: t("2024-03-10")).sources(of: "USD") == ["nbu", "privatbank"]
        )
        // The 10th's NBU and cash quotes are the series' last before the window.
        #expect(
            all.window(from: t("2024-03-11"), through: t("2024-03-11T23:00")).sources(of: "USD") == [
                "nbu", "nbu-json", "privatbank",
            ]
        )
        #expect(
            all.window(from: t("2024-03-12"), through: t("2024-03-12T23:00")).sources(of: "USD") == [
                "nbu-json", "privatbank",
            ]
        )
    }
}
