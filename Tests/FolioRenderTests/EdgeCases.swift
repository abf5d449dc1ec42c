import FolioCharts
import Foundation

/// The edge cases the issue names, each as a chart (light theme, English, baseline size).
enum EdgeCases {
    static func charts() -> [(name: String, spec: any Chart)] {
        let f = { (title: String) in Gallery.frame(.light, .en, title: title) }
        let t0 = Fixtures.start
        func line(_ values: [Double]) -> [LineSeries] {
            [LineSeries(name: "ALFA", times: values.indices.map { t0 + Double($0) * 3600 }, values: values)]
        }
        var gappy = Fixtures.hourly().values
        for i in 40..<52 { gappy[i] = .nan }
        for i in 100..<124 { gappy[i] = .nan }
        let negative = Fixtures.hourly().values.map { -$0 }
        let labels: [String] = (0..<40).map { (i: Int) -> String in
            i % 9 == 0 ? "Very long asset name number \(i) of the portfolio" : "A" + (i < 10 ? "0" : "") + String(i)
        }
        let matrix: [[Double]] = (0..<40).map { (i: Int) -> [Double] in
            (0..<40).map { (j: Int) -> Double in i == j ? 1.0 : sin(Double(i * 37 + j * 11)) }
        }
        return [
            ("one-point", LineChart(frame: f("One point"), series: line([35.1104]))),
            ("flat", LineChart(frame: f("Flat series"), series: line([Double](repeating: 41.5, count: 168)))),
            ("all-negative", LineChart(frame: f("All negative"), series: line(negative))),
            ("gaps", LineChart(frame: f("NaN and a missing day"), series: line(gappy))),
            (
                "tiny-prices",
                LineChart(frame: f("SHIB/USD"), series: line(Fixtures.hourly(base: 0.000000001681).values))
            ),
            ("single-slice", PieChart(frame: f("Single slice"), slices: [PieSlice(label: "USD", value: 1200)])),
            ("zero-slices", PieChart(frame: f("Zero slices"), slices: [])),
            (
                "long-names",
                PieChart(
                    frame: f("A very long title that will not fit on one line of this small canvas at all"),
                    slices: [
                        PieSlice(label: "Extraordinarily Long Asset Name Holdings International", value: 60),
                        PieSlice(label: "Another Very Long Asset Name Corporation Limited", value: 35),
                        PieSlice(label: "Short", value: 5),
                    ]
                )
            ),
            (
                "correlation-40",
                CorrelationChart(
                    frame: Fixtures.frame(
                        .light,
                        .en,
                        width: 1000,
                        height: 1000,
                        title: "40 assets",
                        subtitle: ""
                    ),
                    labels: labels,
                    matrix: matrix
                )
            ),
            (
                "bars-negative",
                BarChart(
                    frame: f("All negative bars"),
                    groups: ["2022", "2023", "2024"],
                    series: [BarSeries(name: "P&L", values: [-1200, -300, -4500])]
                )
            ),
        ]
    }
}
