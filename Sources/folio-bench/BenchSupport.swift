import Foundation

/// Every case the executable knows, in the order they run.
func allBenchCases() -> [BenchCase] {
    importCases() + fetchCases() + analyticsCases() + chartCases() + processCases() + scaleCases()
}

struct BenchArguments {
    var workloadDirectory = URL(fileURLWithPath: "samples/bench")
    var dataDirectory = URL(fileURLWithPath: "samples")
    var outputDirectory = URL(fileURLWithPath: "out/bench")
    var folio = BenchArguments.defaultFolio()
    var filters: [String] = []
    var runs = 5
    var json = false

    static let usage = """
        usage: folio-bench [--workloads DIR] [--data DIR] [--out DIR] [--folio PATH] [--filter NAME]... [--runs N] [--json]
               folio-bench w1|w2|w3|w4|w5 --data DIR --out FILE [--repeat N --json FILE]
          --workloads DIR  the standard workload CSVs (default samples/bench)
          --data DIR       the sample data: stocks/, nbu/ (default samples; run from the project root)
          --out DIR        where each case writes the outputs of its last run (default out/bench)
          --folio PATH     the folio executable of the whole-process and batch cases (default
                           .build-static/release/folio from `make build`, else the one beside folio-bench)
          --filter NAME    run only cases whose name contains NAME (repeatable)
          --runs N         timed runs per case after one warm-up run (default 5)
          --json           one JSON array instead of one line per case
        A workload name renders that workload alone from the CSVs in DIR into FILE (once, or 1 + N
        times with --repeat, writing {"first_render_ms", "samples_in_order_ms"} to the --json file).
        """

    static func parse(_ args: [String]) -> BenchArguments {
        var result = BenchArguments()
        var i = 0
        func value() -> String {
            i += 1
            guard i < args.count else { fail("\(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            switch args[i] {
            case "--workloads": result.workloadDirectory = URL(fileURLWithPath: value())
            case "--data": result.dataDirectory = URL(fileURLWithPath: value())
            case "--out": result.outputDirectory = URL(fileURLWithPath: value())
            case "--folio": result.folio = URL(fileURLWithPath: value())
            case "--filter": result.filters.append(value())
            case "--runs":
                guard let n = Int(value()), n > 0 else { fail("--runs takes a whole number above zero") }
                result.runs = n
            case "--json": result.json = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument \(args[i])")
            }
            i += 1
        }
        return result
    }

    /// The statically linked build users run (`make build`); the plain release build beside this executable
    /// otherwise. Whole-process times differ between the two by the dynamic linker's work.
    static func defaultFolio() -> URL {
        let installed = URL(fileURLWithPath: ".build-static/release/folio")
        if FileManager.default.isExecutableFile(atPath: installed.path) { return installed }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "folio"
        )
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("folio-bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}

func sampleMedian(_ samples: [Double]) -> Double {
    let s = samples.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

struct BenchResult: Encodable {
    let name: String
    let samples: [Double]
    let outputBytes: Int
    let peakRSSBytes: Int
    var yardstick: YardstickResult? = nil

    var sorted: [Double] { samples.sorted() }
    var median: Double { sampleMedian(samples) }

    enum CodingKeys: String, CodingKey {
        case name = "case"
        case medianMs, minMs, maxMs, runs, outputBytes, peakRSSBytes, yardstick
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(median, forKey: .medianMs)
        try c.encode(sorted.first ?? 0, forKey: .minMs)
        try c.encode(sorted.last ?? 0, forKey: .maxMs)
        try c.encode(samples.count, forKey: .runs)
        try c.encode(outputBytes, forKey: .outputBytes)
        try c.encode(peakRSSBytes, forKey: .peakRSSBytes)
        try c.encodeIfPresent(yardstick, forKey: .yardstick)
    }

    var line: String {
        String(
            format: "%-34@ median %9.3f ms  min %9.3f  max %9.3f  runs %d  out %d B  peak RSS %.1f MiB",
            name as NSString,
            median,
            sorted.first ?? 0,
            sorted.last ?? 0,
            samples.count,
            outputBytes,
            Double(peakRSSBytes) / 1_048_576
        )
            + (yardstick.map { "\n" + $0.line } ?? "")
    }
}

/// The yardstick's runs, taken in turn with the case's: its median, and the median of the case's time
/// over the yardstick's pair by pair (below 1: the case is faster).
struct YardstickResult: Encodable {
    let name: String
    let medianMs: Double
    let ratioMedian: Double

    init(name: String, samples: [Double], caseSamples: [Double]) {
        self.name = name
        medianMs = sampleMedian(samples)
        ratioMedian = sampleMedian(zip(caseSamples, samples).map { $0 / $1 })
    }

    var line: String {
        String(
            format: "%-34@ median %9.3f ms  (case / yardstick, pair by pair: median %.2f)",
            ("  vs " + name) as NSString,
            medianMs,
            ratioMedian
        )
    }
}

/// The process's peak resident memory (Linux `VmHWM`), reset before each case so that each case
/// reports its own peak rather than the largest case's before it.
enum PeakMemory {
    static func reset() {
        // Writing 5 to clear_refs resets the high-water mark (Linux 4.0+); harmless where unsupported.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static func current() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib * 1024
    }
}
