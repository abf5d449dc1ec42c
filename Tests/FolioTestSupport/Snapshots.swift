import FolioCharts
import FolioRender
import Foundation
import Testing

/// Committed baselines of what the tests draw, and the one way they are compared, recorded and explained
/// when they differ: a scene as a sorted text dump (`<name>.txt`) and a rendered image (`<name>.png`).
///
/// An image is compared by RMS over its RGB channels, not byte for byte, because antialiasing differs
/// slightly between Cairo/pixman builds. A dump is compared line for line: it names every label and where
/// it is, so a changed figure that moves a few pixels (well under the RMS tolerance) still fails, and
/// the failure says which label changed.
///
/// A failure writes what was drawn, a copy of the baseline and, for images, a diff (differences ×8) into
/// a directory under the system's temporary folder, and names the files in its message.
///
/// `FOLIO_RECORD_BASELINES=1` writes every baseline that is missing or differs, and then fails each
/// check, saying what it recorded: a run with the variable set, a CI job where it was left on, can never
/// pass. Look at every recorded image before committing it (overlapping labels are bugs, not baselines).
public struct Snapshots: Sendable {
    /// Where the baselines live, in the source tree.
    public let directory: URL
    /// Where failed checks write what they drew.
    public let failures: URL
    /// Root-mean-square difference per channel, 0…255, above which an image fails.
    public let tolerance: Double

    /// RGB bytes row-major, three per pixel, as FolioRender's `Renderer.rgb` and `PNGDecoding.rgb` give them.
    public typealias Pixels = (pixels: [UInt8], width: Int, height: Int)

    /// Baselines in `directory`; failures under `folio-snapshot-failures/<group>` in the temporary folder.
    public init(directory: URL, group: String, tolerance: Double = 2.5) {
        self.directory = directory
        self.failures = FileManager.default.temporaryDirectory.appendingPathComponent("folio-snapshot-failures")
            .appendingPathComponent(group)
        self.tolerance = tolerance
    }

    public static var recording: Bool { ProcessInfo.processInfo.environment["FOLIO_RECORD_BASELINES"] == "1" }

    public func baseline(_ name: String, _ ext: String) -> URL { directory.appendingPathComponent(name + "." + ext) }

    // MARK: Images

    /// Compares `actual` with `<name>.png`; `write` writes the same image as a PNG to the URL it is given
    /// (the baseline when recording, the failures directory when it differs).
    public func checkImage(
        _ name: String,
        _ actual: Pixels,
        write: (URL) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expectedURL = baseline(name, "png")
        let expected = PNGDecoding.rgb(contentsOf: expectedURL.path)
        let rms = expected.flatMap { Self.rms(actual, $0) }
        if Self.recording {
            let unchanged = rms.map { $0 <= tolerance } ?? false
            if !unchanged {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try write(expectedURL)
            }
            Self.fail(Self.recorded(expectedURL, unchanged: unchanged), sourceLocation)
            return
        }
        guard let expected else {
            let drawn = try written(name + "-actual.png", by: write)
            Issue.record(
                "missing baseline \(expectedURL.path) (drawn: \(drawn.path)); record it with FOLIO_RECORD_BASELINES=1",
                sourceLocation: sourceLocation
            )
            return
        }
        guard let rms else {
            let drawn = try written(name + "-actual.png", by: write)
            Issue.record(
                "\(name): \(actual.width)×\(actual.height), baseline \(expected.width)×\(expected.height); drawn: \(drawn.path)",
                sourceLocation: sourceLocation
            )
            return
        }
        guard rms > tolerance else { return }
        let drawn = try written(name + "-actual.png", by: write)
        let copy = try written(name + "-expected.png") { try Self.copy(expectedURL, to: $0) }
        let diff = try written(name + "-diff.png") {
            let pixels = zip(actual.pixels, expected.pixels).map { a, b in UInt8(min(abs(Int(a) - Int(b)) * 8, 255)) }
            try PNGDecoding.write(rgb: pixels, width: actual.width, height: actual.height, to: $0.path)
        }
        Self.fail(
            "\(name): RMS difference \(String(format: "%.3f", rms)) > \(tolerance); see \(drawn.path), "
                + "\(copy.lastPathComponent) and \(diff.lastPathComponent) beside it",
            sourceLocation
        )
    }

    /// Compares an image already in a file (a page poppler drew) with `<name>.png`.
    public func checkImage(_ name: String, file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let actual = PNGDecoding.rgb(contentsOf: file.path) else {
            Issue.record("\(file.path) is not a PNG", sourceLocation: sourceLocation)
            return
        }
        try checkImage(name, actual, write: { try Self.copy(file, to: $0) }, sourceLocation: sourceLocation)
    }

    /// Root-mean-square difference per channel; nil when the sizes differ.
    public static func rms(_ a: Pixels, _ b: Pixels) -> Double? {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return nil }
        guard !a.pixels.isEmpty else { return 0 }
        var sum = 0.0
        for i in a.pixels.indices {
            let d = Double(Int(a.pixels[i]) - Int(b.pixels[i]))
            sum += d * d
        }
        return (sum / Double(a.pixels.count)).squareRoot()
    }

    // MARK: Scenes and text

    /// Compares the scene's dump (`Scene.snapshotText`) with `<name>.txt`.
    public func checkScene(_ name: String, _ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try checkText(name, scene.snapshotText, sourceLocation: sourceLocation)
    }

    /// Compares `actual` with `<name>.txt`, naming the lines only one of them has.
    public func checkText(_ name: String, _ actual: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expectedURL = baseline(name, "txt")
        let expected = try? String(contentsOf: expectedURL, encoding: .utf8)
        if Self.recording {
            let unchanged = expected == actual
            if !unchanged {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: expectedURL)
            }
            Self.fail(Self.recorded(expectedURL, unchanged: unchanged), sourceLocation)
            return
        }
        guard let expected else {
            let drawn = try written(name + "-actual.txt") { try Data(actual.utf8).write(to: $0) }
            Issue.record(
                "missing baseline \(expectedURL.path) (drawn: \(drawn.path)); record it with FOLIO_RECORD_BASELINES=1",
                sourceLocation: sourceLocation
            )
            return
        }
        guard expected != actual else { return }
        let drawn = try written(name + "-actual.txt") { try Data(actual.utf8).write(to: $0) }
        let (missing, extra) = Self.lineDifference(expected, actual)
        let shown = missing.prefix(6).map { "\n  - " + $0 } + extra.prefix(6).map { "\n  + " + $0 }
        Self.fail(
            "\(name): \(missing.count) lines only in the baseline (-), \(extra.count) only in what was drawn (+); "
                + "diff \(expectedURL.path) \(drawn.path)" + shown.joined(),
            sourceLocation
        )
    }

    /// The lines only `a` has and those only `b` has, counting repeats (dumps are sorted, so order says nothing).
    static func lineDifference(_ a: String, _ b: String) -> (onlyA: [String], onlyB: [String]) {
        var counts: [Substring: Int] = [:]
        for line in a.split(separator: "\n") { counts[line, default: 0] += 1 }
        var onlyB: [String] = []
        for line in b.split(separator: "\n") {
            if let n = counts[line], n > 0 { counts[line] = n - 1 } else { onlyB.append(String(line)) }
        }
        let onlyA = a.split(separator: "\n").filter { line in
            guard let n = counts[line], n > 0 else { return false }
            counts[line] = n - 1
            return true
        }
        return (onlyA.map(String.init), onlyB)
    }

    // MARK: Files

    private static func fail(_ message: String, _ sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    private static func recorded(_ url: URL, unchanged: Bool) -> String {
        (unchanged
            ? "FOLIO_RECORD_BASELINES is set; \(url.path) matches and was left as it is"
            : "recorded \(url.path); look at it, then run again without FOLIO_RECORD_BASELINES")
    }

    /// Writes one failure file by `body` into `failures`, and returns where.
    private func written(_ file: String, by body: (URL) throws -> Void) throws -> URL {
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let url = failures.appendingPathComponent(file)
        try? FileManager.default.removeItem(at: url)
        try body(url)
        return url
    }

    private static func copy(_ source: URL, to destination: URL) throws {
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.copyItem(at: source, to: destination)
    }
}
