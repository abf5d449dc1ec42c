import Foundation

/// Names under the values chart's negative bars (docs/chart-style.md: negatives hang below the zero line,
/// labelled): a bar below zero is a short position or a debt the reader must be able to name without
/// matching colours against the legend ("DSX crypto" held minus 0.002 BTC for months).
///
/// One label per run of consecutive months a series is below zero, under that run's deepest bar that
/// has room: a label per bar would repeat the code a dozen times for a balance that stays negative, and
/// the run's other bars share its colour and its place in each cluster. A label never covers another
/// label or a bar it does not name, and stays above the group labels; one with no room anywhere in its
/// run is left out (the legend still names the colour).
struct NegativeBarLabels {
    /// A drawn bar: its series, its group and its rectangle.
    struct Bar {
        var series: Int
        var group: Int
        var rect: Rect
    }

    let chart: BarChart

    /// Room to keep under the lowest bar for its label.
    static func room(_ b: SceneBuilder) -> Double { b.layout.height(b.annotationStyle) + b.theme.axisSize * 0.5 }

    func draw(_ bars: [Bar], plot: Rect, builder b: inout SceneBuilder) {
        let pad = b.theme.axisSize * 0.25
        var placed: [Rect] = []
        for s in chart.series.indices {
            let below = chart.groups.indices.filter { chart.plotted(s, $0) < 0 }
            for run in BarChart.consecutive(below) {
                // Deepest first; of equal ones, the earliest.
                let candidates = run.sorted { (chart.plotted(s, $0), $0) < (chart.plotted(s, $1), $1) }
                var style = b.annotationStyle
                style.color = b.theme.labelColor(for: chart.color(s, b.theme))
                for g in candidates {
                    guard let bar = bars.first(where: { $0.series == s && $0.group == g }) else { continue }
                    let label = b.layout.run(
                        chart.series[s].name,
                        at: Point(x: bar.rect.midX, y: bar.rect.maxY + pad),
                        anchor: .middle,
                        baseline: .top,
                        style: style
                    )
                    let box = label.box
                    guard box.minX >= plot.minX, box.maxX <= plot.maxX, box.maxY <= plot.maxY,
                        !placed.contains(where: { $0.intersects(box) }),
                        !bars.contains(where: { ($0.series != s || $0.group != g) && $0.rect.intersects(box) })
                    else { continue }
                    b.add(label)
                    placed.append(box)
                    break
                }
            }
        }
    }
}
