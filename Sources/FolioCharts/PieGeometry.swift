import Foundation

/// Where a pie's slices and their labels go.
enum PieGeometry {
    /// Whether every corner of `box` lies in the slice: between the inner and outer radius and within
    /// the slice's angles (a whole turn has no angle to keep to).
    static func holds(_ box: Rect, centre c: Point, outer: Double, inner: Double, start: Double, sweep: Double) -> Bool
    {
        let corners = [
            Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.minX, y: box.maxY),
            Point(x: box.maxX, y: box.maxY),
        ]
        return corners.allSatisfy { p in
            let (dx, dy) = (p.x - c.x, p.y - c.y)
            let r = (dx * dx + dy * dy).squareRoot()
            guard r <= outer, r >= inner else { return false }
            guard sweep < 2 * .pi - 1e-9 else { return true }
            var a = atan2(dy, dx) - start
            a -= 2 * .pi * (a / (2 * .pi)).rounded(.down)
            return a <= sweep
        }
    }

    /// A pie slice or donut segment; a full turn is drawn as a disc or ring without a radial seam.
    static func slice(
        centre c: Point,
        outer: Double,
        inner: Double,
        start: Double,
        end: Double,
        fill: Color,
        separator: Stroke?
    ) -> PathShape {
        let full = end - start >= 2 * .pi - 1e-9
        var e: [PathElement] = []
        if full {
            e = [
                .move(Point(x: c.x + outer, y: c.y)),
                .arc(center: c, radius: outer, start: 0, end: 2 * .pi, clockwise: true), .close,
            ]
            if inner > 0 {
                e += [
                    .move(Point(x: c.x + inner, y: c.y)),
                    .arc(center: c, radius: inner, start: 2 * .pi, end: 0, clockwise: false), .close,
                ]
            }
            return PathShape(elements: e, fill: fill)
        }
        e.append(.move(Point(x: c.x + outer * cos(start), y: c.y + outer * sin(start))))
        e.append(.arc(center: c, radius: outer, start: start, end: end, clockwise: true))
        if inner > 0 {
            e.append(.line(Point(x: c.x + inner * cos(end), y: c.y + inner * sin(end))))
            e.append(.arc(center: c, radius: inner, start: end, end: start, clockwise: false))
        } else {
            e.append(.line(c))
        }
        e.append(.close)
        return PathShape(elements: e, fill: fill, stroke: separator)
    }
}
