import FolioCharts

/// A block placed on a page: where it sits and what it draws there.
public struct PlacedBlock: Sendable {
    public var rect: Rect
    public var block: any LayoutBlock
}

/// One page after pagination, before headers and footers.
public struct LaidOutPage: Sendable {
    public var blocks: [PlacedBlock] = []
}

/// Pagination as a pure function: blocks in, pages out. Rules, in order:
/// - a page break starts a new page unless the current one is empty;
/// - a block that fits is placed; one that does not is split, its first part closing the page;
/// - a heading (`keepsWithNext`) moves to a new page when the smallest first part of the block after it
///   would not fit below it, so a heading never ends a page and a chart stays with its title;
/// - a block that cannot fit even on an empty page is shrunk to the page rather than left out.
public enum Paginator {
    public static func paginate(_ blocks: [any LayoutBlock], content: Rect, gap: Double) -> [LaidOutPage] {
        var pages: [LaidOutPage] = [LaidOutPage()]
        var y = content.minY
        func newPage() { pages.append(LaidOutPage()); y = content.minY }
        func place(_ block: any LayoutBlock, height: Double) {
            pages[pages.count - 1].blocks.append(PlacedBlock(rect: Rect(x: content.minX, y: y, width: content.width, height: height), block: block))
            y += height + gap
        }
        var isEmpty: Bool { pages[pages.count - 1].blocks.isEmpty }
        let width = content.width

        var queue = blocks[...]
        while var block = queue.popFirst() {
            if block.breaksPage {
                if !isEmpty { newPage() }
                continue
            }
            if block.keepsWithNext, !isEmpty, let next = queue.first(where: { !$0.breaksPage }) {
                let needed = block.height(width: width) + gap + next.minimumHeight(width: width)
                if y + needed > content.maxY { newPage() }
            }
            while true {
                let room = content.maxY - y
                let h = block.height(width: width)
                if h <= room { place(block, height: h); break }
                let (fitting, rest) = block.split(width: width, height: room)
                if let fitting {
                    place(fitting, height: fitting.height(width: width))
                    newPage()
                    guard let rest else { break }
                    block = rest
                } else if !isEmpty {
                    newPage()
                } else {
                    place(block, height: min(h, content.height))
                    break
                }
            }
        }
        if pages.count > 1, isEmpty { pages.removeLast() }
        return pages
    }
}
