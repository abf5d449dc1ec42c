import Foundation
import FolioCharts

/// One sample chart per kind, in a given theme and locale, at baseline size: what the baseline images
/// show and what the overlap tests check with the real fonts.
enum Gallery {
    static let width = 640.0
    static let height = 360.0

    static func frame(_ theme: Theme, _ locale: ChartLocale, title: String, subtitle: String = "") -> ChartFrame {
        Fixtures.frame(theme, locale, width: width, height: height, title: title, subtitle: subtitle)
    }

    static func charts(_ theme: Theme, _ locale: ChartLocale) -> [(name: String, spec: any Chart)] {
        let uk = locale == .uk
        let data = Fixtures.hourly()
        let line = LineChart(frame: frame(theme, locale, title: uk ? "ALFA · 7 днів" : "ALFA · 7 days",
                                          subtitle: uk ? "Погодинна ціна, USD" : "Hourly close, USD"),
                             series: [LineSeries(name: "ALFA", times: data.times, values: data.values)])
        let names = ["ALFA", "BRVO", "CHRL", "DLTA"]
        let series = names.enumerated().map { i, name in
            let d = Fixtures.hourly(seed: UInt64(11 + i), base: [35, 170, 25, 52][i])
            return LineSeries(name: name, times: d.times, values: d.values)
        }
        let compare = CompareChart(frame: frame(theme, locale, title: uk ? "Порівняння, 100 = початок" : "Growth of 100"),
                                   series: series)
        let holdings = [("ALFA", 54_982.81), ("BRVO", 44_952.09), ("Chorale Industries Holding", 38_120.5), ("DLTA", 20_100),
                        ("ECHO", 9_800), ("FXTR", 3_900), ("GOLF", 1_500), ("HTEL", 700)]
        let slices = holdings.map { PieSlice(label: $0.0, value: $0.1) }
        let pie = PieChart(frame: frame(theme, locale, title: uk ? "Розподіл портфеля" : "Allocation"), slices: slices)
        let donut = PieChart(frame: frame(theme, locale, title: uk ? "Розподіл портфеля" : "Allocation"), slices: slices, donut: true,
                             totalFormat: NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .usd))
        let months = (1...6).map { locale.monthAbbreviations[$0 - 1] }
        let bars = BarChart(frame: frame(theme, locale, title: uk ? "Склад портфеля за місяцями" : "Composition by month"),
                            groups: months,
                            series: [BarSeries(name: "ALFA", values: [30_015, 30_255, 31_800, 29_900, 33_100, 34_000]),
                                     BarSeries(name: "FXTR", values: [35_031, 33_204, 36_500, 37_900, 36_100, 38_800]),
                                     BarSeries(name: "KILO", values: [39_973, 42_371, 41_000, 40_200, -5_000, 44_900])],
                            valueFormat: NumberFormat(locale: locale, style: .compact(decimals: 0), currency: .usd))
        let hbars = HBarChart(frame: frame(theme, locale, title: uk ? "Поповнення та виведення" : "Deposits and withdrawals"),
                              categories: months,
                              series: [BarSeries(name: uk ? "Поповнення" : "Deposits", values: [12_000, 8_000, 0, 15_500, 4_000, 9_000]),
                                       BarSeries(name: uk ? "Виведення" : "Withdrawals", values: [-2_000, 0, -7_500, -1_200, -3_000, 0])],
                              valueFormat: NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .uah))
        let labels = ["ALFA", "BRVO", "CHRL", "DLTA", "ECHO", "FXTR"]
        let matrix: [[Double]] = [
            [1, 0.82, -0.25, 0.1, .nan, 0.55], [0.82, 1, -0.4, 0.05, 0.3, 0.61], [-0.25, -0.4, 1, -0.93, 0.12, 0],
            [0.1, 0.05, -0.93, 1, 0.7, -0.05], [.nan, 0.3, 0.12, 0.7, 1, 0.45], [0.55, 0.61, 0, -0.05, 0.45, 1],
        ]
        let correlation = CorrelationChart(frame: frame(theme, locale, title: uk ? "Кореляція денних дохідностей" : "Correlation of daily returns"),
                                           labels: labels, matrix: matrix)
        let money = NumberFormat(locale: locale, style: .decimal(2))
        let pct = NumberFormat(locale: locale, style: .percent(1), explicitPlus: true)
        let price = NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        let positions: [(String, Double, Double, Double, Double)] = [
            ("ALFA", 1566, 35.1104, 54_982.81, 0.034), ("BRVO", 262, 171.5729, 44_952.09, -0.012),
            ("Shiba Inu (very long asset name)", 120_000_000, 0.000000001681, 0.2017, 0.251),
            ("DLTA", 382, 52.5981, 20_092.47, 0), ("ECHO", 124, 79.0208, 9_798.58, -0.1),
        ]
        let table = TableChart(frame: frame(theme, locale, title: uk ? "Позиції" : "Positions"),
                               header: uk ? ["Актив", "Кількість", "Ціна", "Вартість", "Зміна"] : ["Asset", "Quantity", "Price", "Value", "Change"],
                               rows: positions.map { r in
                                   [.text(r.0), .number(r.1, NumberFormat(locale: locale, style: .decimal(0))),
                                    .number(r.2, price), .number(r.3, money), .number(r.4, pct)]
                               })
        let multiples = SmallMultiplesChart(frame: frame(theme, locale, title: uk ? "7 днів, погодинно" : "7 days, hourly"), series: series)
        let bridge: [(String, String, Double, WaterfallChart.Bar.Kind)] = [
            ("Start value", "Вартість на початку", 4_058_718, .total), ("Deposits", "Внески", 375_863, .transfer),
            ("Withdrawals", "Виведення", -99_314, .transfer), ("Price effect", "Ціновий ефект", 1_407_965, .effect),
            ("Currency effect", "Валютний ефект", -229_055, .effect), ("Fees", "Комісії", -692, .effect),
            ("End value", "Вартість на кінець", 5_513_485, .total),
        ]
        let waterfall = WaterfallChart(frame: frame(theme, locale, title: uk ? "Звідки взявся прибуток" : "Where the return came from"),
                                       bars: bridge.map { .init(label: uk ? $0.1 : $0.0, value: $0.2, kind: $0.3) }, currency: .uah)
        return [("line", line), ("compare", compare), ("pie", pie), ("donut", donut),
                ("bars", bars), ("hbars", hbars), ("correlation", correlation),
                ("table", table), ("multiples", multiples), ("waterfall", waterfall)]
    }
}
