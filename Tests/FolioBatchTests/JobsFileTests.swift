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
        guard case .chart(let request, _, _) = try load(render).jobs[0].item else { throw ArgumentError(message: "not a chart job") }
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
        #expect { try load("  - chart: bars\n    colour: red\n") } throws: { "\($0)".contains("render[0].colour: unknown key") }
        #expect { try load("  - chart: bars\n    portfolio: Other\n") } throws: { "\($0)".contains("render[0].portfolio: unknown key") }
        #expect { try load("  - chart: line\n    data: composition\n") } throws: {
            "\($0)".contains("render[0]: --data: composition is drawn as bars, not as line")
        }
    }

    @Test func aPortfolioCanNameItsOwnBenchmark() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TestPaths.write("""
            portfolios:
              - "Demo UAH"
              - {name: "DSX crypto", benchmark: btc}
            render:
              - report: portfolio
            """, "jobs.yaml", in: directory)
        let jobs = try JobsFile.load(file)
        #expect(jobs.portfolios == .named(["Demo UAH", "DSX crypto"]) && jobs.benchmarks == ["DSX crypto": "BTC"])
        for (text, message) in [("{name: X, colour: red}", "portfolios[0].colour: unknown key"), ("{name: X, benchmark: \"B C\"}", "portfolios[0].benchmark")] {
            let bad = try TestPaths.write("portfolios: [\(text)]\nrender:\n  - report: portfolio\n", "bad.yaml", in: directory)
            #expect { try JobsFile.load(bad) } throws: { "\($0)".contains(message) }
        }
    }
}
