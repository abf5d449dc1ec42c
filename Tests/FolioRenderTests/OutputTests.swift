import FolioCharts
import FolioCore
import Foundation
import Testing

@testable import FolioRender

/// Runs a poppler tool and returns its standard output.
func poppler(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct PDFTests {
    @Test func pdfHasTitleRealTextAndEmbeddedSubsetFonts() throws {
        let renderer = try Renderer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let charts = Gallery.charts(.light, .uk)
        let correlation = charts.first { $0.name == "correlation" }!.spec.scene(measurer: renderer.measurer)
        let line = charts.first { $0.name == "line" }!.spec.scene(measurer: renderer.measurer)
        let url = dir.appendingPathComponent("report.pdf")
        try renderer.writePDF(
            [line, correlation],
            to: url,
            metadata: PDFMetadata(title: "Звіт портфеля", creationDate: "2024-12-31T00:00:00Z")
        )
        let info = try poppler("pdfinfo", [url.path])
        func field(_ name: String) -> String? {
            info.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        #expect(field("Title") == "Звіт портфеля")
        #expect(field("Pages") == "2")
        #expect(field("Page size")?.hasPrefix("640 x 360 pts") == true)
        #expect(field("CreationDate")?.contains("2024") == true)
        let text = try poppler("pdftotext", ["-layout", url.path, "-"])
        #expect(text.contains("ALFA · 7 днів"))
        #expect(text.contains("Макс. 35,36"))
        #expect(text.contains("\u{2212}0,25"), "true minus sign comes back out of the PDF")
        #expect(text.contains("Кореляція денних дохідностей"))
        let fonts = try poppler("pdffonts", [url.path])
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty)
        for row in rows {
            // The report's own two faces, the minus sign theirs too: no other font (Noto Sans Gurmukhi was
            // embedded for each "−").
            let name = row.split(separator: " ").first?.split(separator: "+").last
            #expect(name == "NotoSans-Regular" || name == "NotoSans-Bold", "\(row)")
            #expect(row.contains("+NotoSans"), "subset prefix: \(row)")
            #expect(row.contains(" yes yes "), "embedded and subset: \(row)")
        }
    }

    @Test func sameInputSameBytes() throws {
        let renderer = try Renderer()
        let scene = Fixtures.lineChart().scene(measurer: renderer.measurer)
        #expect(try renderer.pdf([scene]) == renderer.pdf([scene]))
        #expect(try renderer.png(scene) == renderer.png(scene))
        #expect(try renderer.svg(scene) == renderer.svg(scene))
        let again = Fixtures.lineChart().scene(measurer: renderer.measurer)
        #expect(scene == again)
    }

    @Test func svgIsAnSVGDocumentOfTheSceneSize() throws {
        let renderer = try Renderer()
        let svg = String(
            decoding: try renderer.svg(Fixtures.lineChart().scene(measurer: renderer.measurer)),
            as: UTF8.self
        )
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg") && svg.contains("width=\"640pt\"") && svg.contains("height=\"360pt\""))
    }
}

@Suite struct PNGTests {
    @Test func scaleTwoDoublesThePixels() throws {
        let renderer = try Renderer()
        let scene = Fixtures.lineChart().scene(measurer: renderer.measurer)
        let one = try renderer.rgb(scene, scale: 1)
        let two = try renderer.rgb(scene, scale: 2)
        #expect(one.width == 640 && one.height == 360)
        #expect(two.width == 1280 && two.height == 720)
    }

    @Test func encodedPNGDecodesToTheSamePixels() throws {
        let renderer = try Renderer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The line chart and the bars: mostly matches with the row above, and with the pixel to the left.
        for (name, spec) in Gallery.charts(.dark, .uk) where name == "line" || name == "bars" {
            let scene = spec.scene(measurer: renderer.measurer)
            let url = dir.appendingPathComponent("\(name).png")
            try renderer.write(scene, to: url, scale: 2)
            let decoded = try #require(PNGDecoding.rgb(contentsOf: url.path))
            let rendered = try renderer.rgb(scene, scale: 2)
            #expect(decoded.width == rendered.width && decoded.height == rendered.height)
            #expect(decoded.pixels == rendered.pixels, "\(name)")
        }
    }

    /// The default encoder (ScanlineDeflate) trades a little size for speed: on flat-fill charts it is up
    /// to ~7 % larger than Cairo's writer (libpng's adaptive filters and zlib level 6; bars 22.5 KB vs
    /// 21.0 KB), smaller on everything else. 10 % is the bound.
    @Test func notMuchLargerThanCairosOwnWriter() throws {
        let renderer = try Renderer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, spec) in Gallery.charts(.light, .en) + Gallery.charts(.dark, .uk) {
            let scene = spec.resized(width: 1200, height: 675).scene(measurer: renderer.measurer)
            let ours = try renderer.png(scene).count
            let image = try RasterImage(scene: scene, scale: 1, fonts: renderer.fonts)
            let path = dir.appendingPathComponent(name + ".png").path
            #expect(cairo_write(image, path) == 0)
            let theirs = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(Double(ours) <= Double(theirs) * 1.10, "\(name): ours \(ours) B, Cairo's \(theirs) B")
        }
    }
}

/// A renderer keeps its pixel buffers, packed into scanlines, for the next image of the same size (`RasterMemory`):
/// nothing of one image may show in the next, whatever the order.
@Suite struct RasterMemoryTests {
    @Test func aReusedBufferGivesTheSamePixelsAsAFreshOne() throws {
        let shared = try Renderer()
        var scenes = (Gallery.charts(.light, .en) + Gallery.charts(.dark, .uk)).map {
            $0.spec.resized(width: 640, height: 360).scene(measurer: shared.measurer)
        }
        // A see-through background: drawn over black on a new surface, so a reused one must be cleared.
        var clear = scenes[0]
        clear.background = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        scenes.insert(clear, at: 3)
        for scene in scenes + scenes.reversed() {
            let fresh = try Renderer(fonts: shared.fonts)
            #expect(try shared.png(scene) == (try fresh.png(scene)), "\(scene.title)")
        }
    }
}

@Suite struct FileTests {
    @Test func writesAtomicallyAndLeavesNoTemporaryFiles() throws {
        let renderer = try Renderer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("chart.png")
        try Data("old".utf8).write(to: url)
        try renderer.write(Fixtures.lineChart().scene(measurer: renderer.measurer), to: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["chart.png"])
        let bytes = try Data(contentsOf: url)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func unknownExtensionAndMissingDirectoryFail() throws {
        let renderer = try Renderer()
        let scene = Fixtures.lineChart().scene(measurer: renderer.measurer)
        #expect(throws: RenderError.unsupportedFormat("gif")) {
            try renderer.write(scene, to: URL(fileURLWithPath: "/tmp/x.gif"))
        }
        #expect(throws: FileError(path: "/nonexistent/dir/x.png", reason: "no such file or directory")) {
            try renderer.write(scene, to: URL(fileURLWithPath: "/nonexistent/dir/x.png"))
        }
    }
}

/// Coordinates no page can hold — a figure of 1e308, an infinity, NaN — put Cairo in an error state.
/// Cairo finishes a stream surface, and writes its last bytes, when the surface's last reference goes:
/// on that error path the sink it wrote to had already been freed, and the process ended by SIGSEGV.
/// Now each format either draws or throws Cairo's reason; the process goes on.
@Suite struct UndrawableCoordinateTests {
    static func scenes() -> [Scene] {
        let white = Color(hex: 0xFFFFFF)
        let ink = Stroke(color: Color(hex: 0x000000), width: 1)
        let far: [Double] = [1e308, -1e308, .infinity, .nan]
        return far.flatMap { x -> [Scene] in
            [
                Scene(
                    width: 200,
                    height: 100,
                    background: white,
                    primitives: [.path(.segment(Point(x: 0, y: 0), Point(x: x, y: 50), stroke: ink))]
                ),
                Scene(
                    width: 200,
                    height: 100,
                    background: white,
                    primitives: [
                        .text(
                            TextRun(
                                text: "1e308",
                                origin: Point(x: x, y: 40),
                                size: 10,
                                weight: .regular,
                                color: Color(hex: 0x000000),
                                role: .annotation,
                                anchor: .start,
                                box: Rect(x: 0, y: 0, width: 10, height: 10),
                                width: 10,
                                ascent: 8,
                                descent: 2
                            )
                        )
                    ]
                ),
            ]
        }
    }

    @Test func everyFormatDrawsOrThrowsWithoutEndingTheProcess() throws {
        let renderer = try Renderer()
        var refused = 0
        // After pages of real charts, as in a report: the sink then holds a large buffer when it is freed.
        let pages = Gallery.charts(.light, .en).map { $0.spec.scene(measurer: renderer.measurer) }
        for scene in Self.scenes() {
            for render in [
                { _ = try renderer.pdf(pages + [scene]) }, { _ = try renderer.svg(scene) },
                { _ = try renderer.png(scene, scale: 1) },
            ] as [() throws -> Void] {
                do { try render() } catch { refused += 1 }
            }
        }
        // The error path is the one that crashed: some of these must take it.
        #expect(refused > 0)
    }
}
