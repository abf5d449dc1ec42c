import FolioAnalytics
import FolioCore
import FolioDatasets

extension PortfolioReportData {
    /// The ledger's holdings (`PortfolioIncome`'s lines, `Column.report`), every money column in the base
    /// currency with the block's title saying so, and a total row a reader can add up: realised +
    /// unrealised + dividends and interest − account fees = the tiles' value − net deposits, and value −
    /// cost = unrealised on every row. The dividend and fee columns are shown when the portfolio has any.
    var incomeTable: DataTable {
        typealias IncomeColumn = PortfolioIncome.Column
        var lines = income.lines
        var total = lines.removeLast()
        // A holding sold down to dust with nothing realised, received or paid prints as a row of zeros: left out.
        lines = lines.filter { line in
            let asset = line.asset.flatMap { code in input.assets.first { $0.code == code } }
            return !HoldingsDataset.showsAsNothing(line.quantity ?? 0, asset: asset, value: line.value)
                || [line.realised, line.unrealised, line.dividends, line.interest, line.accountFees].contains {
                    ($0 ?? 1).magnitude >= 0.005
                }
        }
        // Interest is shown with the dividends, in one column.
        for i in lines.indices { lines[i].dividends = lines[i].dividendsAndInterest }
        total.dividends = total.dividendsAndInterest
        Self.roundedTogether(&lines, &total)
        func cells(_ line: PortfolioIncome.Line) -> [Cell] {
            IncomeColumn.report.map { column in
                switch column {
                case .asset: return Cell(line.asset.map(\.rawValue) ?? strings[.total])
                case .quantity, .averageCost:
                    guard let asset = line.asset else { return Cell("") }
                    return column == .quantity ? quantity(line.quantity ?? 0, asset) : price(line.averageCost)
                default: return number(column.figure.flatMap { line[keyPath: $0] }, 2)
                }
            }
        }
        let hasIncome = income.positions.contains { ($0.dividends ?? 1) != 0 || ($0.interest ?? 1) != 0 }
        let hasFees = income.positions.contains { ($0.accountFees ?? 1) != 0 }
        // Every money column is in the base currency, which the block's title says once
        // (`{t.incomeByHolding}, {base}`): nine columns fit a portrait page only without it.
        let shown = IncomeColumn.report.filter { column in
            switch column {
            case .dividends: hasIncome
            case .accountFees: hasFees
            default: true
            }
        }
        return DataTable(
            columns: IncomeColumn.report.map {
                Column(key: $0.key ?? "", title: incomeTitle($0), numeric: $0 != .asset)
            },
            rows: lines.map(cells),
            totals: [cells(total)],
            defaultColumns: shown.compactMap(\.key)
        )
    }

    private func incomeTitle(_ column: PortfolioIncome.Column) -> String {
        switch column {
        case .asset: strings[.asset]
        case .quantity: strings[.quantity]
        case .costBasis: strings[.costBasis]
        case .averageCost: strings[.averageCost]
        case .price: strings[.price]
        case .value: strings[.value]
        case .realised: strings[.realised]
        case .unrealised: strings[.unrealised]
        // Interest is in the dividends' column.
        case .dividends, .interest: strings[.dividendsInterest]
        case .accountFees: strings[.accountFees]
        case .total: strings[.total]
        }
    }

    /// Cost + unrealised = value on every row, and every column adds up to its total, as printed
    /// (`Apportionment`): the figures rounded together, not each on its own. The values first, as the
    /// holdings table rounds them (the same column on the page before); left as they are when a figure
    /// is missing.
    static func roundedTogether(_ lines: inout [PortfolioIncome.Line], _ total: inout PortfolioIncome.Line) {
        let pairs = lines.map { [$0.costBasis, $0.unrealised].compactMap { $0 } }
        if let valued = HoldingsDataset.valuesAddingUp(lines.map(\.value), to: total.value),
            pairs.allSatisfy({ $0.count == 2 }),
            let t = Apportionment.table(pairs, decimals: 2, rowTotals: valued)
        {
            for i in lines.indices {
                (lines[i].costBasis, lines[i].unrealised, lines[i].value) = (t.cells[i][0], t.cells[i][1], t.rows[i])
            }
            (total.costBasis, total.unrealised, total.value) = (t.columns[0], t.columns[1], t.total)
        }
        let parts: [WritableKeyPath<PortfolioIncome.Line, Double?>] = [\.realised, \.dividends, \.accountFees]
        for part in parts {
            let column = lines.compactMap { $0[keyPath: part] }
            guard column.count == lines.count,
                let rounded = Apportionment.rounded(
                    column,
                    adjustable: column.map { _ in true },
                    addingUpTo: total[keyPath: part] ?? column.reduce(0, +),
                    decimals: 2
                )
            else { continue }
            for i in lines.indices { lines[i][keyPath: part] = rounded[i] }
        }
    }
}
