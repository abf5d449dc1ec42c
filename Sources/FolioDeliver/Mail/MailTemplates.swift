import FolioCharts
import FolioCore
import Foundation
internal import Mustache

/// Subject and bodies from Mustache templates. Placeholders: `{{portfolio}}`, `{{date}}`, `{{value}}`,
/// `{{change}}`, `{{warning}}` (balances that went below zero, as page 1 of the report says it),
/// `{{count}}`, and `{{#images}}…{{name}}…{{cid}}…{{width}}…{{/images}}`,
/// `{{#attachments}}{{name}}{{/attachments}}`. HTML templates escape values; text templates do not.
struct MailTemplates {
    var subject = "Folio{{#portfolio}} · {{portfolio}}{{/portfolio}} · {{date}}"
    var text: String
    var html: String

    /// The default bodies in the report's language.
    init(locale: ChartLocale) {
        let (value, attached, sentBy) =
            locale == .uk ? ("Вартість", "Вкладення", "Надіслано Folio.") : ("Value", "Attached", "Sent by Folio.")
        text = """
            {{#portfolio}}{{portfolio}}, {{/portfolio}}{{date}}
            {{#value}}\(value): {{value}}{{#change}} ({{change}}){{/change}}
            {{/value}}
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
