import FolioCore

/// ISO 4217 numeric codes Monobank uses (`currencyCodeA`, `currencyCodeB`). Codes not listed here are
/// skipped with a note rather than guessed.
enum ISO4217 {
    static let alpha: [Int: AssetCode] = [
        36: "AUD", 124: "CAD", 156: "CNY", 203: "CZK", 208: "DKK", 348: "HUF", 356: "INR", 376: "ILS",
        392: "JPY", 398: "KZT", 410: "KRW", 498: "MDL", 578: "NOK", 643: "RUB", 752: "SEK", 756: "CHF",
        784: "AED", 826: "GBP", 840: "USD", 933: "BYN", 946: "RON", 949: "TRY", 975: "BGN", 978: "EUR",
        980: "UAH", 981: "GEL", 985: "PLN", 941: "RSD", 944: "AZN", 51: "AMD", 818: "EGP", 764: "THB",
        702: "SGD", 554: "NZD", 484: "MXN", 986: "BRL", 710: "ZAR", 344: "HKD", 458: "MYR", 360: "IDR",
        704: "VND", 682: "SAR", 860: "UZS", 972: "TJS", 417: "KGS", 934: "TMT", 191: "HRK", 352: "ISK",
    ]
}
