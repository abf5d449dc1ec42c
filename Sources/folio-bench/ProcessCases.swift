import FolioCore
import FolioImport
import FolioRender
import FolioStore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whole-process cases: the `folio` executable run the way users and cron run it (process start, store,
/// analytics, layout, rendering, files). Each case's peak RSS is the child's (`wait4`), not the benchmark's.
///
/// - the rows of the start-up issue, on the demo database (`scripts/make-demo-db.sh`, built untimed by
///   the same `folio`): `folio --version`, `folio chart line --asset AAPL` of one PNG, `folio table
///   holdings` and `folio report portfolio` of "Demo UAH";
/// - `folio-bench w1` as a whole process beside gnuplot drawing W1 (`scripts/w1.gnuplot`), in turn, when
///   gnuplot is installed (it is not a dependency: skipped without it);
/// - `folio batch` of 1,000 portfolios built from samples/, each one PDF report and three PNG
///   charts, with `--jobs 1` and `--jobs 2` (the issue's scaling goal is their ratio). These take tens
///   of seconds a run, so they run at most three times after the warm-up, whatever `--runs` says.
func processCases() -> [BenchCase] {
    func database(_ context: BenchContext, portfolios: Int) throws -> String {
        let path = context.scratchDirectory.appendingPathComponent("portfolios-\(portfolios).sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            try BenchPortfolios(count: portfolios).build(
                at: path,
                data: context.dataDirectory,
                scratch: context.scratchDirectory
            )
            // A copy beside the outputs, to profile `folio batch` by hand on the same data.
            let copy = context.outputDirectory.appendingPathComponent("portfolios-\(portfolios).sqlite")
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        }
        return path
    }
    func demoDatabase(_ context: BenchContext) throws -> String {
        let path = context.scratchDirectory.appendingPathComponent("demo.sqlite").path
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.fileExists(atPath: "scripts/make-demo-db.sh") else {
                throw BenchError("run folio-bench from the project root: scripts/make-demo-db.sh is not here")
            }
            try ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"),
                ["scripts/make-demo-db.sh", context.folio.path, path]
            )
        }
        return path
    }
    /// One `folio` run on the demo database, as the issue's table gives it.
    func demo(
        _ name: String,
        output: String? = nil,
        _ arguments: @escaping (_ db: String, _ out: URL) -> [String]
    ) -> BenchCase {
        BenchCase(name: name) { context in
            let db = try demoDatabase(context)
            let out = context.outputDirectory.appendingPathComponent(output ?? "\(name).out")
            return {
                try ChildProcess.run(context.folio, arguments(db, out))
                return output == nil ? 0 : fileSize(out)
            }
        }
    }
    let version = demo("process-version") { _, _ in ["--version"] }
    let chart = demo("process-chart-png", output: "process-chart.png") { db, out in
        ["chart", "line", "--db", db, "--asset", "AAPL", "--out", out.path]
    }
    let table = demo("process-table-holdings") { db, _ in ["table", "holdings", "--db", db, "--portfolio", "Demo UAH"] }
    let report = demo("process-report-pdf", output: "process-report.pdf") { db, out in
        ["report", "portfolio", "--db", db, "--portfolio", "Demo UAH", "--out", out.path]
    }
    let gnuplot = BenchCase(
        name: "process-w1-vs-gnuplot",
        comparedWith: { context in
            guard let gnuplot = executableInPath("gnuplot") else {
                throw BenchSkippedError(reason: "gnuplot is not installed")
            }
            let script = URL(fileURLWithPath: "scripts/w1.gnuplot")
            guard FileManager.default.fileExists(atPath: script.path) else {
                throw BenchError("run folio-bench from the project root: \(script.path) is not here")
            }
            let data = context.workloadDirectory.appendingPathComponent("hourly_7d.csv").path
            let folioOut = context.outputDirectory.appendingPathComponent("process-w1-folio.png")
            let gnuplotOut = context.outputDirectory.appendingPathComponent("process-w1-gnuplot.png")
            let benchExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            return BenchCase.Runs(
                run: {
                    try ChildProcess.run(
                        benchExecutable,
                        ["w1", "--data", context.workloadDirectory.path, "--out", folioOut.path]
                    )
                    return fileSize(folioOut)
                },
                yardstick: (
                    name: "gnuplot scripts/w1.gnuplot",
                    run: {
                        try ChildProcess.run(gnuplot, ["-e", "data='\(data)'; out='\(gnuplotOut.path)'", script.path])
                    }
                )
            )
        }
    )
    let batches = [1, 2].map { workers in
        BenchCase(name: "batch-1000-portfolios-jobs-\(workers)", maxRuns: 3) { context in
            let db = try database(context, portfolios: 1000)
            let directory = context.outputDirectory.appendingPathComponent("batch-jobs-\(workers)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let jobs = directory.appendingPathComponent("jobs.yaml")
            try BenchPortfolios.jobs(output: directory.appendingPathComponent("out")).write(
                to: jobs,
                atomically: true,
                encoding: .utf8
            )
            return {
                // --force: every run renders all 4,000 files (otherwise the second run skips them all).
                try ChildProcess.run(
                    context.folio,
                    ["batch", jobs.path, "--db", db, "--jobs", "\(workers)", "--force"]
                )
                return directoryBytes(directory.appendingPathComponent("out"))
            }
        }
    }
    return [version, chart, table, report, gnuplot] + batches
}

/// The first executable file called `name` in a directory of `PATH`.
func executableInPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").lazy
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// A database of `count` portfolios with base currency UAH, each a few years of deposits, dollar
/// purchases at the NBU rate and stock trades at the real closes of samples/stocks (2013-02 to
/// 2018-02), with NBU USD and EUR rates from samples/nbu/nbu_rates_wide.csv. Seeded, so the same
/// database on every machine.
struct BenchPortfolios {
    let count: Int

    static func name(_ i: Int) -> String { String(format: "Portfolio %04d", i) }

    /// One PDF report and three PNG charts per portfolio, as the batch issue measures.
    static func jobs(output: URL) -> String {
        """
        portfolios: all
        output: "\(output.path)/{portfolio}/{report}.{ext}"
        render:
          - report: portfolio
          - chart: donut
            name: allocation
          - chart: bars
            name: composition
          - chart: table
            name: holdings
        """
    }

    func build(at path: String, data: URL, scratch: URL) throws {
        let store = try Store(path: path, access: .create)
        let stocks = data.appendingPathComponent("stocks")
        let files = try FileManager.default.contentsOfDirectory(atPath: stocks.path).filter {
            $0.hasSuffix("_data.csv")
        }.sorted()
        _ = try store.importFiles(files.map { stocks.appendingPathComponent($0) }, kind: .stockCSV)
        let rates = scratch.appendingPathComponent("nbu-usd-eur.csv")
        let usdRates = try Self.nbuRates(
            data.appendingPathComponent("nbu/nbu_rates_wide.csv"),
            to: rates
        )
        _ = try store.importFiles([rates], kind: .quotes)
        let closes = try files.map { try Self.closes(stocks.appendingPathComponent($0)) }
        var random = SplitMix64(seed: UInt64(count))
        for i in 0..<count {
            let name = Self.name(i)
            _ = try store.addPortfolio(name: name, baseCurrency: .uah)
            let (trades, transactions) = Self.history(&random, closes: closes, usdRates: usdRates)
            let tradesURL = scratch.appendingPathComponent("trades.csv")
            let cashURL = scratch.appendingPathComponent("cash.csv")
            try trades.write(to: tradesURL, atomically: true, encoding: .utf8)
            try transactions.write(to: cashURL, atomically: true, encoding: .utf8)
            _ = try store.importFiles([tradesURL], kind: .trades, options: ImportOptions(portfolio: name))
            _ = try store.importFiles([cashURL], kind: .transactions, options: ImportOptions(portfolio: name))
        }
    }

    /// A deposit every few months from 2013-03 to 2017-12; each buys dollars, and the dollars buy 1–3 stocks.
    private static func history(
        _ random: inout SplitMix64,
        closes: [(asset: String, byDay: [String: Double])],
        usdRates: [String: Double]
    ) -> (trades: String, transactions: String) {
        var trades = "time,side,asset,quantity,price,price_currency,fee,fee_currency\n"
        var cash = "time,type,currency,amount,fee,status\n"
        let days = usdRates.keys.filter { $0 >= "2013-03-01" && $0 <= "2017-12-31" }.sorted()
        var index = random.next(below: 60)
        while index < days.count {
            let day = days[index]
            let rate = usdRates[day]!
            let uah = Double(20 + random.next(below: 180)) * 1000
            cash += "\(day)T09:00:00Z,deposit,UAH,\(uah),0,completed\n"
            let dollars = (uah / rate * 0.98).rounded(.down)
            trades += "\(day)T10:00:00Z,buy,USD,\(dollars),\(rate),UAH,0,UAH\n"
            var left = dollars
            for _ in 0..<(1 + random.next(below: 3)) {
                let stock = closes[random.next(below: closes.count)]
                guard let price = stock.byDay[day], price > 0 else { continue }
                let quantity = (left * (0.3 + random.unit() * 0.4) / price).rounded(.down)
                guard quantity >= 1 else { continue }
                trades += "\(day)T15:30:00Z,buy,\(stock.asset),\(quantity),\(price),USD,1,USD\n"
                left -= quantity * price + 1
            }
            index += 40 + random.next(below: 80)
        }
        return (trades, cash)
    }

    /// The USD and EUR columns of the NBU wide file, 2013–2018, as a quotes CSV; returns USD by day.
    private static func nbuRates(_ wide: URL, to out: URL) throws -> [String: Double] {
        var text = "date,asset,currency,price,market,source\n"
        var usd: [String: Double] = [:]
        for line in try String(contentsOf: wide, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let day = String(fields[0])
            guard day >= "2013-01-01", day <= "2018-12-31" else { continue }
            if let rate = Double(fields[1]) {
                text += "\(day),USD,UAH,\(rate),nbu,nbu\n"
                usd[day] = rate
            }
            if let rate = Double(fields[2]) { text += "\(day),EUR,UAH,\(rate),nbu,nbu\n" }
        }
        try text.write(to: out, atomically: true, encoding: .utf8)
        return usd
    }

    private static func closes(_ file: URL) throws -> (asset: String, byDay: [String: Double]) {
        var byDay: [String: Double] = [:]
        var asset = ""
        for line in try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count >= 7, let close = Double(f[4]) else { continue }
            byDay[String(f[0])] = close
            asset = String(f[6])
        }
        return (asset, byDay)
    }
}

/// Runs a child process to completion and records its peak resident memory. posix_spawn and wait4
/// rather than Foundation's Process, which reaps its children itself and so hides their rusage.
/// Linux carries the parent's memory high-water mark over into a spawned child's `ru_maxrss` (the child
/// starts as a copy of, or a thread on, the parent's memory), so before each spawn the benchmark hands
/// its free heap back (`ProcessMemory.returnFreedMemory`) and resets its own mark: what is left, about 20 MiB, is a floor
/// below any `folio` run rather than the earlier cases' hundreds of MiB.
enum ChildProcess {
    /// The largest `ru_maxrss` of the children run since the last `reset()`, in bytes.
    nonisolated(unsafe) static var peakRSSBytes = 0

    static func reset() { peakRSSBytes = 0 }

    static func run(_ executable: URL, _ arguments: [String]) throws {
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-bench-child-\(getpid()).err"
        )
        defer { unlink(errorLog.path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorLog.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        ProcessMemory.returnFreedMemory()
        PeakMemory.reset()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        peakRSSBytes = max(peakRSSBytes, usage.ru_maxrss * 1024)
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            let stderr = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw BenchError(
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed (status \(status)): "
                    + stderr.split(separator: "\n").prefix(3).joined(separator: " / ")
            )
        }
    }
}

func directoryBytes(_ root: URL) -> Int {
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey]) else {
        return 0
    }
    var total = 0
    for case let url as URL in walker where !url.lastPathComponent.hasPrefix(".") {
        total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
    return total
}
