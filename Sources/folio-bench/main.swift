import Foundation
import FolioRender

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
    workloadDirectory: arguments.workloadDirectory, dataDirectory: arguments.dataDirectory,
    outputDirectory: arguments.outputDirectory, folio: arguments.folio, scratchDirectory: scratch
)
// Added first, so it runs last (after the cases' own actions), on success and on failure alike.
context.atExit.add { try? fileManager.removeItem(at: scratch) }
defer { context.atExit.run() }
let cases = allBenchCases().filter { c in arguments.filters.isEmpty || arguments.filters.contains { c.name.contains($0) } }
if cases.isEmpty {
    FileHandle.standardError.write(Data("folio-bench: no case matches \(arguments.filters)\n".utf8))
    exit(2)
}

var results: [BenchResult] = []
for benchCase in cases {
    do {
        let run = try benchCase.prepare(context)
        PeakMemory.reset()
        ChildProcess.reset()
        _ = try run()  // warm-up, not counted
        var samples: [Double] = []
        var bytes = 0
        for _ in 0..<min(arguments.runs, benchCase.maxRuns ?? .max) {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes = try run()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let result = BenchResult(name: benchCase.name, samples: samples, outputBytes: bytes, peakRSSBytes: ChildProcess.peakRSSBytes > 0 ? ChildProcess.peakRSSBytes : PeakMemory.current())
        results.append(result)
        if !arguments.json { print(result.line) }
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
