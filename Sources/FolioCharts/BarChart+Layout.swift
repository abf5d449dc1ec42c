import Foundation

extension BarChart {
    /// A bar chart laid out in its frame's body: the note of what is not shown under it, the legend above
    /// it, and the plot with its value axis between, with the room its bars' labels need.
    struct Layout {
        var note: BodyNote?
        var legend: Legend
        var plot: Rect
        var yScale: LinearScale
        var format: NumberFormat
        /// Values below zero named under their bars (clustered bars of several series).
        var labelsNegatives: Bool
        /// Each bar's value written at its end (`valueLabels`, at most 12 groups).
        var labelsValues: Bool
    }

    /// Nil when there is nothing to draw.
    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout? {
        let values = series.indices.flatMap { s in groups.indices.map { plotted(s, $0) } }.filter(\.isFinite)
        guard !groups.isEmpty, !series.isEmpty, !values.isEmpty else { return nil }
        var body = body
        // One line at the bottom of the body, as the pie's.
        let note = BodyNote(notShownText, atBottomOf: &body, b)
        let (names, colors) = legendKeys(b.theme)
        let legend = Legend(names: names.count > 1 ? names : [], colors: colors, atTopOf: &body, b)
        let theme = b.theme
        let plotTop = body.minY + theme.axisSize * 0.5
        let groupLabelHeight = b.layout.height(b.axisStyle) + theme.axisSize * 0.6
        let plotBottom = body.maxY - groupLabelHeight
        // Values below zero are named under their bars (the title names a lone series): the scale keeps a
        // label's room under the lowest. Bars labelled with their values keep room at both ends instead.
        let labelsValues = mode == .values && valueLabels != nil && groups.count <= 12
        let labelRoom =
            !labelsValues && mode == .values && series.count > 1 && values.contains { $0 < 0 }
            ? NegativeBarLabels.room(b) : 0
        let valueRoom = labelsValues ? b.layout.height(b.annotationStyle) + theme.axisSize * 0.4 : 0
        let (low, high): (Double, Double) =
            switch mode {
            case .shares: (0, 1)
            case .values: (values.min()!, values.max()!)
            case .stacked: (stackSums(below: true).min() ?? 0, stackSums(below: false).max() ?? 0)
            }
        let yScale = LinearScale(
            dataMin: low,
            dataMax: high,
            range: (
                plotBottom - labelRoom - (labelsValues && low < 0 ? valueRoom : 0),
                plotTop + (labelsValues && high > 0 ? valueRoom : 0)
            ),
            targetTicks: 5,
            includeZero: true,
            maxTicks: frame.maxTicks ?? .max,
            snug: labelsValues
        )
        let format = axisFormat(yScale, width: body.width, b)
        let left = ValueAxis(scale: yScale, format: format, zeroLine: true).plotLeft(in: body, b)
        return Layout(
            note: note,
            legend: legend,
            plot: .plot(left: left, top: plotTop, right: body.maxX, bottom: plotBottom),
            yScale: yScale,
            format: format,
            labelsNegatives: labelRoom > 0,
            labelsValues: labelsValues
        )
    }

    /// The value axis' labels: a percent `valueFormat` as it is, whole percents for shares, else the axes'
    /// one rule in `valueFormat`'s currency.
    private func axisFormat(_ yScale: LinearScale, width: Double, _ b: SceneBuilder) -> NumberFormat {
        if let valueFormat, case .percent = valueFormat.style { return valueFormat }
        if mode == .shares {
            return NumberFormat(locale: frame.locale, style: .percent(max(yScale.step.decimals - 2, 0)))
        }
        return Axes.tickFormat(yScale, locale: frame.locale, currency: valueFormat?.currency, width: width, builder: b)
    }

    /// The legend names what is drawn: in shares, a series that is never above zero has no part in a stack;
    /// a stack's "Other" under zero has the key of the one above; an estimate is named by its series' key
    /// once, and by one "estimated" key after them all.
    private func legendKeys(_ theme: Theme) -> (names: [String], colors: [Color]) {
        let drawn = series.indices.filter { s in groups.indices.contains { plotted(s, $0).isFinite } }
        var listed: [Int] = []
        for s in drawn
        where !listed.contains(where: {
            series[$0].name == series[s].name && solidColor($0, theme) == solidColor(s, theme)
        }) {
            listed.append(s)
        }
        var names = listed.map { series[$0].name }
        var colors = listed.map { solidColor($0, theme) }
        if drawn.contains(where: { series[$0].isEstimate }) {
            names.append(frame.locale.estimated)
            colors.append(Self.estimate(theme.axis, theme))
        }
        return (names, colors)
    }
}
