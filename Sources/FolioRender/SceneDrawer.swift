internal import CCairo
import FolioCharts
import Foundation

/// Draws a scene's primitives into a cairo context, in order. The one place a scene becomes ink, shared
/// by every output format.
struct SceneDrawer {
    let fonts: FontSet

    func draw(_ scene: Scene, into cr: OpaquePointer) {
        // Grayscale antialiasing and unhinted outlines: glyphs sit exactly where layout measured them,
        // and the picture does not depend on the display's subpixel order.
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        setColor(cr, scene.background)
        cairo_paint(cr)
        for primitive in scene.primitives {
            switch primitive {
            case .path(let shape): drawPath(shape, cr)
            case .text(let run): drawText(run, cr)
            }
        }
    }

    private func setColor(_ cr: OpaquePointer, _ c: Color) {
        if c.alpha >= 1 {
            cairo_set_source_rgb(cr, c.red, c.green, c.blue)
        } else {
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        }
    }

    private func drawPath(_ shape: PathShape, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in shape.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .arc(let c, let r, let start, let end, let clockwise):
                // With y down, increasing angles turn clockwise on screen: cairo_arc.
                if clockwise {
                    cairo_arc(cr, c.x, c.y, r, start, end)
                } else {
                    cairo_arc_negative(cr, c.x, c.y, r, start, end)
                }
            case .close: cairo_close_path(cr)
            }
        }
        if let fill = shape.fill {
            setColor(cr, fill)
            if shape.stroke == nil {
                cairo_fill(cr)
                return
            }
            cairo_fill_preserve(cr)
        }
        guard let stroke = shape.stroke else {
            cairo_new_path(cr)
            return
        }
        setColor(cr, stroke.color)
        cairo_set_line_width(cr, stroke.width)
        cairo_set_line_cap(cr, shape.roundCaps ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, shape.roundCaps ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
        if stroke.dash.isEmpty {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            stroke.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        }
        cairo_stroke(cr)
    }

    private func drawText(_ run: TextRun, _ cr: OpaquePointer) {
        guard !run.text.isEmpty else { return }
        let laid = fonts.glyphs(of: run.text, size: run.size, weight: run.weight)
        let utf8 = Array(run.text.utf8)
        cairo_save(cr)
        cairo_translate(cr, run.origin.x, run.origin.y)
        if run.rotation != 0 { cairo_rotate(cr, run.rotation) }
        cairo_set_font_size(cr, run.size)
        setColor(cr, run.color)
        cairo_set_font_face(cr, fonts.font(run.weight).cairoFace)
        var glyphs = laid.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: 0) }
        // One cluster per character (each maps to one glyph): PDF readers get the text back exactly.
        var clusters = laid.map { cairo_text_cluster_t(num_bytes: $0.bytes, num_glyphs: 1) }
        var bytes = utf8.map { CChar(bitPattern: $0) }
        cairo_show_text_glyphs(
            cr,
            &bytes,
            Int32(bytes.count),
            &glyphs,
            Int32(glyphs.count),
            &clusters,
            Int32(clusters.count),
            cairo_text_cluster_flags_t(0)
        )
        cairo_restore(cr)
    }
}
