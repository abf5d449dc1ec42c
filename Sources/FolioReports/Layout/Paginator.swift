import FolioCharts

/// A block placed on a page: where it sits and what it draws there.
public struct PlacedBlock: Sendable {
    public var rect: Rect
    public var block: any LayoutBlock
}

/// One page after pagination, before headers and footers.
public struct LaidOutPage: Sendable {
    public var blocks: [PlacedBlock] = []
    /// The page ends where its section does (at a page break or the report's end): the one page of a
    /// section allowed to stay short, since nothing of the section is left to move up into it.
    var endsSection = false
}

/// Pagination as a pure function: blocks in, pages out. Rules, in order:
/// - a page break starts a new page unless the current one is empty;
/// - a block that fits is placed; one that does not is split, its first part closing the page, unless it
///   splits only when long (a table) and is short: at most `shortBlock` of a page moves on whole;
/// - a heading (`keepsWithNext`) moves to a new page when the smallest first part of the block after it
///   would not fit below it, so a heading never ends a page and a chart stays with its title; a block
///   followed by its caption (`keepsWithPrevious`) likewise keeps room for the caption's first lines;
/// - when a block moves on whole and leaves more than a third of the page empty, later blocks of the same
///   section that fit in the hole whole move up into it, in their order and with what is glued to them (a
///   heading, a caption): a page is then short only at the end of a section, while reading order changes
///   only within a section, and only where the hole would show;
/// - a block that cannot fit even on an empty page is shrunk to the page rather than left out.
public enum Paginator {
    public static func paginate(_ blocks: [any LayoutBlock], content: Rect, gap: Double) -> [LaidOutPage] {
        var pages: [LaidOutPage] = [LaidOutPage()]
        var y = content.minY
        func newPage() {
            pages.append(LaidOutPage())
            y = content.minY
        }
        func place(_ block: any LayoutBlock, height: Double) {
            pages[pages.count - 1].blocks.append(
                PlacedBlock(rect: Rect(x: content.minX, y: y, width: content.width, height: height), block: block)
            )
            y += height + gap
        }
        var isEmpty: Bool { pages[pages.count - 1].blocks.isEmpty }
        let width = content.width
        func movesWhole(_ block: any LayoutBlock) -> Bool {
            block.splitsOnlyWhenLong && block.height(width: width) <= content.height * shortBlock
        }
        /// The smallest first part of a block a page must have room for: all of one that moves whole.
        func firstPart(_ block: any LayoutBlock) -> Double {
            movesWhole(block) ? block.height(width: width) : block.minimumHeight(width: width)
        }

        var queue = blocks[...]
        /// Moves whole later units of this section up into the room left, skipping the `held` blocks at
        /// the queue's head that are glued to the block moving on.
        func fillHole(held: Int) {
            var i = queue.startIndex + held
            // The page's last block ends a gap above y.
            while content.maxY - (y - gap) > content.height * largestHole, i < queue.endIndex, !queue[i].breaksPage {
                let unit = i..<(i + 1 + glued(after: queue[i], in: queue[(i + 1)...]))
                let height = queue[unit].reduce(0) { $0 + $1.height(width: width) } + gap * Double(unit.count - 1)
                guard y + height <= content.maxY else {
                    i = unit.upperBound
                    continue
                }
                for member in queue[unit] { place(member, height: member.height(width: width)) }
                queue.removeSubrange(unit)
            }
        }

        while var block = queue.popFirst() {
            if block.breaksPage {
                if !isEmpty {
                    pages[pages.count - 1].endsSection = true
                    newPage()
                }
                continue
            }
            if block.keepsWithNext, !isEmpty, let next = queue.first(where: { !$0.breaksPage }) {
                let needed = block.height(width: width) + gap + firstPart(next)
                if y + needed > content.maxY {
                    fillHole(held: glued(after: block, in: queue))
                    newPage()
                }
            }
            while true {
                // A caption's first lines stay on the page of the block they describe.
                let caption = queue.first.map { $0.keepsWithPrevious ? gap + $0.minimumHeight(width: width) : 0 } ?? 0
                let room = content.maxY - y - caption
                let h = block.height(width: width)
                if h <= room {
                    place(block, height: h)
                    break
                }
                let (fitting, rest) = movesWhole(block) ? (nil, block) : block.split(width: width, height: room)
                if let fitting {
                    place(fitting, height: fitting.height(width: width))
                    newPage()
                    guard let rest else { break }
                    block = rest
                } else if !isEmpty {
                    // A caption moving on alone would leave its block behind: nothing moves up past it.
                    if !block.keepsWithPrevious { fillHole(held: glued(after: block, in: queue)) }
                    newPage()
                } else {
                    place(block, height: min(h, content.height))
                    break
                }
            }
        }
        if pages.count > 1, isEmpty { pages.removeLast() }
        pages[pages.count - 1].endsSection = true
        return pages
    }

    /// The share of a page that may stay empty before later blocks move up into it: a smaller hole reads
    /// as the end of a topic, a larger one as a missing page.
    static let largestHole = 1.0 / 3

    /// The largest share of a page a table may take and still move whole to the next page: a short table
    /// split leaves a few rows on their own ("5 orphan rows"); a long one is read page by page anyway, and
    /// moving it would leave most of a page empty.
    static let shortBlock = 0.5

    /// How many blocks at the head of `rest` belong with `block`: what a heading keeps with it, and the
    /// captions after a block.
    static func glued(after block: any LayoutBlock, in rest: ArraySlice<any LayoutBlock>) -> Int {
        var last = block
        var count = 0
        for next in rest {
            guard !next.breaksPage, last.keepsWithNext || next.keepsWithPrevious else { break }
            last = next
            count += 1
        }
        return count
    }
}
