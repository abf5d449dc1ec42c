import FolioCharts
import Foundation
import Testing

/// `folio completions bash` as bash runs it after a TAB: the values each argument takes come from the
/// declarations the commands parse with, and portfolio names from the database.
@Suite struct CompletionTests {
    /// What bash offers for `words`, the last one being completed, with `environment` set.
    static func offers(_ words: [String], environment: [String: String] = [:]) throws -> [String] {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("folio.bash")
        let printed = try FolioProcess.run(["completions", "bash"])
        try printed.stdout.write(to: script, atomically: true, encoding: .utf8)
        let simulation = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _folio folio "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let path = FolioProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let result = try FolioProcess.tool(
            "bash",
            ["-c", simulation, "completion", script.path] + words,
            environment: environment.merging(["PATH": path]) { $1 }
        )
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func kindsTablesChartsAndReports() throws {
        let kinds = try Self.offers(["folio", "import", ""])
        #expect(["quotes", "csv", "trading212", "degiro", "ghostfolio", "monobank-json"].allSatisfy(kinds.contains))
        #expect(try Self.offers(["folio", "import", "tr"]) == ["trades", "transactions", "trading212"])
        #expect(try Self.offers(["folio", "chart", ""]) == ChartKind.allCases.map(\.rawValue))
        #expect(try Self.offers(["folio", "report", ""]) == ["portfolio", "market", "budget", "daily", "tax"])
        let tables = try Self.offers(["folio", "table", ""])
        #expect(["holdings", "performance", "attribution", "tax-year"].allSatisfy(tables.contains))
        #expect(try Self.offers(["folio", "chart", "line", "--data", "roll"]).contains("rolling-volatility"))
        // A chart option's values, as its declaration gives them; --locale and --theme alike in each command.
        #expect(try Self.offers(["folio", "chart", "pie", "--by", ""]) == ["asset", "kind", "currency", "category"])
        #expect(try Self.offers(["folio", "chart", "compare", "--normalise", ""]) == ["rebased", "min-max"])
        for command in ["chart", "report", "mail"] {
            #expect(try Self.offers(["folio", command, "--locale", ""]) == ["en", "uk"], "\(command)")
            #expect(try Self.offers(["folio", command, "--theme", "d"]) == ["dark"], "\(command)")
        }
    }

    @Test func portfoliosOfTheDatabase() throws {
        let demo = try DemoDatabase.path()
        let words = ["folio", "table", "holdings", "--portfolio", "D"]
        #expect(try Self.offers(words, environment: ["FOLIO_DB": demo]) == ["DSX crypto", "Demo UAH"])
        #expect(try Self.offers(["folio", "report", "--db", demo, "--portfolio", "De"]) == ["Demo UAH"])
        // No database: nothing to offer, and nothing said.
        #expect(try Self.offers(words, environment: ["FOLIO_DB": "/nonexistent/f.sqlite"]).isEmpty)
    }
}
