internal import CCairo
import FolioCharts
import Foundation
import Synchronization

/// One font file opened twice: a FreeType face for measuring (guarded by the set's lock) and a separate
/// FreeType face wrapped as a Cairo font face for drawing, because Cairo locks and uses its face from
/// whatever thread draws, and the two must never share a glyph slot.
final class LoadedFont: @unchecked Sendable {
    let measureFace: FT_Face
    let cairoFace: OpaquePointer
    let unitsPerEm: Double
    typealias Glyph = (index: UInt32, advance: Double)
    /// Glyph index and advance per point of size, by Unicode scalar, filled lazily under the set's lock.
    /// Layout looks up every character of every label, so the scalars below U+0500 (Latin, punctuation,
    /// Cyrillic: nearly all that charts write) sit in an array indexed by scalar instead of being hashed.
    private var latinAndCyrillic = [Glyph?](repeating: nil, count: 0x500)
    private var otherGlyphs: [UInt32: Glyph] = [:]

    init(library: FT_Library, path: String) throws {
        var measure: FT_Face?
        var draw: FT_Face?
        let e1 = FT_New_Face(library, path, 0, &measure)
        guard e1 == 0, let measure else { throw RenderError.fontLoad(path: path, code: e1) }
        let e2 = FT_New_Face(library, path, 0, &draw)
        guard e2 == 0, let draw else {
            FT_Done_Face(measure)
            throw RenderError.fontLoad(path: path, code: e2)
        }
        guard let face = cairo_ft_font_face_create_for_ft_face(draw, 0),
            cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS
        else {
            FT_Done_Face(measure)
            FT_Done_Face(draw)
            throw RenderError.cairo("cannot wrap \(path) as a font face")
        }
        // Cairo may keep the face in its caches after we let go: the FreeType face is freed by Cairo
        // when the last reference goes, through this user-data destructor (cairo-ft's documented idiom).
        let status = cairo_font_face_set_user_data(face, &LoadedFont.faceKey, UnsafeMutableRawPointer(draw)) {
            if let p = $0 { FT_Done_Face(p.assumingMemoryBound(to: FT_FaceRec_.self)) }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            FT_Done_Face(draw)
            FT_Done_Face(measure)
            throw RenderError.cairo("cannot attach font data")
        }
        measureFace = measure
        cairoFace = face
        unitsPerEm = Double(measure.pointee.units_per_EM)
    }

    deinit {
        cairo_font_face_destroy(cairoFace)
        FT_Done_Face(measureFace)
    }

    nonisolated(unsafe) static var faceKey = cairo_user_data_key_t()

    /// Caller holds the set's lock.
    func glyph(_ scalar: UInt32) -> Glyph {
        let slot = Int(scalar)
        let direct = slot < latinAndCyrillic.count
        if direct, let g = latinAndCyrillic[slot] { return g }
        if !direct, let g = otherGlyphs[scalar] { return g }
        let index = UInt32(FT_Get_Char_Index(measureFace, FT_ULong(scalar)))
        var advance = 0.0
        if FT_Load_Glyph(measureFace, index, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)) == 0 {
            advance = Double(measureFace.pointee.glyph.pointee.advance.x) / unitsPerEm
        }
        let g = (index, advance)
        if direct { latinAndCyrillic[slot] = g } else { otherGlyphs[scalar] = g }
        return g
    }

    /// Caller holds the set's lock. Unscaled bounding box top/bottom of a glyph, per point of size.
    func verticalExtent(_ scalar: UInt32) -> (top: Double, bottom: Double) {
        let index = FT_Get_Char_Index(measureFace, FT_ULong(scalar))
        guard FT_Load_Glyph(measureFace, index, Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)) == 0 else {
            return (0, 0)
        }
        let m = measureFace.pointee.glyph.pointee.metrics
        return (Double(m.horiBearingY) / unitsPerEm, Double(m.horiBearingY - m.height) / unitsPerEm)
    }
}

/// The fonts of `fonts/` (Noto Sans Regular and Bold) loaded through FreeType; measures text for layout
/// with exactly the advances the renderer draws with. Load once and share: `FontSet.shared()`. The faces
/// have every character reports write, U+2212 MINUS SIGN included (`scripts/font-minus.py`), so that a
/// PDF embeds no font but the report's own; a character they lack is their missing-glyph box.
public final class FontSet: TextMeasurer, @unchecked Sendable {
    private let lock = Mutex(())
    private let library: FT_Library
    let regular: LoadedFont
    let bold: LoadedFont
    public let ascent: Double
    public let descent: Double
    public let directory: URL

    public init(directory: URL) throws {
        var lib: FT_Library?
        let e = FT_Init_FreeType(&lib)
        guard e == 0, let lib else { throw RenderError.fontLoad(path: "FreeType", code: e) }
        library = lib
        self.directory = directory
        do {
            regular = try LoadedFont(library: lib, path: directory.appendingPathComponent(FontLocator.regularFile).path)
            bold = try LoadedFont(library: lib, path: directory.appendingPathComponent(FontLocator.boldFile).path)
        } catch {
            FT_Done_FreeType(lib)
            throw error
        }
        // The text box spans the tallest and deepest glyphs charts write (accents, Й, descenders),
        // so that boxes that do not overlap mean ink that does not overlap.
        let tall: [UInt32] = [0xC9, 0x419, 0x62, 0x64, 0x25]
        let deep: [UInt32] = [0x67, 0x70, 0x79, 0x440, 0x429, 0x2C]
        let r = regular
        let b = bold
        ascent = tall.map { max(r.verticalExtent($0).top, b.verticalExtent($0).top) }.max() ?? 0.9
        descent = -(deep.map { min(r.verticalExtent($0).bottom, b.verticalExtent($0).bottom) }.min() ?? -0.25)
    }

    deinit {
        // Faces are freed by their own deinit; the library must outlive them, and Cairo may still hold
        // drawing faces, which were created from it: keep the library for the life of the process.
    }

    private static let sharedSet = Mutex<FontSet?>(nil)

    /// The process-wide font set, loaded from `FontLocator.directory()` on first use.
    public static func shared() throws -> FontSet {
        try sharedSet.withLock { cached in
            if let cached { return cached }
            guard let dir = FontLocator.directory() else { throw RenderError.fontsNotFound }
            let set = try FontSet(directory: dir)
            cached = set
            return set
        }
    }

    func font(_ weight: FontWeight) -> LoadedFont { weight == .bold ? bold : regular }

    public func width(of text: String, size: Double, weight: FontWeight) -> Double {
        lock.withLock { _ in
            var units = 0.0
            for s in text.unicodeScalars { units += font(weight).glyph(s.value).advance }
            return units * size
        }
    }

    /// Glyph indices and x offsets (at `size`) for drawing a run, the same advances `width` sums.
    func glyphs(
        of text: String,
        size: Double,
        weight: FontWeight
    )
        -> [(index: UInt32, x: Double, bytes: Int32)]
    {
        lock.withLock { _ in
            var out: [(UInt32, Double, Int32)] = []
            out.reserveCapacity(text.unicodeScalars.count)
            var x = 0.0
            for s in text.unicodeScalars {
                let g = font(weight).glyph(s.value)
                out.append((g.index, x, Int32(UTF8.width(s))))
                x += g.advance * size
            }
            return out
        }
    }

    /// Advance widths of the digits 0–9 per point of size, to check that figures are tabular.
    func digitAdvances(weight: FontWeight) -> [Double] {
        lock.withLock { _ in (0x30...0x39).map { font(weight).glyph(UInt32($0)).advance } }
    }
}
