import Foundation

extension PieChart {
    /// What a donut's total is: "Total" only when nothing is left out (a holding without a rate is not in
    /// the ring), "held" beside a net whole when a negative balance is not drawn.
    var centreLabel: String {
        !leftOut.isEmpty ? frame.locale.shown : notShown.isEmpty ? frame.locale.total : frame.locale.held
    }

    /// A donut drawn as a bar writes its centre above it, on one line: "₴34.9K Total", "$313 held · $293 net".
    func donutTotal(_ b: SceneBuilder) -> [(text: String, style: TextStyle)] {
        let format = totalFormat ?? NumberFormat(locale: frame.locale, style: .compact(decimals: 1))
        var big = b.subtitleStyle
        big.weight = .bold
        big.color = b.theme.text
        var out = [(format.string(total), big), (centreLabel, b.subtitleStyle)]
        if !notShown.isEmpty { out.append(("· " + format.string(netTotal) + " " + frame.locale.net, b.subtitleStyle)) }
        return out
    }

    /// A donut's total in its hole, with what it is under it. The ring is what is held; with a negative
    /// balance not drawn, the net whole goes under it.
    func drawTotal(centre: Point, inner: Double, builder b: inout SceneBuilder) {
        let (theme, locale) = (b.theme, frame.locale)
        let format = totalFormat ?? NumberFormat(locale: locale, style: .compact(decimals: 1))
        let label = centreLabel
        var big = TextStyle(size: theme.titleSize, weight: .bold, color: theme.text, role: .annotation)
        let text = format.string(total)
        let room = inner * 1.7
        if b.layout.width(text, big) > room { big.size *= room / b.layout.width(text, big) }
        let net = notShown.isEmpty ? nil : format.string(netTotal) + " " + locale.net
        var small = b.subtitleStyle
        // The lines shrink together until each one's corners are inside the hole: a small donut's "held"
        // and "$293 net" would otherwise touch the ring.
        func lines(_ k: Double) -> [(width: Double, top: Double, bottom: Double)] {
            var (bigK, smallK) = (big, small)
            bigK.size *= k
            smallK.size *= k
            let top = centre.y - (net == nil ? 0 : b.layout.height(smallK) / 2)
            let h = b.layout.height(smallK)
            return [(b.layout.width(text, bigK), top - b.layout.height(bigK), top)]
                + [label, net].compactMap { $0 }.enumerated().map { i, line in
                    let y = top + 2 + Double(i) * h
                    return (min(b.layout.width(line, smallK), room), y, y + h)
                }
        }
        func fits(_ k: Double) -> Bool {
            lines(k).allSatisfy { line in
                [line.top, line.bottom].allSatisfy { y in
                    pow(line.width / 2, 2) + pow(y - centre.y, 2) <= pow(inner * 0.95, 2)
                }
            }
        }
        var k = 1.0
        while k > 0.6, !fits(k) { k -= 0.05 }
        big.size *= k
        small.size *= k
        let top = centre.y - (net == nil ? 0 : b.layout.height(small) / 2)
        b.add(b.layout.run(text, at: Point(x: centre.x, y: top), anchor: .middle, baseline: .bottom, style: big))
        b.add(
            b.layout.run(label, at: Point(x: centre.x, y: top + 2), anchor: .middle, baseline: .top, style: small)
        )
        if let net {
            b.add(
                b.layout.run(
                    b.layout.fit(net, maxWidth: room, style: small),
                    at: Point(x: centre.x, y: top + 2 + b.layout.height(small)),
                    anchor: .middle,
                    baseline: .top,
                    style: small
                )
            )
        }
    }
}
