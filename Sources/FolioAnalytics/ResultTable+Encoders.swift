import FolioCore
import Foundation

extension ResultTable {
    /// Aligned text for a terminal: a header, a rule, then rows; numbers, percents, times and days are
    /// right-aligned so that digits line up, text is left-aligned; undefined cells show `—`.
    func alignedText() -> String {
        let body = rows.map { row in row.enumerated().map { c, cell in display(cell, columns[c]) } }
        var widths = columns.map { $0.name.count }
        for row in body { for (c, text) in row.enumerated() { widths[c] = max(widths[c], text.count) } }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (c, text) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[c] - text.count)
                parts.append(columns[c].kind == .text ? text + padding : padding + text)
            }
            var s = parts.joined(separator: "  ")
            while s.last == " " { s.removeLast() }
            return s
        }
        var lines = [
            line(columns.map(\.name)), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "),
        ]
        lines += body.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 CSV: a header line, CRLF line ends, fields quoted when they hold a comma, quote, CR or LF.
    /// Numbers carry their full precision; undefined cells are empty fields; times are ISO 8601 UTC.
    /// Other control characters (ESC, BEL…) and bidi formatting characters, which no real field holds and
    /// which act on a terminal the file is printed to, are written escaped (`\x1B`, `\u{202E}`).
    public func csv() -> String {
        func field(_ raw: String) -> String {
            let s =
                raw.unicodeScalars.contains { $0 != "\r" && $0 != "\n" && Redaction.isControl($0) }
                ? Redaction.escapingControlCharacters(raw) : raw
            guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return s }
            return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var lines = [columns.map { field($0.name) }.joined(separator: ",")]
        for row in rows {
            lines.append(row.map { cell in cell.map { field(plain($0)) } ?? "" }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// JSON: `{"columns":[{"name":…,"kind":…}],"rows":[{"<name>":value,…}]}` with keys in column order,
    /// numbers as JSON numbers, days as `"YYYY-MM-DD"`, times as ISO 8601 UTC strings, undefined as null.
    public func json() -> String {
        var out = "{\"columns\":["
        out += columns.map { "{\"name\":\(JSONString.quoted($0.name)),\"kind\":\"\($0.kind.rawValue)\"}" }.joined(
            separator: ","
        )
        out += "],\"rows\":["
        out += rows.map { row in
            "{"
                + row.enumerated().map { c, cell in
                    let value: String
                    switch cell {
                    case nil: value = "null"
                    case let .number(v)?: value = v.isFinite ? Cell.exact(v) : "null"
                    case let .text(s)?: value = JSONString.quoted(s)
                    case let .time(t)?: value = JSONString.quoted(ISOTime.format(t))
                    case let .day(d)?: value = JSONString.quoted(d.iso)
                    }
                    return JSONString.quoted(columns[c].name) + ":" + value
                }.joined(separator: ",") + "}"
        }.joined(separator: ",")
        return out + "]}\n"
    }

    private func plain(_ cell: Cell) -> String {
        switch cell {
        case let .text(s): s
        case let .number(v): v.isFinite ? Cell.exact(v) : ""
        case let .time(t): ISOTime.format(t)
        case let .day(d): d.iso
        }
    }

    private func display(_ cell: Cell?, _ column: Column) -> String {
        guard let cell else { return "—" }
        switch cell {
        case let .number(v):
            guard v.isFinite else { return "—" }
            // The rounding of every figure a reader sees (PDF, tiles, charts): see `DecimalDigits`.
            let shown = DecimalDigits.plain(v, decimals: column.decimals)
            return column.kind == .percent ? shown + " %" : shown
        case let .text(s):
            // Text from files and answers (a source, an external id, a name): a line break inside a cell
            // would break the alignment of every row below it, and an escape sequence would reach the
            // terminal (`\u{1B}]0;owned\u{7}` retitles it). Line breaks become spaces, controls `\x1B`.
            return Redaction.escapingControlCharacters(s.replacingOccurrences(of: "\r\n", with: " "))
        default:
            return plain(cell)
        }
    }
}
