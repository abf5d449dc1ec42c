import FolioCharts
import FolioReports
import Testing

/// What every page must satisfy: nothing runs off the page or into the margins, text never overlaps
/// other text, and blocks never overlap each other.
enum PageChecks {
    static func verify(_ scenes: [Scene], setup: PageSetup, sourceLocation: SourceLocation = #_sourceLocation) {
        let m = setup.margins
        for (n, scene) in scenes.enumerated() {
            #expect(scene.width == setup.width && scene.height == setup.height, sourceLocation: sourceLocation)
            let texts = scene.texts
            for t in texts {
                let inside =
                    t.box.minX >= m.left - 1 && t.box.maxX <= setup.width - m.right + 1
                    && t.box.minY >= 0 && t.box.maxY <= setup.height
                #expect(
                    inside,
                    "page \(n + 1): \"\(t.text)\" at \(t.box) runs off the content",
                    sourceLocation: sourceLocation
                )
                let header = t.box.maxY < m.top
                let footer = t.box.minY > setup.height - m.bottom
                let content = t.box.minY >= m.top - 1 && t.box.maxY <= setup.height - m.bottom + 1
                #expect(
                    header || footer || content,
                    "page \(n + 1): \"\(t.text)\" straddles a margin",
                    sourceLocation: sourceLocation
                )
            }
            for shape in scene.paths {
                guard let b = shape.bounds else { continue }
                // A marker on a line's first or last point may reach into the margin by its radius, never off the page.
                let inside =
                    b.minX >= m.left - 3 && b.maxX <= setup.width - m.right + 3 && b.minY >= 0 && b.maxY <= setup.height
                #expect(inside, "page \(n + 1): a shape at \(b) runs off the content", sourceLocation: sourceLocation)
            }
            for i in texts.indices {
                for j in texts.indices where j > i && texts[i].overlaps(texts[j], tolerance: 0.5) {
                    Issue.record(
                        "page \(n + 1): \"\(texts[i].text)\" overlaps \"\(texts[j].text)\"",
                        sourceLocation: sourceLocation
                    )
                }
            }
        }
    }

    static func verify(_ pages: [LaidOutPage], content: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        for (n, page) in pages.enumerated() {
            for (i, a) in page.blocks.enumerated() {
                #expect(
                    content.contains(a.rect),
                    "page \(n + 1): block \(i) at \(a.rect) leaves the content",
                    sourceLocation: sourceLocation
                )
                for b in page.blocks[(i + 1)...] where a.rect.height > 0 && b.rect.height > 0 {
                    #expect(!a.rect.intersects(b.rect), "page \(n + 1): blocks overlap", sourceLocation: sourceLocation)
                }
            }
            if let last = page.blocks.last, n < pages.count - 1 {
                #expect(!last.block.keepsWithNext, "page \(n + 1) ends with a heading", sourceLocation: sourceLocation)
            }
        }
    }
}
