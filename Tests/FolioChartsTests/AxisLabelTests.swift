import Testing

@testable import FolioCharts

/// Large figures on a value axis (issue 19): grouped for the locale while they leave the plot its room,
/// in compact units with exact decimals when they would take more than an eighth of the chart's width.
@Suite struct AxisLabelTests {
    /// A value between 5.6 and 7.4 million over two weeks.
    let value = LineSeries(
        name: "Value",
        times: (0..<14).map { 1_735_084_800 + Double($0) * 86_400 },
        values: (0..<14).map { 5_600_000 + Double($0 * $0) * 10_000 }
    )

    func axisLabels(_ locale: ChartLocale, width: Double, height: Double) -> Set<String> {
        let frame = ChartFrame(width: width, height: height, theme: .light, locale: locale)
        let scene = LineChart(frame: frame, series: [value], annotateWindow: false).scene(measurer: measurer)
        expectCleanLayout(scene, "\(locale) at \(width)")
        return Set(scene.texts.filter { $0.role == .axis }.map(\.text))
    }

    @Test(arguments: [
        (ChartLocale.en, "7,000,000", "6,500,000"), (.uk, "7\u{202F}000\u{202F}000", "6\u{202F}500\u{202F}000"),
    ])
    func roomyChartsGroupTheDigits(locale: ChartLocale, seven: String, sixAndAHalf: String) {
        let labels = axisLabels(locale, width: 1200, height: 675)
        #expect(labels.isSuperset(of: [seven, sixAndAHalf]), "\(labels)")
    }

    @Test(arguments: [(ChartLocale.en, "7M", "6.5M"), (.uk, "7\u{00A0}млн", "6,5\u{00A0}млн")])
    func narrowChartsWriteMillions(locale: ChartLocale, seven: String, sixAndAHalf: String) {
        let labels = axisLabels(locale, width: 320, height: 240)
        #expect(labels.isSuperset(of: [seven, sixAndAHalf]), "\(labels)")
        #expect(!labels.contains { $0.hasSuffix("000") })
    }

    /// Compact figures take the decimals the ticks need, so 6.25M is never a rounded 6.3M.
    @Test func compactDecimalsKeepTicksExact() {
        #expect(!Axes.isExact(6_250_000, compactDecimals: 1) && Axes.isExact(6_250_000, compactDecimals: 2))
        #expect(
            Axes.isExact(7_000_000, compactDecimals: 0) && Axes.isExact(500, compactDecimals: 0)
                && Axes.isExact(0, compactDecimals: 0)
        )
        #expect(!Axes.isExact(0.5, compactDecimals: 3))
    }
}
