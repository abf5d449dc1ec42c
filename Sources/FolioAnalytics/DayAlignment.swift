import FolioCore

/// One asset's prices in day order, one per day, for lining several assets up on a calendar by walking
/// sorted arrays side by side (closes usually arrive sorted and on the same days, so this costs a few
/// comparisons per price where hashing every day cost a hash and a probe).
struct DayPrices {
    /// Strictly increasing: the days with a finite price.
    var days: [Day]
    /// The price on `days[i]`: the last finite one given for that day.
    var values: [Double]
    /// Strictly increasing: every day given, also those whose prices are all non-finite.
    var listed: [Day]

    /// `prices` in any order; a later price for the same day wins over an earlier one.
    init(_ prices: [DatedValue]) {
        let inOrder = zip(prices, prices.dropFirst()).allSatisfy { $0.day < $1.day }
        // Sorting by (day, position) keeps duplicates in the order given, so the later one still wins.
        let ordered =
            inOrder ? prices : prices.indices.sorted { (prices[$0].day, $0) < (prices[$1].day, $1) }.map { prices[$0] }
        days = []
        values = []
        listed = []
        days.reserveCapacity(ordered.count)
        values.reserveCapacity(ordered.count)
        listed.reserveCapacity(ordered.count)
        for p in ordered {
            if listed.last != p.day { listed.append(p.day) }
            guard p.value.isFinite else { continue }
            if days.last == p.day {
                values[values.count - 1] = p.value
            } else {
                days.append(p.day)
                values.append(p.value)
            }
        }
    }

    /// The prices on the days of `calendar` (strictly increasing); nil on days without one.
    func values(on calendar: [Day]) -> [Double?] {
        var column = [Double?](repeating: nil, count: calendar.count)
        var j = 0
        for (i, day) in calendar.enumerated() {
            while j < days.count, days[j] < day { j += 1 }
            if j < days.count, days[j] == day { column[i] = values[j] }
        }
        return column
    }
}

/// Union and intersection of strictly increasing day arrays, by merging.
enum SortedDays {
    static func union(_ lists: [[Day]]) -> [Day] {
        guard var result = lists.first else { return [] }
        for list in lists.dropFirst() where list != result { result = merge(result, list, keepingAll: true) }
        return result
    }

    static func intersection(_ lists: [[Day]]) -> [Day] {
        guard var result = lists.first else { return [] }
        for list in lists.dropFirst() where list != result { result = merge(result, list, keepingAll: false) }
        return result
    }

    /// The days of both (`keepingAll`) or the days common to both.
    private static func merge(_ a: [Day], _ b: [Day], keepingAll: Bool) -> [Day] {
        var out: [Day] = []
        out.reserveCapacity(keepingAll ? a.count + b.count : min(a.count, b.count))
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                out.append(a[i])
                i += 1
                j += 1
            } else if a[i] < b[j] {
                if keepingAll { out.append(a[i]) }
                i += 1
            } else {
                if keepingAll { out.append(b[j]) }
                j += 1
            }
        }
        if keepingAll {
            out += a[i...]
            out += b[j...]
        }
        return out
    }
}
