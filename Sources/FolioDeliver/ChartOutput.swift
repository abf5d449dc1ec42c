import FolioCore
import FolioDatasets
import FolioRender
import Foundation

/// Where a chart drawn alone (`folio chart`, a batch chart job) is written: the format from the extension, checked with the canvas before anything
/// is read, so that a wrong name costs nothing.
public struct ChartOutput: Sendable {
    public let url: URL
    public let scale: Double

    public init(path: String, request: ChartRequest) throws {
        url = URL(fileURLWithPath: path)
        guard let format = OutputFormat(rawValue: url.pathExtension.lowercased()) else {
            throw ArgumentError(
                "--out",
                "unknown extension \"\(url.pathExtension)\" in \(path), expected .png, .pdf or .svg"
            )
        }
        try request.checkCanvas(format: format.rawValue)
        scale = request.scale
    }

    public func write(_ document: ChartDocument, renderer: Renderer) throws {
        try renderer.write(
            document.chart,
            to: url,
            scale: scale,
            metadata: PDFMetadata(title: document.title, creationDate: document.creationDate)
        )
    }
}
