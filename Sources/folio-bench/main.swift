import FolioRender
import Foundation

// folio-bench: times Folio's real code paths on fixed workloads, warm, inside one process.
// Each case: prepare (untimed), one warm-up run (not counted), then N timed runs → median, min, max.
// Run in release mode: `make bench`, or see README's performance section.

// The allocator settings `folio` runs with, so that the cases time what users run.
ProcessMemory.keepFreedMemoryForReuse()
if CommandLine.arguments.count > 1, SingleWorkload.render(CommandLine.arguments[1]) != nil {
    SingleWorkload.run(CommandLine.arguments[1], Array(CommandLine.arguments.dropFirst(2)))
}
let arguments = BenchArguments.parse(Array(CommandLine.arguments.dropFirst()))
let fileManager = FileManager.default
let scratch = fileManager.temporaryDirectory.appendingPathComponent("folio-bench-\(getpid())")
try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
try fileManager.createDirectory(at: arguments.outputDirectory, withIntermediateDirectories: true)

let context = BenchContext(
    workloadDirectory: arguments.workloadDirectory,
    dataDirectory: arguments.dataDirectory,
    outputDirectory: arguments.outputDirectory,
    folio: arguments.folio,
    scratchDirectory: scratch
)
// Added first, so it runs last (after the cases' own actions), on success and on failure alike.
context.atExit.add { try? fileManager.removeItem(at: scratch) }
defer { context.atExit.run() }
let cases = allBenchCases().filter { c in
    arguments.filters.isEmpty || arguments.filters.contains { c.name.contains($0) }
}
if cases.isEmpty {
    FileHandle.standardError.write(Data("folio-bench: no case matches \(arguments.filters)\n".utf8))
    exit(2)
}

func milliseconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

var results: [BenchResult] = []
for benchCase in cases {
    do {
        let runs = try benchCase.prepare(context)
        PeakMemory.reset()
        ChildProcess.reset()
        // The peak reported is the case's own: the yardstick's children are not Folio.
        func yardstickMilliseconds() throws -> Double? {
            guard let yardstick = runs.yardstick else { return nil }
            let peak = ChildProcess.peakRSSBytes
            defer { ChildProcess.peakRSSBytes = peak }
            return try milliseconds(yardstick.run)
        }
        _ = try runs.run()  // warm-ups, not counted
        _ = try yardstickMilliseconds()
        var samples: [Double] = []
        var yardstickSamples: [Double] = []
        var bytes = 0
        for _ in 0..<min(arguments.runs, benchCase.maxRuns ?? .max) {
            samples.append(try milliseconds { bytes = try runs.run() })
            if let sample = try yardstickMilliseconds() { yardstickSamples.append(sample) }
        }
        var result = BenchResult(
            name: benchCase.name,
            samples: samples,
            outputBytes: bytes,
            peakRSSBytes: ChildProcess.peakRSSBytes > 0 ? ChildProcess.peakRSSBytes : PeakMemory.current()
        )
        if let yardstick = runs.yardstick {
            result.yardstick = YardstickResult(name: yardstick.name, samples: yardstickSamples, caseSamples: samples)
        }
        results.append(result)
        if !arguments.json { print(result.line) }
    } catch let skipped as BenchSkippedError {
        FileHandle.standardError.write(Data("folio-bench: \(benchCase.name) skipped: \(skipped.reason)\n".utf8))
    } catch {
        FileHandle.standardError.write(Data("folio-bench: \(benchCase.name): \(error)\n".utf8))
        context.atExit.run()
        exit(1)
    }
}
if arguments.json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(results), as: UTF8.self))
}
