import FolioCharts
import FolioCore
import Foundation

/// Output file formats, chosen by file extension.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, pdf, svg

    public init(url: URL) throws {
        guard let format = OutputFormat(rawValue: url.pathExtension.lowercased()) else {
            throw RenderError.unsupportedFormat(url.pathExtension)
        }
        self = format
    }
}

/// Scenes → PNG, PDF and SVG (docs/internals.md). The pipeline:
/// chart spec --(FolioCharts, measured with `measurer`)--> Scene --(SceneDrawer on a Cairo surface)-->
/// raster (libpng encoder) or vector stream (Cairo PDF/SVG) --(AtomicFile)--> file.
/// The same scene gives the same bytes in every format.
public struct Renderer: Sendable {
    public let fonts: FontSet
    public var pngEncoding: PNGEncoding
    /// Pixel buffers (packed into scanlines in place) kept from one PNG to the next of the same size.
    let rasterMemory = RasterMemory()

    public init(fonts: FontSet, pngEncoding: PNGEncoding = .default) {
        self.fonts = fonts
        self.pngEncoding = pngEncoding
    }

    /// A renderer with the process-wide fonts from `fonts/` (see `FontLocator`).
    public init() throws { self.init(fonts: try FontSet.shared()) }

    /// The measurer chart specs must lay out with, so that layout matches the drawing.
    public var measurer: any TextMeasurer { fonts }

    public func png(_ scene: Scene, scale: Double = 1) throws -> [UInt8] {
        try RasterImage(scene: scene, scale: scale, fonts: fonts, memory: rasterMemory).pngBytes(encoding: pngEncoding)
    }

    /// Rasterises and encodes straight into the temporary file, then renames it into place.
    public func writePNG(_ scene: Scene, to url: URL, scale: Double = 1) throws {
        let image = try RasterImage(scene: scene, scale: scale, fonts: fonts, memory: rasterMemory)
        try AtomicFile.write(to: url) { try image.encode(to: $0, encoding: pngEncoding) }
    }

    /// RGB pixels (row-major, 3 bytes each) and the raster size, for image comparisons.
    package func rgb(_ scene: Scene, scale: Double = 1) throws -> (pixels: [UInt8], width: Int, height: Int) {
        let image = try RasterImage(scene: scene, scale: scale, fonts: fonts, memory: rasterMemory)
        return (try image.rgbPixels(), image.width, image.height)
    }

    /// One page per scene.
    public func pdf(_ scenes: [Scene], metadata: PDFMetadata = PDFMetadata()) throws -> [UInt8] {
        try VectorOutput.pdf(scenes, metadata: metadata, fonts: fonts)
    }

    public func svg(_ scene: Scene) throws -> [UInt8] { try VectorOutput.svg(scene, fonts: fonts) }

    /// Writes one scene in the format the file extension names; PDF title defaults to the scene's title.
    public func write(_ scene: Scene, to url: URL, scale: Double = 1, metadata: PDFMetadata? = nil) throws {
        switch try OutputFormat(url: url) {
        case .png: try writePNG(scene, to: url, scale: scale)
        case .pdf: try AtomicFile.write(pdf([scene], metadata: metadata ?? PDFMetadata(title: scene.title)), to: url)
        case .svg: try AtomicFile.write(svg(scene), to: url)
        }
    }

    /// A multi-page PDF (reports).
    public func writePDF(_ scenes: [Scene], to url: URL, metadata: PDFMetadata) throws {
        try AtomicFile.write(pdf(scenes, metadata: metadata), to: url)
    }
}

extension Renderer {
    /// The chart laid out with this renderer's fonts.
    public func scene(_ chart: any Chart) -> Scene { chart.scene(measurer: measurer) }

    /// Lays a chart out with this renderer's fonts and writes it in the format the extension names.
    public func write(_ chart: any Chart, to url: URL, scale: Double = 1, metadata: PDFMetadata? = nil) throws {
        try write(scene(chart), to: url, scale: scale, metadata: metadata)
    }
}
