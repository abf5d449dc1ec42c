import Foundation

/// A MIME header parameter such as a file name (`filename="chart.png"`). A plain name is quoted as it
/// is; any other — non-ASCII, or with quotes, semicolons, backslashes or control characters that could
/// end the value and add parameters of the sender's choosing (`q"; x-evil="1.txt`) — is percent-encoded
/// per RFC 2231 (`filename*=UTF-8''…`), in numbered pieces when long (`filename*0*=…; filename*1*=…`),
/// so that every header line stays short. No ASCII fallback is added for an encoded name: one made
/// from it could be hostile again, and every current mail reader reads RFC 2231.
enum MIMEParameter {
    /// Letters, digits, spaces and punctuation no MIME parser splits on, and short enough for one line.
    static func isPlain(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 60
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar)
                        || " -_.+()[],=@#&!~'".unicodeScalars.contains(scalar))
            }
    }

    /// `name="value"` or its RFC 2231 form, as one or more `; `-separated parameters.
    static func encode(_ name: String, _ value: String) -> String {
        if isPlain(value) { return "\(name)=\"\(value)\"" }
        var pieces: [String] = []
        var piece = "UTF-8''"
        for character in value {
            let encoded = String(character).utf8.map { byte in
                attributeCharacters.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }.joined()
            // A character's bytes stay in one piece: some readers decode each piece on its own.
            if piece.count + encoded.count > 48 && !piece.hasSuffix("''") {
                pieces.append(piece)
                piece = ""
            }
            piece += encoded
        }
        pieces.append(piece)
        if pieces.count == 1 { return "\(name)*=\(pieces[0])" }
        return pieces.enumerated().map { "\(name)*\($0.offset)*=\($0.element)" }.joined(separator: "; ")
    }

    /// RFC 2231 attribute-char without the ones some readers mishandle: left as they are in a value.
    private static let attributeCharacters = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!#$&+^`|".utf8)
    )
}
