import Foundation

/// Why rendering or writing an output failed.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    case fontsNotFound
    case fontLoad(path: String, code: Int32)
    case cairo(String)
    case png(String)
    case io(path: String, reason: String)
    case unsupportedFormat(String)

    public var description: String {
        switch self {
        case .fontsNotFound:
            "fonts not found: set FOLIO_FONTS to a directory with \(FontLocator.regularFile), or install them in \(FontLocator.installedDirectory)"
        case .fontLoad(let path, let code): "cannot load font \(path) (FreeType error \(code))"
        case .cairo(let what): "cairo: \(what)"
        case .png(let what): "png: \(what)"
        case .io(let path, let reason): "\(path): \(reason)"
        case .unsupportedFormat(let ext): "unsupported output format '\(ext)' (use .png, .pdf or .svg)"
        }
    }
}
