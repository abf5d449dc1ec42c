import FolioRender
import FolioWorkloads
import Foundation

/// `folio-bench w1|…|w5 --data DIR --out FILE [--repeat N --json FILE]`: the mode outside comparison
/// harnesses drive, as they drive other charting tools. Without --repeat it renders once (a whole
/// process run); with it, 1 + N times in one process, writing
/// `{"first_render_ms": x, "samples_in_order_ms": [...]}` with the first render left out of the samples.
enum SingleWorkload {
    /// The workloads by name: w1–w4 are single charts, w5 the 4-page PDF.
    static func render(_ name: String) -> ((Renderer, WorkloadData, URL) throws -> Void)? {
        if name == "w5" { return { renderer, data, url in try writeW5(renderer, data, to: url) } }
        guard let workload = Workload(rawValue: name) else { return nil }
        return { renderer, data, url in try renderer.write(try workload.chart(data), to: url) }
    }

    static func run(_ name: String, _ args: [String]) -> Never {
        guard let render = render(name) else { BenchArguments.fail("unknown workload \(name)") }
        var data: String?
        var out: String?
        var json: String?
        var repeats = 0
        var i = 0
        func value() -> String {
            i += 1
            guard i < args.count else { BenchArguments.fail("\(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--data": data = value()
            case "--out": out = value()
            case "--json": json = value()
            case "--repeat":
                guard let n = Int(value()), n > 0 else {
                    BenchArguments.fail("--repeat takes a whole number above zero")
                }
                repeats = n
            default: BenchArguments.fail("unknown argument \(args[i]) for \(name)")
            }
            i += 1
        }
        guard let data, let out else { BenchArguments.fail("\(name) needs --data DIR and --out FILE") }
        if (json == nil) != (repeats == 0) { BenchArguments.fail("--repeat and --json go together") }
        do {
            let renderer = try Renderer()
            let loaded = try WorkloadData(directory: URL(fileURLWithPath: data))
            let url = URL(fileURLWithPath: out)
            var timings: [Double] = []
            for _ in 0...repeats {
                let start = DispatchTime.now().uptimeNanoseconds
                try render(renderer, loaded, url)
                timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            if let json {
                let object: [String: Any] = [
                    "first_render_ms": timings[0], "samples_in_order_ms": Array(timings.dropFirst()),
                ]
                try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(
                    to: URL(fileURLWithPath: json),
                    options: .atomic
                )
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("folio-bench: \(name): \(error)\n".utf8))
            exit(1)
        }
    }
}

/// W5 as a PDF: the pages the report engine lays out, written with fonts embedded.
func writeW5(_ renderer: Renderer, _ data: WorkloadData, to url: URL) throws {
    let scenes = try W5Report.scenes(data, measurer: renderer.measurer)
    try renderer.writePDF(
        scenes,
        to: url,
        metadata: PDFMetadata(title: "W5 bench report", creationDate: "2024-12-31T00:00:00Z")
    )
}
