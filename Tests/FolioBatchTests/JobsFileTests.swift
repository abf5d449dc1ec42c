import FolioCharts
import FolioCore
import FolioDatasets
import FolioTestSupport
import Foundation
import Testing

@testable import FolioBatch

/// A jobs file read in-process: chart jobs become typed requests, however their options are written.
@Suite struct JobsFileTests {
    func load(_ render: String) throws -> JobsFile {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TestPaths.write("portfolios: all\nrender:\n" + render, "jobs.yaml", in: directory)
        return try JobsFile.load(file)
    }

    func chart(_ render: String) throws -> ChartRequest {
        guard case .chart(let request, _, _) = try load(render).jobs[0].item else {
            throw ArgumentError(message: "not a chart job")
        }
        return request
    }

    @Test func everySpellingIsTheSameRequest() throws {
        let spellings = [
            "  - chart: correlation\n    args: [\"--asset=BTC\", \"--asset=ETH\", \"--days=90\"]\n",
            "  - chart: correlation\n    args: [\"--asset\", \"BTC\", \"ETH\", \"--days\", \"90\"]\n",
            "  - chart: correlation\n    asset: [BTC, ETH]\n    days: 90\n",
            "  - chart: correlation\n    asset: \"btc,eth\"\n    days: 90\n",
        ]
        let requests = try spellings.map(chart)
        #expect(Set(requests).count == 1)
        #expect(requests[0].assets == ["BTC", "ETH"] && requests[0].days == 90)
        #expect(try load(spellings[0]).jobs[0].readsBeyondPortfolio)
    }

    @Test func whatAChartReadsBeyondThePortfolioComesFromTheRequest() throws {
        #expect(try load("  - chart: pie\n    by: category\n").jobs[0].readsBeyondPortfolio)
        #expect(try load("  - chart: pie\n    args: [\"--by=category\"]\n").jobs[0].readsBeyondPortfolio)
        #expect(try !load("  - chart: pie\n    by: kind\n").jobs[0].readsBeyondPortfolio)
        #expect(try !load("  - chart: line\n    data: value\n").jobs[0].readsBeyondPortfolio)
        #expect(try !load("  - daily: true\n").jobs[0].readsBeyondPortfolio)
    }

    @Test func aBadOptionIsNamedWithItsPathAndLine() throws {
        #expect { try load("  - chart: bars\n    months: 0\n") } throws: {
            "\($0)".hasSuffix("jobs.yaml:4: render[0].months: 0 is out of range, expected 1 to 1200")
        }
        #expect { try load("  - chart: bars\n    colour: red\n") } throws: {
            "\($0)".contains("render[0].colour: unknown key")
        }
        #expect { try load("  - chart: bars\n    portfolio: Other\n") } throws: {
            "\($0)".contains("render[0].portfolio: unknown key")
        }
        #expect { try load("  - chart: line\n    data: composition\n") } throws: {
            "\($0)".contains("render[0]: --data: composition is drawn as bars, not as line")
        }
    }

    /// A template that could let one portfolio write into another's folder is refused when it is read.
    @Test(arguments: [
        (
            "out/{portfolio}/../{report}.{ext}",
            "\"out/{portfolio}/../{report}.{ext}\" has a .. part after {portfolio}, which leads out of the portfolio's folder"
        ),
        (
            "out/{portfolio}/x/../../{report}.{ext}",
            "\"out/{portfolio}/x/../../{report}.{ext}\" has a .. part after {portfolio}, which leads out of the portfolio's folder"
        ),
        (
            "out/{date}/{portfolio}-{report}.{ext}",
            "expected {portfolio} as a folder of its own in \"out/{date}/{portfolio}-{report}.{ext}\", as in out/{portfolio}/{date}/{report}.{ext}, so that no two portfolios share a file"
        ),
        (
            "out/{report}/{portfolio}",
            "expected {portfolio} as a folder of its own in \"out/{report}/{portfolio}\", as in out/{portfolio}/{date}/{report}.{ext}, so that no two portfolios share a file"
        ),
        (
            "out/{portfolio}/{date}.pdf",
            "expected {report} in \"out/{portfolio}/{date}.pdf\" so that a portfolio's outputs never collide"
        ),
    ])
    func aTemplateThatLeavesThePortfoliosFolderIsRefused(_ template: String, _ message: String) throws {
        #expect { try load("  - report: portfolio\n    output: \"\(template)\"\n") } throws: {
            "\($0)".hasSuffix("jobs.yaml:4: render[0].output: " + message)
        }
    }

    @Test func portfolioFoldersAtTwoDepthsOfOneTreeAreRefused() throws {
        let nested = "  - report: portfolio\n  - chart: pie\n    output: \"out/{date}/{portfolio}/{report}.{ext}\"\n"
        #expect { try load(nested) } throws: {
            "\($0)".hasSuffix(
                "jobs.yaml:5: render[1].output: \"out/{date}/{portfolio}/{report}.{ext}\" puts portfolio folders inside those of "
                    + "\"out/{portfolio}/{date}/{report}.{ext}\" (render[0]), where one portfolio would hold another's files; expected {portfolio} at one depth"
            )
        }
        // One depth, two trees (or the same tree): every portfolio still has a folder of its own.
        let apart =
            "  - report: portfolio\n  - chart: pie\n    output: \"png/{portfolio}/{report}.{ext}\"\n  - chart: donut\n    output: \"out/{portfolio}/x/{report}.{ext}\"\n"
        #expect(try load(apart).jobs.count == 3)
        #expect(
            try load("  - chart: pie\n    output: \"/srv/out/{locale}/{portfolio}/{date}/{report}.{ext}\"\n").jobs.count
                == 1
        )
        #expect(try load("  - chart: pie\n    output: \"../out/{portfolio}/{report}.{ext}\"\n").jobs.count == 1)
        // `./out` is `out`.
        #expect {
            try load("  - report: portfolio\n  - chart: pie\n    output: \"./out/a/{portfolio}/{report}.{ext}\"\n")
        } throws: {
            "\($0)".contains("render[1].output: \"./out/a/{portfolio}/{report}.{ext}\" puts portfolio folders inside")
        }
    }

    @Test func placeholdersAreFilledInOnePass() {
        let template = "out/{portfolio}/{date}/{report}.{ext}"
        for name in ["{report}", "{date}", "{ext}", "{locale}", "{portfolio}"] {
            let path = OutputPath.expand(
                template,
                values: ["portfolio": name, "date": "2018-02-07", "report": "donut", "ext": "png"]
            )
            #expect(path == "out/\(name)/2018-02-07/donut.png")
            #expect(
                OutputPath.expand(
                    template,
                    values: ["portfolio": OutputPath.component(name), "date": "d", "report": "r", "ext": "png"]
                )
                    == "out/_" + name.dropFirst().dropLast() + "_/d/r.png"
            )
        }
        #expect(OutputPath.expand(template, values: ["report": "r"]) == "out/{portfolio}/{date}/r.{ext}")
        // `{report}` and `_report_` would share a folder: both get a hash ending.
        let folders = OutputPath.collisionComponents(["{report}", "_report_", "donut"])
        #expect(
            folders.count == 2 && Set(folders.values).count == 2
                && folders.values.allSatisfy { $0.hasPrefix("_report_-") }
        )
    }

    @Test func aPortfolioCanNameItsOwnBenchmark() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TestPaths.write(
            """
            portfolios:
              - "Demo UAH"
              - {name: "DSX crypto", benchmark: btc}
            render:
              - report: portfolio
            """,
            "jobs.yaml",
            in: directory
        )
        let jobs = try JobsFile.load(file)
        #expect(jobs.portfolios == .named(["Demo UAH", "DSX crypto"]) && jobs.benchmarks == ["DSX crypto": "BTC"])
        for (text, message) in [
            ("{name: X, colour: red}", "portfolios[0].colour: unknown key"),
            ("{name: X, benchmark: \"B C\"}", "portfolios[0].benchmark"),
        ] {
            let bad = try TestPaths.write(
                "portfolios: [\(text)]\nrender:\n  - report: portfolio\n",
                "bad.yaml",
                in: directory
            )
            #expect { try JobsFile.load(bad) } throws: { "\($0)".contains(message) }
        }
    }

    /// `mail: when:` takes rendered, always and out-of-band; anything else is refused in one line naming
    /// the file, the line and the key, with the three values.
    @Test func mailWhenOutOfBandIsReadAndABadValueIsNamed() throws {
        let render = "  - chart: pie\nmail:\n  to: ops@example.com\n  when: "
        #expect(try load(render + "out-of-band\n").mail?.when == .outOfBand)
        #expect(try load(render + "always\n").mail?.when == .always)
        #expect(try load("  - chart: pie\nmail:\n  to: ops@example.com\n").mail?.when == .rendered)
        #expect { try load(render + "drifted\n") } throws: {
            "\($0)".hasSuffix(
                "jobs.yaml:6: mail.when: expected rendered, always or out-of-band, got \"drifted\""
            )
        }
    }
}
