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

    /// Each output with its size, as its fingerprint records it (see `OutputFingerprint`).
    var text: String {
        let lines = outputs.map { "output \(BatchFile.size(of: URL(fileURLWithPath: $0)) ?? 0) \($0)" }
        return (["folio \(FolioVersion.current)", "data \(data)", "jobs \(jobs)"] + lines).joined(separator: "\n")
            + "\n"
    }

    static func read(in folder: URL) -> PortfolioMemo? {
        // A line per output; one larger than any memo (bounded read) is not current, and is written over.
        guard let data = try? BoundedFile.read(folder.appendingPathComponent(fileName).path, limit: 1 << 20) else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        var memo = PortfolioMemo(data: "", jobs: "", outputs: [])
        var version = ""
        var sizes: [Int] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "folio": version = parts[1]
            case "data": memo.data = parts[1]
            case "jobs": memo.jobs = parts[1]
            case "output":
                let sized = parts[1].split(separator: " ", maxSplits: 1).map(String.init)
                guard sized.count == 2, let bytes = Int(sized[0]) else { return nil }
                sizes.append(bytes)
                memo.outputs.append(sized[1])
            default: return nil
            }
        }
        memo.sizes = sizes
        return version == FolioVersion.current ? memo : nil
    }

    /// The sizes the outputs had when the memo was read.
    var sizes: [Int] = []

    /// The outputs are all still in place with their fingerprints and the sizes they were written with
    /// (nobody deleted one since, and no crash emptied one).
    var outputsPresent: Bool {
        !outputs.isEmpty && outputs.count == sizes.count
            && zip(outputs, sizes).allSatisfy { path, bytes in
                let url = URL(fileURLWithPath: path)
                return BatchFile.size(of: url) == bytes
                    && FileManager.default.fileExists(atPath: OutputFingerprint.sidecar(of: url).path)
            }
    }

    func write(in folder: URL) throws {
        try AtomicFile.write(Array(text.utf8), to: folder.appendingPathComponent(Self.fileName))
    }
}
