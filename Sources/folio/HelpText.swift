/// Help text laid out from declarations (kinds, reports), within the 80 columns ArgumentParser wraps at.
/// Built by loops over characters, not with Foundation: ArgumentParser reads every command's help at
/// every start.
enum HelpText {
    /// `  name         what it is, wrapped` rows: each text starts at column `indent`, after its name and
    /// at least two spaces, and goes on there.
    static func list(_ rows: [(name: String, text: String)], indent: Int = 15, width: Int = 78) -> String {
        var out: [String] = []
        for (name, text) in rows {
            var line = "  " + name + String(repeating: " ", count: max(2, indent - 2 - name.count))
            var start = line.count
            for word in text.split(separator: " ") {
                if line.count > start, line.count + 1 + word.count > width {
                    out.append(line)
                    line = String(repeating: " ", count: indent)
                    start = indent
                }
                line += (line.count > start ? " " : "") + word
            }
            out.append(line)
        }
        return out.joined(separator: "\n")
    }

    /// An example command line two columns in, broken before an option with a `\` when it is longer than
    /// `width`, the rest four columns in.
    static func example(_ command: String, width: Int = 78) -> String {
        var out: [String] = []
        var line = "  "
        var words = command.split(separator: " ", omittingEmptySubsequences: false)[...]
        while let word = words.popFirst() {
            // An option and its value stay together ("--out c.png").
            var piece = String(word)
            while word.hasPrefix("--"), let next = words.first, !next.hasPrefix("--") {
                piece += " " + next
                words.removeFirst()
            }
            if line.count > 4, line.count + 1 + piece.count + 2 > width {
                out.append(line + " \\")
                line = "    "
            }
            line += (line.hasSuffix(" ") ? "" : " ") + piece
        }
        out.append(line)
        return out.joined(separator: "\n")
    }
}
