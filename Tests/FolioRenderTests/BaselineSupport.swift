import Foundation
import Testing
import FolioCharts
import FolioRender

/// Compares renders with the committed images in `Tests/FolioRenderTests/Baselines/` by RMS over RGB
/// channels (tolerance, not byte equality: antialiasing may differ slightly between Cairo/pixman builds).
/// On failure it writes `<name>-expected.png`, `-actual.png` and `-diff.png` (differences ×8) into
/// `Tests/FolioRenderTests/Failures/` (git-ignored).
///
/// Re-recording: `FOLIO_RECORD_BASELINES=1 swift test --filter FolioRenderTests`, then LOOK at every
/// changed image before committing it.
enum Baselines {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let directory = testsDirectory.appendingPathComponent("Baselines")
    static let failures = testsDirectory.appendingPathComponent("Failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["FOLIO_RECORD_BASELINES"] == "1" }
    /// Root-mean-square difference per channel, 0…255, above which a render fails.
    static let tolerance = 2.5

    static func check(_ scene: Scene, name: String, renderer: Renderer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expectedURL = directory.appendingPathComponent(name + ".png")
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var best = renderer
            best.pngEncoding = PNGEncoding(level: 12) // baselines live in git: smallest files
            try best.writePNG(scene, to: expectedURL)
            return
        }
        let actual = try renderer.rgb(scene)
        guard let expected = PNGDecoding.rgb(contentsOf: expectedURL.path) else {
            Issue.record("missing baseline \(name).png; record with FOLIO_RECORD_BASELINES=1", sourceLocation: sourceLocation)
            return
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            Issue.record("\(name): size \(actual.width)×\(actual.height), baseline \(expected.width)×\(expected.height)",
                         sourceLocation: sourceLocation)
            try writeFailure(name: name, scene: scene, expected: expectedURL, diff: nil, renderer: renderer)
            return
        }
        var sum = 0.0
        var diff = [UInt8](repeating: 0, count: actual.pixels.count)
        for i in actual.pixels.indices {
            let d = Int(actual.pixels[i]) - Int(expected.pixels[i])
            sum += Double(d * d)
            diff[i] = UInt8(min(abs(d) * 8, 255))
        }
        let rms = (sum / Double(actual.pixels.count)).squareRoot()
        if rms > tolerance {
            Issue.record("\(name): RMS difference \(rms) > \(tolerance); see Tests/FolioRenderTests/Failures/", sourceLocation: sourceLocation)
            try writeFailure(name: name, scene: scene, expected: expectedURL,
                             diff: (diff, actual.width, actual.height), renderer: renderer)
        }
    }

    private static func writeFailure(name: String, scene: Scene, expected: URL, diff: ([UInt8], Int, Int)?, renderer: Renderer) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: failures, withIntermediateDirectories: true)
        let base = failures.appendingPathComponent(name)
        try renderer.writePNG(scene, to: URL(fileURLWithPath: base.path + "-actual.png"))
        let copy = URL(fileURLWithPath: base.path + "-expected.png")
        try? fm.removeItem(at: copy)
        try fm.copyItem(at: expected, to: copy)
        if let (pixels, w, h) = diff {
            try PNGDecoding.write(rgb: pixels, width: w, height: h, to: base.path + "-diff.png")
        }
    }
}
