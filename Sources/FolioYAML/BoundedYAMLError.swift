/// Why `BoundedYAML` refused a file: one line naming the file (and the line, when there is one), never
/// the file's text.
public enum BoundedYAMLError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notUTF8(file: String, line: Int, problem: String)
    /// `line` and `column` from 1; `problem` is libyaml's words (or the duplicated key's name), never the file's text.
    case notYAML(file: String, line: Int, column: Int, problem: String)
    case overLimit(file: String, line: Int?, limit: String)
    /// A mapping's key that is a list or a mapping (`? [a, b]`): every key Folio reads is a name, and
    /// Yams's constructor traps on such a key, so it is refused before anything is composed.
    case keyNotText(file: String, line: Int)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): "\(file): cannot read the file (\(reason))"
        case let .notUTF8(file, line, problem): "\(file):\(line): \(problem)"
        case let .notYAML(file, line, column, problem): "\(file):\(line):\(column): not YAML: \(problem)"
        case let .overLimit(file, line, limit):
            file + (line.map { ":\($0)" } ?? "") + ": " + limit + ", the limit for a YAML file"
        case let .keyNotText(file, line): "\(file):\(line): a key that is not text, expected a name"
        }
    }
}
