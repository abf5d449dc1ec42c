import FolioRender
import Foundation
import Testing

/// The daily images are read in a mail app on a phone, which draws them 375 CSS pixels wide
/// (docs/chart-style.md). Measured in ink: the first band of ink rows in the left 40 % (the title) at
/// least 14 CSS pixels, the last (the as-of line) at least 8.
@Suite struct PhoneTextTests {
    /// Heights in image pixels of the first and last band of rows with ink in the left 40 % of the image.
    static func bands(_ path: String) throws -> (title: Int, last: Int, width: Int) {
        let image = try #require(PNGDecoding.rgb(contentsOf: path))
        func grey(_ x: Int, _ y: Int) -> Int {
            let i = (y * image.width + x) * 3
            return (Int(image.pixels[i]) * 299 + Int(image.pixels[i + 1]) * 587 + Int(image.pixels[i + 2]) * 114) / 1000
        }
        let background = grey(image.width - 1, image.height - 1)
        let ink = (0..<image.height).map { y in
            (0..<(image.width * 4 / 10)).contains { abs(grey($0, y) - background) > 90 }
        }
        var bands: [Int] = []
        var start: Int?
        for (y, inked) in (ink + [false]).enumerated() {
            if inked, start == nil { start = y }
            if !inked, let s = start {
                bands.append(y - s)
                start = nil
            }
        }
        return (try #require(bands.first), try #require(bands.last), image.width)
    }

    @Test(arguments: ["Demo UAH", "DSX crypto"], ["uk", "en"])
    func dailyImagesAreReadableAtAPhonesWidth(portfolio: String, locale: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FolioProcess.run([
            "report", "daily", "--portfolio", portfolio, "--locale", locale, "--db", try DemoDatabase.path(),
            "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let images = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }
        #expect(images.count >= 3)
        for name in images {
            let (title, last, width) = try Self.bands(directory.appendingPathComponent(name).path)
            let k = 375 / Double(width)
            #expect(Double(title) * k >= 14, "\(portfolio) \(locale) \(name): title \(Double(title) * k) CSS px")
            #expect(Double(last) * k >= 8, "\(portfolio) \(locale) \(name): as-of line \(Double(last) * k) CSS px")
        }
    }
}
