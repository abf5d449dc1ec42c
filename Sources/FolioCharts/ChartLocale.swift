import Foundation

/// The language and number conventions a chart is written in. Hand-made rather than Foundation's
/// NumberFormatter/DateFormatter: those are slow to build, and their output depends on the ICU data of
/// the machine, while Folio promises the same bytes everywhere.
public enum ChartLocale: String, Hashable, Sendable, CaseIterable {
    case en
    case uk

    public var decimalSeparator: String { self == .uk ? "," : "." }
    /// uk groups thousands with a narrow no-break space (as Ukrainian typesetting does), so "1 234 567"
    /// never wraps inside a number and reads as one.
    var groupSeparator: String { self == .uk ? "\u{202F}" : "," }
    /// A true minus sign (U+2212), as typographers set it; same width as the plus sign.
    public static let minus = "\u{2212}"

    /// Short month names for axis labels.
    public var monthAbbreviations: [String] {
        switch self {
        case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .uk:
            ["січ.", "лют.", "бер.", "квіт.", "трав.", "черв.", "лип.", "серп.", "вер.", "жовт.", "лист.", "груд."]
        }
    }

    /// Suffixes for thousand, million, billion, trillion.
    var compactSuffixes: [String] {
        switch self {
        case .en: ["K", "M", "B", "T"]
        case .uk: ["\u{00A0}тис.", "\u{00A0}млн", "\u{00A0}млрд", "\u{00A0}трлн"]
        }
    }

    /// Words the charts themselves write.
    public var other: String { self == .uk ? "Інше" : "Other" }
    /// Before the slices a pie cannot draw (negative balances).
    public var notShown: String { self == .uk ? "Не показано" : "Not shown" }
    /// The legend's key of estimated (projected) values.
    public var estimated: String { self == .uk ? "Прогноз" : "Estimated" }
    public var average: String { self == .uk ? "Сер." : "Avg" }
    public var minimum: String { self == .uk ? "Мін." : "Min" }
    public var maximum: String { self == .uk ? "Макс." : "Max" }
    public var total: String { self == .uk ? "Усього" : "Total" }
    /// A donut's centre when a negative balance is not drawn: what the ring holds, and the net whole.
    public var held: String { self == .uk ? "в активах" : "held" }
    public var net: String { self == .uk ? "нетто" : "net" }
    /// …and when a holding without a rate is left out of the ring.
    public var shown: String { self == .uk ? "показано" : "shown" }
    public var source: String { self == .uk ? "Джерело" : "Source" }
    public var asOf: String { self == .uk ? "станом на" : "as of" }
    public var noData: String { self == .uk ? "Немає даних" : "No data" }
    /// A drift's unit, after the figure ("+7.5 pp"; "+7,5 в. п.", відсоткові пункти).
    public var percentagePoints: String { self == .uk ? "в.\u{00A0}п." : "pp" }
    /// After an out-of-band line's drift on a bullet graph, and the note that says so when it does not fit.
    public var outOfBand: String { self == .uk ? "поза межами" : "out of band" }
    public var labelledOutOfBand: String {
        self == .uk ? "Підписано рядки поза межами допуску" : "Labelled: lines outside their band"
    }
    /// A colour key's end that values beyond it share ("15% or more"): in words, as the fonts have no ≥.
    package func orBeyond(_ figure: String, above: Bool) -> String {
        figure + "\u{00A0}" + (above ? (self == .uk ? "і більше" : "or more") : (self == .uk ? "і менше" : "or less"))
    }
}

/// Money and number presentation in one currency.
public enum Currency: String, Hashable, Sendable {
    case uah = "UAH"
    case usd = "USD"
    case eur = "EUR"
    case pln = "PLN"
    case gbp = "GBP"

    public init?(code: String) { self.init(rawValue: code.uppercased()) }

    public var symbol: String {
        switch self {
        case .uah: "₴"
        case .usd: "$"
        case .eur: "€"
        case .pln: "zł"
        case .gbp: "£"
        }
    }

    /// The sign written with a figure in `locale`. Ukrainian writes hryvnias "грн" (6,19 млн грн), as its
    /// headings do ("Вартість, грн"): one name for the currency on a page, not "грн" above and "₴" below.
    public func symbol(in locale: ChartLocale) -> String { self == .uah && locale == .uk ? "грн" : symbol }

    /// English puts $ € £ ₴ before the number and zł after it; Ukrainian puts every symbol after.
    func symbolFirst(in locale: ChartLocale) -> Bool { locale == .en && self != .pln }
}
