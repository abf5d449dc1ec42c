import FolioCharts
import Foundation

/// One sample chart of every kind, in a given theme and locale, at baseline size: what the baselines
/// show and what the overlap tests check with the real fonts. A new `ChartKind` does not compile until
/// it has its sample here (the switch in `chart`), and fails `BaselineTests` until it has its baselines.
enum Gallery {
    static let width = 640.0
    static let height = 360.0

    static func frame(_ theme: Theme, _ locale: ChartLocale, title: String, subtitle: String = "") -> ChartFrame {
        Fixtures.frame(theme, locale, width: width, height: height, title: title, subtitle: subtitle)
    }

    /// Every kind, named as the command line names it.
    static func charts(_ theme: Theme, _ locale: ChartLocale) -> [(name: String, spec: any Chart)] {
        ChartKind.allCases.map { ($0.rawValue, chart($0, theme, locale)) }
    }

    static func chart(_ kind: ChartKind, _ theme: Theme, _ locale: ChartLocale) -> any Chart {
        let uk = locale == .uk
        let f = { (en: String, ukrainian: String) in frame(theme, locale, title: uk ? ukrainian : en) }
        switch kind {
        case .line:
            let data = Fixtures.hourly()
            return LineChart(
                frame: frame(
                    theme,
                    locale,
                    title: uk ? "ALFA · 7 днів" : "ALFA · 7 days",
                    subtitle: uk ? "Погодинна ціна, USD" : "Hourly close, USD"
                ),
                series: [LineSeries(name: "ALFA", times: data.times, values: data.values)]
            )
        case .compare: return CompareChart(frame: f("Growth of 100", "Порівняння, 100 = початок"), series: fourAssets)
        case .smallMultiples:
            return SmallMultiplesChart(frame: f("7 days, hourly", "7 днів, погодинно"), series: fourAssets)
        case .pie: return PieChart(frame: f("Allocation", "Розподіл портфеля"), slices: holdings)
        case .donut:
            return PieChart(
                frame: f("Allocation", "Розподіл портфеля"),
                slices: holdings,
                donut: true,
                totalFormat: NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .usd)
            )
        case .bars:
            return BarChart(
                frame: f("Composition by month", "Склад портфеля за місяцями"),
                groups: months(locale),
                series: [
                    BarSeries(name: "ALFA", values: [30_015, 30_255, 31_800, 29_900, 33_100, 34_000]),
                    BarSeries(name: "FXTR", values: [35_031, 33_204, 36_500, 37_900, 36_100, 38_800]),
                    BarSeries(name: "KILO", values: [39_973, 42_371, 41_000, 40_200, -5_000, 44_900]),
                ],
                valueFormat: NumberFormat(locale: locale, style: .compact(decimals: 0), currency: .usd)
            )
        case .hbars:
            return HBarChart(
                frame: f("Deposits and withdrawals", "Поповнення та виведення"),
                categories: months(locale),
                series: [
                    BarSeries(name: uk ? "Поповнення" : "Deposits", values: [12_000, 8_000, 0, 15_500, 4_000, 9_000]),
                    BarSeries(name: uk ? "Виведення" : "Withdrawals", values: [-2_000, 0, -7_500, -1_200, -3_000, 0]),
                ],
                valueFormat: NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .uah)
            )
        case .correlation:
            let matrix: [[Double]] = [
                [1, 0.82, -0.25, 0.1, .nan, 0.55], [0.82, 1, -0.4, 0.05, 0.3, 0.61], [-0.25, -0.4, 1, -0.93, 0.12, 0],
                [0.1, 0.05, -0.93, 1, 0.7, -0.05], [.nan, 0.3, 0.12, 0.7, 1, 0.45], [0.55, 0.61, 0, -0.05, 0.45, 1],
            ]
            return CorrelationChart(
                frame: f("Correlation of daily returns", "Кореляція денних дохідностей"),
                labels: ["ALFA", "BRVO", "CHRL", "DLTA", "ECHO", "FXTR"],
                matrix: matrix
            )
        case .table: return positions(f("Positions", "Позиції"), locale)
        case .heatmap:
            return HeatmapChart(
                frame: f("Monthly returns", "Дохідність за місяцями"),
                rowLabels: ["2021", "2022", "2023", "2024"],
                columnLabels: locale.monthAbbreviations + [uk ? "Рік" : "Year"],
                values: monthlyReturns,
                totalColumns: 1,
                format: NumberFormat(locale: locale, style: .percent(1))
            )
        case .drawdown:
            let (times, depths) = drawdown
            return DrawdownChart(frame: f("Drawdown", "Просідання"), times: times, depths: depths)
        case .waterfall:
            let bridge: [(String, String, Double, WaterfallChart.Bar.Kind)] = [
                ("Start value", "Вартість на початку", 4_058_718, .total), ("Deposits", "Внески", 375_863, .transfer),
                ("Withdrawals", "Виведення", -99_314, .transfer), ("Price effect", "Ціновий ефект", 1_407_965, .effect),
                ("Currency effect", "Валютний ефект", -229_055, .effect), ("Fees", "Комісії", -692, .effect),
                ("End value", "Вартість на кінець", 5_513_485, .total),
            ]
            return WaterfallChart(
                frame: f("Where the return came from", "Звідки взявся прибуток"),
                bars: bridge.map { .init(label: uk ? $0.1 : $0.0, value: $0.2, kind: $0.3) },
                currency: .uah
            )
        case .bullet:
            // Targets by kind, a 5/25 band: stocks and cash out of band either way, a line not yet bought.
            let lines: [(String, String, Double, Double, Double, Bool)] = [
                ("Stocks", "Акції", 67.5, 60, 5, true), ("Bonds", "Облігації", 26.1, 25, 5, false),
                ("Gold", "Золото", 0, 5, 1.25, true), ("Cash", "Готівка", 6.4, 10, 2.5, true),
            ]
            return BulletChart(
                frame: f("Weight against target", "Частки проти цілей"),
                lines: lines.map {
                    .init(name: uk ? $0.1 : $0.0, weight: $0.2, target: $0.3, tolerance: $0.4, outOfBand: $0.5)
                }
            )
        }
    }

    static var fourAssets: [LineSeries] {
        ["ALFA", "BRVO", "CHRL", "DLTA"].enumerated().map { i, name in
            let d = Fixtures.hourly(seed: UInt64(11 + i), base: [35, 170, 25, 52][i])
            return LineSeries(name: name, times: d.times, values: d.values)
        }
    }

    static let holdings = [
        ("ALFA", 54_982.81), ("BRVO", 44_952.09), ("Chorale Industries Holding", 38_120.5), ("DLTA", 20_100),
        ("ECHO", 9_800), ("FXTR", 3_900), ("GOLF", 1_500), ("HTEL", 700),
    ].map { PieSlice(label: $0.0, value: $0.1) }

    static func months(_ locale: ChartLocale) -> [String] { Array(locale.monthAbbreviations.prefix(6)) }

    static func positions(_ frame: ChartFrame, _ locale: ChartLocale) -> TableChart {
        let money = NumberFormat(locale: locale, style: .decimal(2))
        let pct = NumberFormat(locale: locale, style: .percent(1), explicitPlus: true)
        let price = NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        let rows: [(String, Double, Double, Double, Double)] = [
            ("ALFA", 1566, 35.1104, 54_982.81, 0.034), ("BRVO", 262, 171.5729, 44_952.09, -0.012),
            ("Shiba Inu (very long asset name)", 120_000_000, 0.000000001681, 0.2017, 0.251),
            ("DLTA", 382, 52.5981, 20_092.47, 0), ("ECHO", 124, 79.0208, 9_798.58, -0.1),
        ]
        return TableChart(
            frame: frame,
            header: locale == .uk
                ? ["Актив", "Кількість", "Ціна", "Вартість", "Зміна"]
                : ["Asset", "Quantity", "Price", "Value", "Change"],
            rows: rows.map { r in
                [
                    .text(r.0), .number(r.1, NumberFormat(locale: locale, style: .decimal(0))),
                    .number(r.2, price), .number(r.3, money), .number(r.4, pct),
                ]
            }
        )
    }

    /// Four years of months, the first two months before the portfolio began (blank), one outlier month
    /// beyond the colour scale's end, and each year's compounded return last.
    static let monthlyReturns: [[Double]] = (0..<4).map { y in
        let months: [Double] = (0..<12).map { m in
            if y == 0 && m < 2 { return .nan }
            if y == 1 && m == 1 { return 0.418 }
            return (sin(Double(y * 12 + m) * 1.7) * 0.09 * 1000).rounded() / 1000
        }
        return months + [months.filter(\.isFinite).reduce(1) { $0 * (1 + $1) } - 1]
    }

    /// Two years of a seeded random walk's days below its running peak: a long fall in the first year
    /// (drifting down), a recovery to new highs, shallower dips after.
    static let drawdown: (times: [Double], depths: [Double]) = {
        let days = 730
        var random = SeededRandom(state: 23)
        var index = 1.0
        var peak = 1.0
        var depths: [Double] = []
        for i in 0..<days {
            let drift = i < 200 ? -0.0022 : 0.0016
            index *= 1 + drift + (random.next() - 0.5) * 0.03
            peak = max(peak, index)
            depths.append(((index / peak - 1) * 10_000).rounded() / 10_000)
        }
        return ((0..<days).map { Fixtures.start - Double(days - $0) * 86_400 }, depths)
    }()
}
