import Foundation
import Testing

@testable import FolioCore

@Suite struct DayTests {
    @Test(arguments: [
        ("1970-01-01", 0), ("2000-02-29", 11_016), ("2024-12-31", 20_088), ("1969-12-31", -1), ("1996-09-02", 9_741),
    ])
    func isoRoundTrip(_ iso: String, _ days: Int) throws {
        let day = try #require(Day(iso: iso))
        #expect(day.daysSinceEpoch == days)
        #expect(day.iso == iso)
    }

    @Test(arguments: [
        "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "24-01-01", "2024-1-01", "2024/01/01", "",
    ])
    func rejectsDaysThatDoNotExist(_ text: String) {
        #expect(Day(iso: text) == nil)
    }

    @Test func weekdays() throws {
        #expect(try #require(Day(iso: "1970-01-01")).weekday == 4)  // Thursday
        #expect(try #require(Day(iso: "2026-11-21")).weekday == 6)  // Saturday
        #expect(try #require(Day(iso: "2022-02-28")).weekday == 1)  // Monday
    }

    @Test func monthArithmeticClampsTheDay() throws {
        let jan31 = try #require(Day(iso: "2024-01-31"))
        #expect(jan31.addingMonths(1).iso == "2024-02-29")
        #expect(jan31.addingMonths(13).iso == "2025-02-28")
        #expect(jan31.addingMonths(-2).iso == "2023-11-30")
        #expect(try #require(Day(iso: "2024-02-10")).lastOfMonth.iso == "2024-02-29")
        #expect(try #require(Day(iso: "2023-02-10")).lastOfMonth.iso == "2023-02-28")
    }

    @Test(arguments: [(1, 2, 3), (999, 12, 31), (10_000, 1, 1), (0, 1, 1), (-5, 6, 7)])
    func isoWritesWhatPrintfWrites(_ year: Int, _ month: Int, _ day: Int) throws {
        let d = try #require(Day(year: year, month: month, day: day))
        #expect(d.iso == String(format: "%04d-%02d-%02d", year, month, day))
    }

    @Test func dayOfADateIsItsUTCDay() {
        #expect(Day(Date(timeIntervalSince1970: 86_399)).iso == "1970-01-01")
        #expect(Day(Date(timeIntervalSince1970: -1)).iso == "1969-12-31")
    }
}

@Suite struct ISOTimeTests {
    @Test(arguments: [
        ("2024-03-01", 1_709_251_200.0),
        ("2024-03-01T09:30", 1_709_285_400.0),
        ("2024-03-01T09:30:15Z", 1_709_285_415.0),
        ("2024-03-01 09:30:15", 1_709_285_415.0),
        ("2024-03-01T09:30:15.250Z", 1_709_285_415.25),
        ("2024-03-01T11:30:15+02:00", 1_709_285_415.0),
        ("2024-03-01T04:30:15-0500", 1_709_285_415.0),
        ("2019-09-24 7:49:22", 1_569_311_362.0),  // DSX writes one-digit hours
    ])
    func parses(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISOTime.parse(text))
        #expect(date.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2024-03-01T25:00", "2024-03-01T09:60", "2024-03-01X09:30", "2024-03-01T09:30Zjunk", "yesterday", "2024-03-01T",
        "2024-03-01T09:30:15.Z",
    ])
    func rejects(_ text: String) {
        #expect(ISOTime.parse(text) == nil)
    }

    @Test func formats() {
        #expect(ISOTime.format(Date(timeIntervalSince1970: 1_569_311_362)) == "2019-09-24T07:49:22Z")
        #expect(ISOTime.format(Date(timeIntervalSince1970: 1_569_311_362.5)) == "2019-09-24T07:49:22.500Z")
        #expect(ISOTime.format(Date(timeIntervalSince1970: 1_704_067_507.045)) == "2024-01-01T00:05:07.045Z")
        #expect(ISOTime.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        // Every field padded as printf's %02d and %03d pad them, over a spread of times.
        var t = -86_400.0 * 400
        while t < 86_400 * 400 {
            let date = Date(timeIntervalSince1970: t)
            let whole = t.rounded(.down)
            let secs = Int(whole) - Int((whole / 86_400).rounded(.down)) * 86_400
            let millis = Int(((t - whole) * 1000).rounded())
            let expected =
                Day(date).iso + String(format: "T%02d:%02d:%02d", secs / 3600, secs / 60 % 60, secs % 60)
                + (millis > 0 && millis < 1000 ? String(format: ".%03d", millis) : "") + "Z"
            #expect(ISOTime.format(date) == expected, "\(t)")
            t += 7_777.123
        }
    }
}
