import FolioCore
import FolioRender
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What an output was made from: a digest of the portfolio's rows and the quotes it reads (see
/// `Store.portfolioDigestLines`), the job that made it (with the report definition's bytes), and the
/// Folio version; and the output's size. Kept in a hidden sidecar `.NAME.fingerprint` beside the output;
/// when the sidecar matches and the output has the recorded size, the output is up to date and is not
/// rendered again. The size is there for a machine that crashed: outputs are not flushed to disk one by
/// one, and one the crash left empty or short then no longer matches its sidecar.
struct OutputFingerprint: Equatable {
    var data: String
    var job: String

    func text(bytes: Int) -> String { "folio \(FolioVersion.current)\ndata \(data)\njob \(job)\nbytes \(bytes)\n" }

    static func sidecar(of output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent("." + output.lastPathComponent + ".fingerprint")
    }

    func isCurrent(for output: URL) -> Bool {
        // A sidecar is a few lines: a larger one (bounded read) is simply not current, and is written over.
        guard let bytes = BatchFile.size(of: output),
            let recorded = try? BoundedFile.read(Self.sidecar(of: output).path, limit: 4 << 10)
        else { return false }
        return recorded == Data(text(bytes: bytes).utf8)
    }

    /// Written after the output has been renamed into place, so a run killed in between leaves an
    /// output without a sidecar, which the next run renders again.
    func record(for output: URL) throws {
        guard let bytes = BatchFile.size(of: output) else {
            throw BatchFileError(description: "\(output.path): vanished after writing")
        }
        try AtomicFile.write(Array(text(bytes: bytes).utf8), to: Self.sidecar(of: output))
    }
}

/// A file of `folio batch`'s own that it cannot use: one line naming it.
struct BatchFileError: Error, CustomStringConvertible { var description: String }

/// Files `folio batch` keeps beside its outputs (written, like the outputs, through FolioCore's
/// `AtomicFile`: a `mkstemp` sibling `.NAME.XXXXXX` renamed over NAME, which `removeLeftovers`
/// recognises; not flushed to disk one by one — a batch writes thousands — since a sidecar a crash loses
/// or empties fails to match and costs one re-render).
enum BatchFile {

    /// The size of a regular file, nil when there is none.
    static func size(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Temporary files a killed run left under `root` (recursively): hidden, named after an output plus a
    /// six-character `mkstemp` suffix (`.allocation.png.a1B2c3`, `..allocation.png.fingerprint.x9Y8z7`).
    /// Anything else — the user's own hidden files — is left alone.
    static func removeLeftovers(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var removed: [String] = []
        for case let url as URL in walker where isTemporaryName(url.lastPathComponent) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if unlink(url.path) == 0 { removed.append(url.path) }
        }
        return removed
    }

    /// Temporary files of one output and its sidecar, for templates without a folder of their own per
    /// portfolio: only names made from this output's own name, which no other portfolio writes.
    static func removeLeftovers(of output: URL) -> [String] {
        let directory = output.deletingLastPathComponent()
        let own = [
            "." + output.lastPathComponent + ".", "." + OutputFingerprint.sidecar(of: output).lastPathComponent + ".",
        ]
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { name in
            isTemporaryName(name) && own.contains { name.hasPrefix($0) && name.count == $0.count + 6 }
        }
        .compactMap { name in
            let path = directory.appendingPathComponent(name).path
            return unlink(path) == 0 ? path : nil
        }
    }

    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        let suffix = name[name.index(after: dot)...]
        guard suffix.count == 6, suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        let output = name[name.index(after: name.startIndex)..<dot]
        return [".png", ".pdf", ".svg", ".fingerprint", PortfolioMemo.fileName, PendingMail.fileName].contains {
            output.hasSuffix($0)
        }
    }
}
