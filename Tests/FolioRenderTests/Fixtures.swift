import FolioCharts
import FolioRender
import Foundation

/// Deterministic data for tests: a seeded generator, so every run and machine draws the same picture.
struct SeededRandom {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}

enum Fixtures {
    /// 2024-12-25T00:00Z, the start of the bench's hourly window.
    static let start = 1_735_084_800.0

    /// 168 hourly prices: a random walk around `base`.
    static func hourly(
        seed: UInt64 = 7,
        base: Double = 35,
        count: Int = 168,
        volatility: Double = 0.006
    ) -> (times: [Double], values: [Double]) {
        var rng = SeededRandom(state: seed)
        var v = base
        var values: [Double] = []
        for _ in 0..<count {
            values.append(base >= 1 ? (v * 10_000).rounded() / 10_000 : v)
            v *= 1 + (rng.next() - 0.5) * 2 * volatility
        }
        return ((0..<count).map { start + Double($0) * 3600 }, values)
    }

    static func frame(
        _ theme: Theme = .light,
        _ locale: ChartLocale = .en,
        width: Double = 640,
        height: Double = 360,
        title: String = "ALFA · 7 days",
        subtitle: String = "Hourly close, USD"
    ) -> ChartFrame {
        ChartFrame(
            width: width,
            height: height,
            theme: theme,
            locale: locale,
            title: title,
            subtitle: subtitle,
            footnote: (locale == .uk ? "Джерело: Folio · станом на 31.12.2024" : "Source: Folio · as of 31 Dec 2024")
        )
    }

    static func lineChart(
        _ theme: Theme = .light,
        _ locale: ChartLocale = .en,
        width: Double = 640,
        height: Double = 360
    ) -> LineChart {
        let data = hourly()
        return LineChart(
            frame: frame(theme, locale, width: width, height: height),
            series: [LineSeries(name: "ALFA", times: data.times, values: data.values)]
        )
    }
}
