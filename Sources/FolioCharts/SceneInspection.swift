import Foundation

/// Layout checks on a finished scene, for tests and for reports that want to validate what they compose:
/// text that collides, and ink that leaves the canvas.
extension Scene {
    /// Pairs of text runs (indices into `texts`) whose line boxes overlap.
    public func overlappingTexts(tolerance: Double = 0.25) -> [(TextRun, TextRun)] {
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
    public func primitivesOutsideCanvas(tolerance: Double = 0.5) -> [Primitive] {
        let canvas = bounds
        return primitives.filter { p in
            switch p {
            case .text(let t): !canvas.contains(t.box, tolerance: tolerance)
            case .path(let s): s.bounds.map { !canvas.contains($0, tolerance: tolerance) } ?? false
            }
        }
    }

    /// The first text run whose text is exactly `text`.
    public func text(_ text: String) -> TextRun? { texts.first { $0.text == text } }
}
