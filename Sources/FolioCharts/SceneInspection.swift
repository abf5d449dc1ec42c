import Foundation

/// Layout checks on a finished scene, for the tests (`package`: no user of Folio calls them):
/// text that collides, and ink that leaves the canvas.
extension Scene {
    /// Pairs of text runs (indices into `texts`) whose line boxes overlap.
    package func overlappingTexts(tolerance: Double = 0.25) -> [(TextRun, TextRun)] {
        let runs = texts
        var out: [(TextRun, TextRun)] = []
        for i in runs.indices {
            for j in runs.indices where j > i && runs[i].overlaps(runs[j], tolerance: tolerance) {
                out.append((runs[i], runs[j]))
            }
        }
        return out
    }

    /// Text runs and paths whose bounds leave the canvas.
    package func primitivesOutsideCanvas(tolerance: Double = 0.5) -> [Primitive] {
        let canvas = bounds
        return primitives.filter { p in
            switch p {
            case .text(let t): !canvas.contains(t.box, tolerance: tolerance)
            case .path(let s): s.bounds.map { !canvas.contains($0, tolerance: tolerance) } ?? false
            }
        }
    }

    /// The first text run whose text is exactly `text`.
    package func text(_ text: String) -> TextRun? { texts.first { $0.text == text } }

    /// Every text run with the lowest WCAG contrast it has against what is painted behind it, sampled at
    /// the centre and near the corners of its line box: a label half on a bar and half off is checked
    /// against both.
    package func textContrasts() -> [(run: TextRun, contrast: Double)] {
        primitives.indices.compactMap { i in
            guard case .text(let run) = primitives[i] else { return nil }
            let c = run.corners
            let centre = Point(x: (c[0].x + c[2].x) / 2, y: (c[0].y + c[2].y) / 2)
            // A fifth of the way in from each corner: the glyphs' ink, not the box's empty edge.
            let samples =
                [centre] + c.map { Point(x: $0.x + (centre.x - $0.x) * 0.2, y: $0.y + (centre.y - $0.y) * 0.2) }
            return (run, samples.map { run.color.contrast(with: backdrop(at: $0, before: i)) }.min()!)
        }
    }

    /// The colour at `point` under the primitive at `index`: the background with every filled path
    /// painted earlier that covers the point composited over it, in paint order (strokes are left out:
    /// a grid line under a label is a hairline, not its background).
    package func backdrop(at point: Point, before index: Int) -> Color {
        var colour = background
        for primitive in primitives[..<index] {
            guard case .path(let shape) = primitive, let fill = shape.fill,
                shape.bounds.map({ $0.contains(point) }) ?? false,
                shape.covers(point)
            else { continue }
            colour = fill.alpha >= 1 ? fill : colour.mixed(with: fill.withAlpha(1), amount: fill.alpha)
        }
        return colour
    }
}

extension Rect {
    func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
}

extension PathShape {
    /// Whether a fill of the outline covers the point, by Cairo's default non-zero winding rule, with
    /// arcs followed in steps of at most 5°.
    func covers(_ p: Point) -> Bool {
        var winding = 0
        var start: Point?
        var last: Point?
        func edge(to q: Point) {
            guard let a = last else {
                start = q
                last = q
                return
            }
            if a.y <= p.y, q.y > p.y, cross(a, q, p) > 0 { winding += 1 }
            if a.y > p.y, q.y <= p.y, cross(a, q, p) < 0 { winding -= 1 }
            last = q
        }
        func closeSubpath() {
            if let s = start, last != nil { edge(to: s) }
            start = nil
            last = nil
        }
        for element in elements {
            switch element {
            case .move(let q):
                closeSubpath()
                edge(to: q)
            case .line(let q): edge(to: q)
            case .arc(let c, let r, let a0, var a1, let clockwise):
                // As cairo_arc and cairo_arc_negative: the end angle is brought round to the direction of travel.
                if clockwise { while a1 < a0 { a1 += 2 * .pi } } else { while a1 > a0 { a1 -= 2 * .pi } }
                let steps = max(1, Int((abs(a1 - a0) / (.pi / 36)).rounded(.up)))
                for k in 0...steps {
                    let a = a0 + (a1 - a0) * Double(k) / Double(steps)
                    edge(to: Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
                }
            case .close: closeSubpath()
            }
        }
        closeSubpath()
        return winding != 0
    }

    /// > 0 when `p` is left of the edge a → b in y-down space seen as y-up (the usual winding test).
    private func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
