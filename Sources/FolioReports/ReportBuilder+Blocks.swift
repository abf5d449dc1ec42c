import FolioCharts
import FolioDatasets
import FolioYAML

/// A block definition laid out as blocks, one step per kind of block.
extension ReportBuilder {
    /// `previous`: the kind of the section's block before this one; a text right under a chart or a table
    /// is its caption.
    func layoutBlocks(
        _ block: BlockDefinition,
        after previous: BlockDefinition.Kind?,
        data: some ReportDataSource,
        width: Double,
        pageHeight: Double
    ) throws -> [any LayoutBlock] {
        switch block.kind {
        case .heading: return [HeadingBlock(text: text(block.text, data), style: style)]
        case .text:
            return [
                TextBlock(
                    text: text(block.text, data),
                    isCaption: previous == .chart || previous == .table,
                    style: style
                )
            ]
        case .pageBreak: return [PageBreakBlock()]
        case .kpis: return kpiBlocks(block, data)
        case .chart: return try chartBlocks(block, data, width: width, pageHeight: pageHeight)
        case .table: return try tableBlocks(block, data)
        }
    }

    private func kpiBlocks(_ block: BlockDefinition, _ data: some ReportDataSource) -> [any LayoutBlock] {
        let kinds = block.items.compactMap(KPIKind.init(rawValue:))
        let operators = block.items.compactMap(KPIOperator.init(rawValue:))
        // A row written as a sum keeps its operators only when its figures add up as written.
        if !operators.isEmpty, let tiles = data.sum(kinds, operators) {
            return [KPIBlock(tiles: tiles, operators: operators.map(\.rawValue), lead: block.lead, style: style)]
        }
        // Tiles the data has none of (market statistics never fetched) take no room, not an empty row's gap.
        let tiles = kinds.compactMap(data.tile)
        return tiles.isEmpty ? [] : [KPIBlock(tiles: tiles, perRow: block.perRow, lead: block.lead, style: style)]
    }

    /// The block's chart from the report's data, its data and kind checked against what the report draws;
    /// none for a kind no longer known.
    private func chartBlocks(
        _ block: BlockDefinition,
        _ data: some ReportDataSource,
        width: Double,
        pageHeight: Double
    ) throws -> [any LayoutBlock] {
        guard let kind = ChartKind(rawValue: block.chart) else { return [] }
        let charts = data as? any ChartReportDataSource
        guard let charts, let kinds = charts.chartData[block.data] else {
            throw DefinitionError(
                file: definition.name,
                path: block.path + ".data",
                expected: "one of " + (charts?.chartData.keys.sorted() ?? []).joined(separator: ", "),
                found: "\"\(block.data)\""
            )
        }
        guard kinds.contains(kind) else {
            throw DefinitionError(
                file: definition.name,
                path: block.path + ".chart",
                expected: "one of " + kinds.map(\.rawValue).sorted().joined(separator: ", ") + " for \(block.data)",
                found: "\"\(block.chart)\""
            )
        }
        let title = text(block.text, data)
        let frame = ChartFrame(
            width: width,
            height: block.height ?? 260,
            theme: style.theme,
            locale: style.locale,
            title: title
        )
        let content: ChartContent
        do {
            content = try charts.chart(kind, data: block.data, parameters: block.parameters, frame: frame)
        } catch let error as DatasetCharts.ParameterError {
            throw DefinitionError(
                file: definition.name,
                path: block.path + (error.key.map { ".parameters." + $0 } ?? ""),
                problem: error.problem
            )
        }
        switch content {
        case .chart(let spec): return singleChartBlocks(spec, block, title: title, width: width, pageHeight: pageHeight)
        case .smallMultiples(let panels):
            return panelBlocks(panels, block, title: title, frame: frame, width: width, pageHeight: pageHeight)
        }
    }

    /// One chart: sized for the page, or a line under its title when it has nothing to draw.
    private func singleChartBlocks(
        _ spec: any Chart,
        _ block: BlockDefinition,
        title: String,
        width: Double,
        pageHeight: Double
    ) -> [any LayoutBlock] {
        // A chart that says why it has nothing to draw says it in a line under its title.
        if let empty = spec as? NoDataChart, let note = empty.note {
            return [HeadingBlock(text: title, style: style), TextBlock(text: note, style: style)]
        }
        var chart = ChartBlock(chart: spec, height: min(block.height ?? 260, pageHeight), measurer: measurer)
        // A pie drawn as a 100 % bar takes only the height the bar needs, and leaves the page the rest.
        let sized = chart.canvas(width: width, height: chart.preferredHeight).chart
        if let bar = (sized as? PieChart)?.barHeight(measurer: measurer) {
            chart.preferredHeight = min(chart.preferredHeight, bar.rounded(.up))
        }
        // A matrix of many assets gets a page, so that its labels stay legible, and lists the most
        // and least correlated pairs after it.
        if let matrix = spec as? CorrelationChart, matrix.labels.count > CorrelationChart.clusteredAbove {
            chart.preferredHeight = pageHeight
            return [
                chart, HeadingBlock(text: title + " (" + strings[.continued] + ")", style: style),
                CorrelationPairs(matrix).table(strings: strings, style: style),
            ]
        }
        return [chart]
    }

    /// Panels of small multiples, four rows at most: beyond them, the largest and the biggest movers, the
    /// rest a table.
    private func panelBlocks(
        _ panels: SmallMultiplesChart,
        _ block: BlockDefinition,
        title: String,
        frame: ChartFrame,
        width: Double,
        pageHeight: Double
    ) -> [any LayoutBlock] {
        let columns = width > 400 ? 3 : 2
        let chosen = PanelSelection(panels.series, limit: columns * PanelSelection.rows)
        var out: [any LayoutBlock] = [
            SmallMultiplesBlock(
                title: title,
                frame: frame,
                series: chosen.panels,
                logScale: panels.logScale,
                columns: columns,
                rowHeight: min(block.height ?? 100, pageHeight / 2),
                continuedTitle: title + " (" + strings[.continued] + ")",
                style: style,
                measurer: measurer
            )
        ]
        if !chosen.rest.isEmpty {
            let days = Int(block.parameters["days"] ?? "") ?? 7
            out += [
                // Not a caption: kept with the panels, its lines would push their last row onto
                // the next page; above the table, it says what the table holds.
                TextBlock(
                    text: strings.panelsChosen(
                        largest: chosen.largest,
                        movers: chosen.movers,
                        rest: chosen.rest.count
                    ),
                    style: style
                ),
                HeadingBlock(text: strings.otherHoldingsOver(chosen.rest.count, days: days), style: style),
                chosen.table(strings: strings, style: style),
            ]
        }
        return out
    }

    /// The block's table shaped by the definition, under its heading if it has one, "No data" if empty.
    private func tableBlocks(_ block: BlockDefinition, _ data: some ReportDataSource) throws -> [any LayoutBlock] {
        guard let table = try data.table(block.data) else {
            throw DefinitionError(
                file: definition.name,
                path: block.path + ".data",
                expected: "one of " + data.tableNames.joined(separator: ", "),
                found: "\"\(block.data)\""
            )
        }
        var out: [any LayoutBlock] = []
        if !block.text.isEmpty { out.append(HeadingBlock(text: text(block.text, data), style: style)) }
        // "No data" stands where the table would, for a text that names the table's page.
        var none = TextBlock(text: strings[.noData], style: style)
        none.standsFor = block.data
        // A table its data had nothing for has no columns either: "No data", as a chart says it.
        guard !table.columns.isEmpty else { return out + [none] }
        let shaped = try TableShaping(table: table, block: block, file: definition.name).shaped()
        if shaped.rows.isEmpty {
            out.append(none)
        } else {
            var table = TableBlock(columns: shaped.columns, rows: shaped.rows, style: style)
            table.source = block.data
            out.append(table)
        }
        if let note = table.note { out.append(TextBlock(text: note, isCaption: true, style: style)) }
        return out
    }
}
