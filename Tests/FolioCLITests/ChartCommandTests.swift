import FolioCharts
import FolioDatasets
import FolioRender
import Foundation
import Testing

@Suite struct ChartCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var title: String
        var label: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "line",
            arguments: ["line", "--asset", "AAPL"],
            title: "AAPL price, last 7 days",
            label: "Max $167.78"
        ),
        Case(
            name: "line-several",
            arguments: ["line", "--asset", "AAPL", "MSFT", "GOOGL"],
            title: "Prices, last 7 days",
            label: "GOOGL"
        ),
        Case(
            name: "line-shared-axis",
            arguments: ["line", "--asset", "JPM", "XOM", "JNJ", "--days", "30"],
            title: "Prices, last 30 days",
            label: "XOM"
        ),
        Case(
            name: "line-uk-uah",
            arguments: ["line", "--asset", "AAPL", "--currency", "UAH", "--locale", "uk", "--theme", "dark"],
            title: "Ціна AAPL за 7 днів",
            label: "Макс."
        ),
        Case(
            name: "compare",
            arguments: ["compare", "--asset", "BTC", "ETH", "LTC"],
            title: "BTC, ETH and LTC compared",
            label: "LTC"
        ),
        Case(
            name: "pie",
            arguments: ["pie", "--portfolio", "Demo UAH"],
            title: "Demo UAH: allocation by asset",
            label: "NVDA"
        ),
        Case(
            name: "donut-kind",
            arguments: ["donut", "--portfolio", "DSX crypto", "--by", "kind"],
            title: "DSX crypto: allocation by asset kind",
            label: "Crypto"
        ),
        Case(
            name: "donut-budget",
            arguments: ["donut", "--by", "category", "--locale", "uk"],
            title: "Витрати за категоріями",
            label: "Продукти"
        ),
        Case(
            name: "bars",
            arguments: ["bars", "--portfolio", "Demo UAH", "--percent"],
            title: "Demo UAH: share of each asset by month",
            label: "NVDA"
        ),
        Case(
            name: "hbars",
            arguments: ["hbars", "--portfolio", "DSX crypto"],
            title: "DSX crypto: deposits and withdrawals",
            label: "Deposits"
        ),
        Case(
            name: "correlation",
            arguments: ["correlation", "--portfolio", "Demo UAH"],
            title: "Demo UAH: correlation of daily returns",
            label: "MSFT"
        ),
        Case(
            name: "table",
            arguments: ["table", "--portfolio", "Demo UAH"],
            title: "Demo UAH: holdings",
            label: "NVDA"
        ),
    ]

    /// Runs `folio chart` on the demo database and returns the file's bytes.
    static func render(_ arguments: [String], to url: URL) throws -> [UInt8] {
        let result = try FolioProcess.run(["chart"] + arguments + ["--db", try DemoDatabase.path(), "--out", url.path])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return [UInt8](try Data(contentsOf: url))
    }

    @Test(arguments: cases)
    func everyKindRendersToPNGPDFAndSVGTheSameTwice(_ c: Case) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let png = directory.appendingPathComponent(c.name + ".png")
        let pngBytes = try Self.render(c.arguments, to: png)
        let decoded = try #require(PNGDecoding.rgb(contentsOf: png.path), "\(c.name).png does not decode")
        #expect(decoded.width == 1200 && decoded.height == 675)
        #expect(Set(decoded.pixels).count > 2, "the image is not blank")

        let pdf = directory.appendingPathComponent(c.name + ".pdf")
        let pdfBytes = try Self.render(c.arguments, to: pdf)
        let info = try FolioProcess.tool("pdfinfo", [pdf.path])
        #expect(info.status == 0)
        #expect(info.stdout.contains("Pages:") && info.stdout.contains("1200 x 675 pts"))
        #expect(info.stdout.contains("Title:") && info.stdout.contains(c.title))
        let text = try FolioProcess.tool("pdftotext", [pdf.path, "-"])
        #expect(text.stdout.contains(c.title))
        #expect(text.stdout.contains(c.label), "\(c.name): no \(c.label) in \(text.stdout)")

        let svg = directory.appendingPathComponent(c.name + ".svg")
        let svgBytes = try Self.render(c.arguments, to: svg)
        #expect(String(decoding: svgBytes, as: UTF8.self).contains("<svg"))

        // Same command, same bytes: outputs can be cached and diffed.
        for (url, first) in [(png, pngBytes), (pdf, pdfBytes), (svg, svgBytes)] {
            let again = directory.appendingPathComponent("again." + url.pathExtension)
            #expect(try Self.render(c.arguments, to: again) == first, "\(url.lastPathComponent) differs between runs")
        }
    }

    @Test func scaleAndSizeSetThePNGPixels() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let double = directory.appendingPathComponent("2x.png")
        _ = try Self.render(["line", "--asset", "AAPL", "--scale", "2"], to: double)
        let big = try #require(PNGDecoding.rgb(contentsOf: double.path))
        #expect(big.width == 2400 && big.height == 1350)
        let small = directory.appendingPathComponent("small.png")
        _ = try Self.render(["pie", "--portfolio", "Demo UAH", "--size", "800x450", "--scale", "2"], to: small)
        let image = try #require(PNGDecoding.rgb(contentsOf: small.path))
        #expect(image.width == 1600 && image.height == 900)
    }

    /// A comparison of a portfolio draws its seven largest holdings and names the rest, on the chart and
    /// on stderr (it left GOOGL, KO and XOM out in silence).
    @Test func aPortfolioComparisonNamesTheHoldingsItLeavesOut() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("compare.pdf")
        let result = try FolioProcess.run(
            [
                "chart", "compare", "--portfolio", "Demo UAH", "--days", "365", "--db", try DemoDatabase.path(),
                "--out", pdf.path,
            ]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("normalised: not shown: XOM, KO, USD, GOOGL"), "\(result.stderr)")
        let text = try FolioProcess.tool("pdftotext", [pdf.path, "-"]).stdout
        #expect(text.contains("Not shown: XOM, KO, USD, GOOGL (beyond the 7 largest)"), "\(text)")
        // In May 2013 the dollars are among the largest, but a comparison in dollars has no price of them.
        let young = try FolioProcess.run(
            [
                "chart", "compare", "--portfolio", "Demo UAH", "--as-of", "2013-05-15", "--db",
                try DemoDatabase.path(), "--out", pdf.path,
            ]
        )
        #expect(young.status == 0, "\(young.stderr)")
        let youngText = try FolioProcess.tool("pdftotext", [pdf.path, "-"]).stdout
        #expect(youngText.contains("Not shown: USD (no prices in these days)"), "\(youngText)")
    }

    @Test func defaultsAreTheLastDayWithDataAndASourceLine() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("aapl.pdf")
        _ = try Self.render(["line", "--asset", "AAPL"], to: pdf)
        let text = try FolioProcess.tool("pdftotext", [pdf.path, "-"]).stdout
        // The stock closes end on 2018-02-07; the window is the seven days up to it, from the close 7 days back.
        #expect(text.contains("31 Jan – 7 Feb 2018"))
        #expect(text.contains("Source: exchange closes · as of 7 Feb 2018"))
        let uk = directory.appendingPathComponent("aapl-uk.pdf")
        _ = try Self.render(
            [
                "line", "--asset", "AAPL", "--currency", "UAH", "--locale", "uk", "--as-of", "2018-01-31", "--days",
                "10",
            ],
            to: uk
        )
        let ukText = try FolioProcess.tool("pdftotext", [uk.path, "-"]).stdout
        #expect(ukText.contains("Ціна AAPL за 10 днів"))
        #expect(ukText.contains("Джерело: НБУ, біржові ціни закриття · станом на 31.01.2018"))
        let info = try FolioProcess.tool("pdfinfo", [uk.path]).stdout
        #expect(info.contains("2018"), "the PDF's creation date is the as-of day, not the clock")
    }

    static let errors: [([String], String)] = [
        (["line", "--asset", "XYZ"], "Error: --asset: unknown asset XYZ"),
        (["pie", "--portfolio", "Nope"], "Error: --portfolio: no portfolio named \"Nope\""),
        (["line", "--asset", "AAPL", "--size", "12x"], "Error: --size:"),
        (["line", "--asset", "AAPL", "--size", "50x50"], "Error: --size:"),
        (["line", "--asset", "AAPL", "--as-of", "2010-01-01"], "Error: --as-of: no quotes of AAPL"),
        (["line", "--asset", "AAPL", "--as-of", "2018-02-31"], "Error: --as-of:"),
        (["bars", "--portfolio", "Demo UAH", "--as-of", "2012-01-31"], "Error: --as-of:"),
        (["pie", "--by", "category", "--as-of", "2020-01-01"], "Error: --as-of: no budget expenses"),
        (["sunburst", "--portfolio", "Demo UAH"], "Error: kind: unknown chart kind"),
        (["compare", "--asset", "AAPL"], "Error: --asset:"),
        (["table"], "Error: --portfolio:"),
        (["line", "--asset", "AAPL", "--theme", "sepia"], "Error: --theme:"),
        (["line", "--asset", "AAPL", "--locale", "de"], "Error: --locale:"),
    ]

    @Test(arguments: errors)
    func errorsAreOneLineNamingTheArgumentAndWriteNoFile(_ arguments: [String], _ message: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for ext in ["png", "pdf"] {
            let out = directory.appendingPathComponent("chart." + ext)
            let result = try FolioProcess.run(
                ["chart"] + arguments + ["--db", try DemoDatabase.path(), "--out", out.path]
            )
            #expect(result.status != 0)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty,
                "a failed chart left a file"
            )
        }
    }

    @Test func anUnknownExtensionIsRefusedBeforeAnythingIsRead() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("chart.gif")
        // No database at all: the extension is checked first, so the error names --out, not the database.
        let result = try FolioProcess.run([
            "chart", "line", "--asset", "AAPL", "--db", directory.appendingPathComponent("none.sqlite").path,
            "--out", out.path,
        ])
        #expect(result.status != 0)
        #expect(
            result.stderr == "Error: --out: unknown extension \"gif\" in \(out.path), expected .png, .pdf or .svg\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// Every kind has its line in the help's list of kinds and an example, from `ChartKind.allCases`: a
    /// new kind fails here until its help is written.
    @Test func helpDescribesEveryKindWithAnExample() throws {
        let result = try FolioProcess.run(["chart", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        // The list runs from its heading to a blank line; a kind's line starts two columns in with its
        // name, or names ("pie, donut"), and a gap before what it draws.
        let list = result.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("Kinds and what they draw") }
            .dropFirst()
            .prefix { !$0.isEmpty }
        let described = Set(
            list.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.flatMap { line in
                line.dropFirst(2).components(separatedBy: "  ")[0].components(separatedBy: ", ")
            }
        )
        #expect(described.count > 1, "no list of kinds in folio chart --help")
        for kind in ChartKind.allCases {
            #expect(described.contains(kind.rawValue), "folio chart --help does not say what \(kind.rawValue) draws")
            #expect(
                result.stdout.contains("folio chart \(kind.rawValue) "),
                "folio chart --help has no example of \(kind.rawValue)"
            )
        }
    }

    /// Every field of a chart request is an option of `folio chart`, with its declared help, and the help
    /// fits the 80 columns it is laid out for.
    @Test func everyChartFieldIsAnOptionInTheHelp() throws {
        let help = try FolioProcess.run(["chart", "--help"], environment: ["COLUMNS": "80"]).stdout
        let lines = help.components(separatedBy: "\n")
        for field in ChartRequest.Field.allCases {
            let option = field.option
            let usage = option.arity == .flag ? "--\(field.rawValue)" : "--\(field.rawValue) <\(option.valueName)>"
            let line = lines.first { $0.hasPrefix("  " + usage + " ") }
            #expect(line != nil, "folio chart --help has no \(usage)")
            let firstWords = option.help.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(line?.contains(firstWords) == true, "\(usage): \(line ?? "")")
        }
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    }

    /// `--locale` and `--theme` are one declaration: the same lines in every command that draws.
    @Test func localeAndThemeReadAlikeInEveryCommandThatDraws() throws {
        func options(_ command: String) throws -> [String] {
            let help = try FolioProcess.run([command, "--help"], environment: ["COLUMNS": "80"]).stdout
            let lines = help.components(separatedBy: "\n")
            guard let start = lines.firstIndex(where: { $0.hasPrefix("  --locale <locale>") }) else { return [] }
            return Array(
                lines[start...].prefix {
                    $0.hasPrefix("  --locale") || $0.hasPrefix("  --theme") || $0.hasPrefix("     ")
                }
            )
        }
        let chart = try options("chart")
        #expect(chart.count >= 2 && chart.contains { $0.hasPrefix("  --theme <theme>") }, "\(chart)")
        #expect(try options("report") == chart)
        #expect(try options("mail") == chart)
    }
}
