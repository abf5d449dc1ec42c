import FolioCore
import Foundation

/// A portfolio's last complete run, kept as `.folio-batch` in its own output folder: the digest of its
/// data, a digest of every job (with the report definition, the shared digest and the Folio version),
/// and the outputs that run left. When both digests match and every output and its fingerprint are
/// still there, the portfolio is up to date without loading its ledger and prices at all — loading
/// them only to find each output's path (the as-of day) costs about as much as drawing a chart.
/// Written only after every output of the portfolio succeeded; any mismatch falls back to the
/// per-output fingerprints, so a stale or foreign memo costs time, never a wrong skip.
struct PortfolioMemo: Equatable {
    var data: String
    var jobs: String
    var outputs: [String]

    static let fileName = ".folio-batch"

    var text: String { (["folio \(FolioVersion.current)", "data \(data)", "jobs \(jobs)"] + outputs.map { "output " + $0 }).joined(separator: "\n") + "\n" }

    static func read(in folder: URL) -> PortfolioMemo? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else { return nil }
        var memo = PortfolioMemo(data: "", jobs: "", outputs: [])
        var version = ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "folio": version = parts[1]
            case "data": memo.data = parts[1]
            case "jobs": memo.jobs = parts[1]
            case "output": memo.outputs.append(parts[1])
            default: return nil
            }
        }
        return version == FolioVersion.current ? memo : nil
    }

    /// The outputs are all still in place with their fingerprints (nobody deleted one since).
    var outputsPresent: Bool {
        !outputs.isEmpty && outputs.allSatisfy { path in
            let url = URL(fileURLWithPath: path)
            return FileManager.default.fileExists(atPath: path)
                && FileManager.default.fileExists(atPath: OutputFingerprint.sidecar(of: url).path)
        }
    }

    func write(in folder: URL) throws {
        try BatchFile.writeAtomically(Array(text.utf8), to: folder.appendingPathComponent(Self.fileName))
    }
}
