import FolioCharts
import Foundation
import Testing

@testable import FolioRender

@Suite struct FontTests {
    @Test func figuresAreTabularInBothWeights() throws {
        let fonts = try FontSet.shared()
        for weight in FontWeight.allCases {
            let digits = fonts.digitAdvances(weight: weight)
            #expect(Set(digits).count == 1, "\(weight): \(digits)")
        }
    }

    @Test func everyCharacterTheChartsWriteHasAGlyph() throws {
        let fonts = try FontSet.shared()
        let text =
            "0123456789.,−+%₴$€zł£ тис.млнрдтрлн…—·АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
            + "\u{00A0}\u{202F}ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        for weight in FontWeight.allCases {
            let missing = fonts.glyphs(of: text, size: 10, weight: weight).enumerated().filter { $0.element.index == 0 }
            #expect(missing.isEmpty, "\(weight): \(missing.map { Array(text.unicodeScalars)[$0.offset] })")
        }
    }

    @Test func measuredWidthIsTheDrawnAdvance() throws {
        let fonts = try FontSet.shared()
        let text = "Макс. 35,36 −0,25"
        let glyphs = fonts.glyphs(of: text, size: 13, weight: .bold)
        let last = try #require(glyphs.last)
        let lastAdvance = fonts.width(of: String(text.unicodeScalars.last!), size: 13, weight: .bold)
        #expect(abs(last.x + lastAdvance - fonts.width(of: text, size: 13, weight: .bold)) < 1e-9)
    }

    @Test func lookupOrderIsEnvironmentThenExecutableThenInstalled() throws {
        let fonts = try FontSet.shared().directory
        let viaEnvironment = FontLocator.directory(environment: ["FOLIO_FONTS": fonts.path], executable: nil)
        #expect(viaEnvironment?.standardizedFileURL == fonts.standardizedFileURL)
        #expect(FontLocator.directory(environment: ["FOLIO_FONTS": "/nonexistent"], executable: nil) == nil)
        let nested = fonts.deletingLastPathComponent().appendingPathComponent(".build/debug/folio")
        #expect(
            FontLocator.directory(environment: [:], executable: nested)?.standardizedFileURL
                == fonts.standardizedFileURL
        )
    }
}
