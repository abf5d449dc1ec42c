/// Text with `{name}` placeholders: report titles and footers, batch output paths.
///
/// Substitution is one pass from left to right: a value put in is never read again, so a portfolio
/// named `{report}` stays that text in a path or a title instead of becoming another placeholder's
/// value — which, in a batch's output paths, made one portfolio write (and mail) another's files.
public enum Placeholders {
    /// `text` with every `{name}` replaced by `value(name)`; a name for which `value` gives nil is kept
    /// as written, braces and all. A `{` without a `}` after it is kept as text.
    public static func substitute(_ text: String, _ value: (String) -> String?) -> String {
        guard text.contains("{") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += value(name) ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The names of the placeholders in `text`, in order, repeats included.
    public static func names(in text: String) -> [String] {
        var result: [String] = []
        _ = substitute(text) {
            result.append($0)
            return nil
        }
        return result
    }
}
