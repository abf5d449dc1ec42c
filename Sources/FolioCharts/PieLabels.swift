import Foundation

/// Outside labels of a pie, the one scheme of every pie and donut (CHART-STYLE.md): name and share
/// together ("NVDA 14.0 %"), one column per side, stacked so that no two overlap, each pulled in as close
/// to the circle as its height allows, with a leader line from its slice.
enum PieLabels {
    static func place(
        names: [String],
        percents: [String?],
        mids: [Double],
        centre: Point,
        radius: Double,
        gap: Double,
        body: Rect,
        nameStyle: TextStyle,
        percentStyle: TextStyle,
        builder b: inout SceneBuilder
    ) {
        let height = b.layout.height(nameStyle)
        let reach = radius + gap
        for right in [true, false] {
            let members = mids.indices.filter { (cos(mids[$0]) >= 0) == right }
            guard !members.isEmpty else { continue }
            let desired = members.map { centre.y + reach * sin(mids[$0]) }
            let centres = LabelStacking.stack(
                desired: desired,
                heights: members.map { _ in height },
                lower: body.minY,
                upper: body.maxY,
                gap: 2
            )
            for (k, i) in members.enumerated() {
                let y = centres[k]
                // Nearest the circle the box can be: its inner corner just outside radius + gap.
                let dy = max(abs(y - centre.y) - height / 2, 0)
                let dx = dy < reach ? (reach * reach - dy * dy).squareRoot() : gap
                let x = right ? centre.x + dx : centre.x - dx
                let anchor: TextAnchor = right ? .start : .end
                let name = b.layout.run(
                    names[i],
                    at: Point(x: x, y: y),
                    anchor: anchor,
                    baseline: .middle,
                    style: nameStyle
                )
                var runs = [name]
                if let percent = percents[i] {
                    let w = b.layout.width(" " + percent, percentStyle)
                    let shift = right ? 0 : -w
                    var shifted = name
                    shifted.origin.x += shift
                    shifted.box.x += shift
                    let p = b.layout.run(
                        percent,
                        at: Point(x: shifted.box.maxX + b.layout.width(" ", nameStyle), y: y),
                        baseline: .middle,
                        style: percentStyle
                    )
                    runs = [shifted, p]
                }
                if mids.count > 1 {
                    let from = Point(x: centre.x + radius * cos(mids[i]), y: centre.y + radius * sin(mids[i]))
                    let to = Point(x: right ? x - 3 : x + 3, y: y)
                    b.add(.segment(from, to, stroke: Stroke(color: b.theme.secondaryText, width: 1)))
                }
                for r in runs { b.add(r) }
            }
        }
    }
}
