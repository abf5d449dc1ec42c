import Testing

@testable import FolioCore

@Suite struct UTF8ValidationTests {
    /// Bytes and the offset of the first one that does not begin a well-formed sequence (Unicode table 3-7).
    @Test(arguments: [
        ([UInt8](), nil as Int?),
        (Array("plain ASCII, longer than eight bytes".utf8), nil),
        (Array("Продукти, їжа, ґанок 💶".utf8), nil),
        ([0xCF, 0xF0, 0xEE, 0xE4], 0),  // CP1251 "Прод": a lead byte without continuation
        (Array("Budget,".utf8) + [0xAF, 0xE6, 0xE0], 7),  // CP1251 "Їжа" after seven ASCII bytes
        ([0x41, 0xC0, 0x80], 1),  // overlong NUL
        ([0xE0, 0x80, 0x80], 0),  // overlong three-byte form
        ([0xED, 0xA0, 0x80], 0),  // a UTF-16 surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
        (Array("0123456789".utf8) + [0xE2, 0x82], 10),  // cut short at the end
        ([0xFF, 0xFE, 0x41, 0x00], 0),  // a UTF-16 byte-order mark
    ])
    func findsTheFirstBadByte(_ bytes: [UInt8], _ offset: Int?) {
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) } == offset)
    }

    @Test func theProblemNamesTheByteAndTheConversion() {
        #expect(
            UTF8Validation.problem(foundByte: 0xCF, fileStart: [0x64, 0x61])
                == "not UTF-8 (found byte 0xCF); convert with iconv -f CP1251 -t UTF-8"
        )
        #expect(
            UTF8Validation.problem(foundByte: 0xFF, fileStart: [0xFF, 0xFE])
                == "not UTF-8 (found byte 0xFF); convert with iconv -f UTF-16 -t UTF-8"
        )
    }
}
