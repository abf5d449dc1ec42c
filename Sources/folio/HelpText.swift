/// Help text laid out from declarations (chart kinds, reports), within the 80 columns ArgumentParser wraps
/// at. Plain loops over words, not `split` and `joined(separator:)` or Foundation: ArgumentParser reads
/// every command's help at every start (see `Datasets.names`).
enum HelpText {
    /// `  name         what it is, wrapped` rows: each text starts at column `indent`, after its name and
    /// at least two spaces (or on the next line), and goes on there.
    static func list(_ rows: [(name: String, text: String)], indent: Int = 15, width: Int = 78) -> String {
        var out = ""
        for (name, text) in rows {
            if !out.isEmpty { out += "\n" }
            // A name too long for its column stands on its own line, as ArgumentParser sets a long option.
            var line = "  " + name
            if line.count + 2 > indent {
                out += line + "\n"
                line = ""
            }
            line += String(repeating: " ", count: indent - line.count)
            var start = line.count
            for word in words(text) {
                if line.count > start, line.count + 1 + word.count > width {
                    out += line + "\n"
                    line = String(repeating: " ", count: indent)
                    start = indent
                }
                line += (line.count > start ? " " : "") + word
            }
            out += line
        }
        return out
    }

    /// Example command lines two columns in, each broken before an option with a `\` when it is longer
    /// than `width`, the rest four columns in; an option stays with its values (`--asset BTC ETH`).
    static func examples(_ commands: [String], width: Int = 78) -> String {
        var out = ""
        for command in commands {
            if !out.isEmpty { out += "\n" }
            var pieces: [String] = []
            for word in words(command) {
                if let last = pieces.last, last.hasPrefix("--"), !word.hasPrefix("--") {
                    pieces[pieces.count - 1] += " " + word
                } else {
                    pieces.append(word)
                }
            }
            var line = " "
            for piece in pieces {
                if line.count > 4, line.count + 1 + piece.count + 2 > width {
                    out += line + " \\\n"
                    line = "   "
                }
                line += " " + piece
            }
            out += line
        }
        return out
    }

    /// The words of `text`, between single spaces.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text {
            if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
