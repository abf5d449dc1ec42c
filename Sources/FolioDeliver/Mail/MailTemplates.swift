import FolioCharts
import FolioCore
import Foundation
internal import Mustache

/// Subject and bodies from Mustache templates. Placeholders: `{{portfolio}}`, `{{date}}`, `{{value}}`,
/// `{{change}}`, `{{warning}}` (balances that went below zero, as page 1 of the report says it),
/// `{{count}}`, `{{#images}}…{{name}}…{{cid}}…{{width}}…{{/images}}`,
/// `{{#attachments}}{{name}}{{/attachments}}`, and `{{#outOfBand}}{{heading}}{{#lines}}{{line}}{{/lines}}{{/outOfBand}}`
/// (the lines outside their target bands, `DriftAlert`). HTML templates escape values; text templates do not.
struct MailTemplates {
    var subject = "Folio{{#portfolio}} · {{portfolio}}{{/portfolio}} · {{date}}"
    var text: String
    var html: String

    /// The default bodies in the report's language.
    init(locale: ChartLocale) {
        let words = MailWords(locale)
        let (value, attached, sentBy) = (words.value, words.attached, words.sentBy)
        text = """
            {{#portfolio}}{{portfolio}}, {{/portfolio}}{{date}}
            {{#value}}\(value): {{value}}{{#change}} ({{change}}){{/change}}
            {{/value}}
            {{#outOfBand}}
            {{heading}}
            {{#lines}}- {{line}}
            {{/lines}}

            {{/outOfBand}}
            {{#warning}}
            {{warning}}

            {{/warning}}
            {{#images}}- {{name}}
            {{/images}}
            {{#attachments}}\(attached): {{name}}
            {{/attachments}}

            \(sentBy)
            """
        html = """
            <!DOCTYPE html>
            <html><body style="font-family: sans-serif; color: #1A1A1A">
            <p><b>{{#portfolio}}{{portfolio}}, {{/portfolio}}{{date}}</b>{{#value}}<br>\(value): {{value}}{{#change}} ({{change}}){{/change}}{{/value}}</p>
            {{#outOfBand}}<p><b>{{heading}}</b></p>
            <ul>{{#lines}}<li>{{line}}</li>{{/lines}}</ul>{{/outOfBand}}
            {{#warning}}<p style="color: #A63D00"><b>{{warning}}</b></p>{{/warning}}
            {{#images}}
            <p><img src="cid:{{cid}}" alt="{{name}}" width="{{width}}" style="max-width: 100%; height: auto"></p>
            {{/images}}
            <p style="color: #5A5A5A; font-size: 12px">\(sentBy)</p>
            </body></html>
            """
    }

    /// Text templates render with escaping off: a subject must read `AT&T`, not `AT&amp;T`.
    func render(_ template: String, _ context: [String: Any], html: Bool, name: String) throws -> String {
        let source = html ? template : "{{% CONTENT_TYPE: TEXT}}" + template
        do {
            return try MustacheTemplate(string: source).render(context)
        } catch {
            throw ArgumentError(name, "not a valid Mustache template (\(error))")
        }
    }

    static func read(_ path: String, option: String) throws -> String {
        let data: Data
        do { data = try FileError.contents(of: path) } catch let error as FileError {
            throw ArgumentError(option, "cannot read \(path): \(error.reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ArgumentError(option, "\(path) is not UTF-8 text")
        }
        return text
    }
}

/// The words of the default mail in each language, in one place.
struct MailWords {
    var value, attached, sentBy: String
    /// `DriftAlert`: the heading (before the as-of day) and the words of a line.
    var outOfBand, target, band, points: String

    init(_ locale: ChartLocale) {
        switch locale {
        case .uk:
            (value, attached, sentBy) = ("Вартість", "Вкладення", "Надіслано Folio.")
            (outOfBand, target, band, points) = ("Поза цільовими межами на", "ціль", "межа", "в. п.")
        case .en:
            (value, attached, sentBy) = ("Value", "Attached", "Sent by Folio.")
            (outOfBand, target, band, points) = ("Outside the target bands on", "target", "band", "pp")
        }
    }
}
