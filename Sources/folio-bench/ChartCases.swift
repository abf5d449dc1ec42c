import FolioCharts
import FolioRender
import FolioWorkloads
import Foundation

/// The chart workloads W1–W4 of `samples/bench/README.md`, a one-page PDF of W1 and W5's 4-page PDF. Each timed run
/// computes what its chart shows from the CSV data already in memory (extremes, shares, returns,
/// correlations), lays the chart out, renders, encodes and writes the file.
func chartCases() -> [BenchCase] {
    let png = Workload.allCases.map { workload in
        BenchCase(name: "\(workload.rawValue)-\(workload.fileName.dropFirst(3).dropLast(4))-png") { context in
            let (renderer, data) = try (Renderer(), WorkloadData(directory: context.workloadDirectory))
            let url = context.outputDirectory.appendingPathComponent(workload.fileName)
            return {
                try renderer.write(try workload.chart(data), to: url)
                return fileSize(url)
            }
        }
    }
    let pdf = BenchCase(name: "w1-line-pdf") { context in
        let (renderer, data) = try (Renderer(), WorkloadData(directory: context.workloadDirectory))
        let url = context.outputDirectory.appendingPathComponent("w1-line.pdf")
        return {
            try renderer.write(try Workload.w1.chart(data), to: url)
            return fileSize(url)
        }
    }
    let w5 = BenchCase(name: "w5-report-pdf") { context in
        let (renderer, data) = try (Renderer(), WorkloadData(directory: context.workloadDirectory))
        let url = context.outputDirectory.appendingPathComponent("w5-report.pdf")
        return {
            try writeW5(renderer, data, to: url)
            return fileSize(url)
        }
    }
    return png + [pdf, w5]
}

func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
}
