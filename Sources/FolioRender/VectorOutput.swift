internal import CCairo
import FolioCharts
import Foundation

/// Document metadata for PDF output.
public struct PDFMetadata: Hashable, Sendable {
    public var title: String
    var author: String
    /// `YYYY-MM-DDThh:mm:ss` (UTC). Fixed by default because Cairo would otherwise stamp the current time,
    /// and the same input must give the same bytes; reports pass their data's as-of date.
    public var creationDate: String

    public init(title: String = "", author: String = "Folio", creationDate: String = "2000-01-01T00:00:00Z") {
        self.title = title
        self.author = author
        self.creationDate = creationDate
    }
}

enum VectorOutput {
    /// A PDF with one page per scene, each page the size of its scene in points. Fonts are embedded as
    /// subsets by Cairo; text is real text (clusters map glyphs back to characters).
    static func pdf(_ scenes: [Scene], metadata: PDFMetadata, fonts: FontSet) throws -> [UInt8] {
        let sink = ByteSink()
        let first = scenes.first ?? Scene(width: 595, height: 842, background: Color(hex: 0xFFFFFF))
        let opaque = Unmanaged.passUnretained(sink).toOpaque()
        let surface = try CairoSurface(
            cairo_pdf_surface_create_for_stream(ByteSink.write, opaque, first.width, first.height),
            what: "PDF",
            writingInto: sink
        )
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_TITLE, metadata.title)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_AUTHOR, metadata.author)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "Folio")
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, metadata.creationDate)
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_MOD_DATE, metadata.creationDate)
        let cr = try CairoContext(surface: surface)
        let drawer = SceneDrawer(fonts: fonts)
        for scene in scenes.isEmpty ? [first] : scenes {
            cairo_pdf_surface_set_size(surface.pointer, scene.width, scene.height)
            drawer.draw(scene, into: cr.pointer)
            cairo_show_page(cr.pointer)
        }
        try cr.check()
        try surface.finish()
        return sink.bytes
    }

    /// An SVG document; glyphs are drawn as outlines from the shipped fonts, so it looks the same in every
    /// browser whatever fonts it has.
    static func svg(_ scene: Scene, fonts: FontSet) throws -> [UInt8] {
        let sink = ByteSink()
        let opaque = Unmanaged.passUnretained(sink).toOpaque()
        let surface = try CairoSurface(
            cairo_svg_surface_create_for_stream(ByteSink.write, opaque, scene.width, scene.height),
            what: "SVG",
            writingInto: sink
        )
        cairo_svg_surface_restrict_to_version(surface.pointer, CAIRO_SVG_VERSION_1_1)
        let cr = try CairoContext(surface: surface)
        SceneDrawer(fonts: fonts).draw(scene, into: cr.pointer)
        try cr.check()
        try surface.finish()
        return renumberSurfaceIDs(sink.bytes)
    }

    /// Cairo numbers SVG surfaces from a process-wide counter (`id="surface6"` on the sixth document), so the
    /// same scene would give different bytes; renumber them from 1 in order of appearance.
    static func renumberSurfaceIDs(_ bytes: [UInt8]) -> [UInt8] {
        let prefix = Array("surface".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        var i = 0
        while i < bytes.count {
            if bytes[i] == prefix[0], i + prefix.count < bytes.count, Array(bytes[i..<(i + prefix.count)]) == prefix {
                var j = i + prefix.count
                while j < bytes.count, (48...57).contains(bytes[j]) { j += 1 }
                if j > i + prefix.count {
                    let digits = bytes[(i + prefix.count)..<j]
                    let number = numbers[digits] ?? numbers.count + 1
                    numbers[digits] = number
                    out += prefix
                    out += Array(String(number).utf8)
                    i = j
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }
}
