import FolioCore
import FolioDatasets
import FolioRender
import Foundation

/// Where `folio chart` writes: the format from the extension, checked with the canvas before anything
/// is read, so that a wrong name costs nothing.
struct ChartOutput {
    let url: URL
    let scale: Double

    init(path: String, request: ChartRequest) throws {
        url = URL(fileURLWithPath: path)
        guard let format = OutputFormat(rawValue: url.pathExtension.lowercased()) else {
            throw ArgumentError("--out", "unknown extension \"\(url.pathExtension)\" in \(path), expected .png, .pdf or .svg")
        }
        // Cairo keeps the whole raster in memory: 16384 pixels on a side (1 GB) is far past any real chart.
        guard format != .png || max(request.width, request.height) * request.scale <= 16_384 else {
            throw ArgumentError("--scale", "\(Int(request.width))x\(Int(request.height)) at scale \(request.scale) exceeds 16384 pixels on a side")
        }
        scale = request.scale
    }

    func write(_ document: ChartDocument, renderer: Renderer) throws {
        try renderer.write(document.chart, to: url, scale: scale,
                           metadata: PDFMetadata(title: document.title, creationDate: document.creationDate))
    }
}
