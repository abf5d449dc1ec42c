import Foundation
import Testing

@testable import FolioCore

/// One rule for every date Folio reads (issue 30): from 1970-01-01 to a day after now, unless the
/// reader says otherwise; no leap second.
@Suite struct DateBoundsTests {
    let now = Date(timeIntervalSince1970: 1_795_280_400)  // 2026-11-21T17:00:00Z

    @Test func fromTheEpochToADayAfterNow() {
        let bounds = DateBounds(now: now)
        #expect(
            bounds.contains(Date(timeIntervalSince1970: 0)) && !bounds.contains(Date(timeIntervalSince1970: -0.001))
        )
        #expect(bounds.contains(now.addingTimeInterval(86_400)) && !bounds.contains(now.addingTimeInterval(86_400.001)))
        #expect(bounds.contains(milliseconds: 0) && !bounds.contains(milliseconds: -1))
        #expect(bounds.contains(milliseconds: 1_795_366_800_000) && !bounds.contains(milliseconds: 1_795_366_800_001))
        // A day is in when it starts in: 2026-11-22 (a day after now starts it), not 2026-11-23.
        #expect(bounds.contains(Day(iso: "1970-01-01")!) && !bounds.contains(Day(iso: "1969-12-31")!))
        #expect(bounds.contains(Day(iso: "2026-11-22")!) && !bounds.contains(Day(iso: "2026-11-23")!))
        #expect(!bounds.contains(Day(iso: "9999-12-31")!) && !bounds.contains(Day(iso: "0000-01-01")!))
        #expect(bounds.expected == "a date from 1970-01-01 to a day from now")
    }

    @Test func aBudgetPlansAYearAhead() {
        let budget = DateBounds.budget(now: now)
        #expect(budget.contains(Day(iso: "2027-11-22")!) && !budget.contains(Day(iso: "2027-11-23")!))
        #expect(budget.expected == "a date from 1970-01-01 to a year from now")
    }

    /// POSIX time has no leap second: 23:59:60 was read as 60 seconds and stored as the next day.
    @Test func aLeapSecondIsNoTime() {
        #expect(ISOTime.parse("2016-12-31T23:59:60Z") == nil)
        #expect(ISOTime.parse("2016-12-31T23:59:59Z") == Date(timeIntervalSince1970: 1_483_228_799))
    }

    @Test func dayAndTimeOptionsFollowTheRule() throws {
        let bounds = DateBounds(now: now)
        #expect(try ArgumentValue.day("2026-11-22", "--as-of", within: bounds) == Day(iso: "2026-11-22"))
        #expect(
            throws: ArgumentError(
                "--as-of",
                "\"9999-12-31\" is out of range, expected a date from 1970-01-01 to a day from now"
            )
        ) {
            try ArgumentValue.day("9999-12-31", "--as-of", within: bounds)
        }
        #expect(
            throws: ArgumentError(
                "--time",
                "\"0000-01-01T00:00:00Z\" is out of range, expected a date from 1970-01-01 to a day from now"
            )
        ) {
            try ArgumentValue.time("0000-01-01T00:00:00Z", "--time", within: bounds)
        }
        #expect(
            throws: ArgumentError(
                "--time",
                "\"1969-06-01T00:00:00Z\" is out of range, expected a date from 1970-01-01 to a day from now"
            )
        ) {
            try ArgumentValue.time("1969-06-01T00:00:00Z", "--time", within: bounds)
        }
        #expect(throws: ArgumentError("--time", "\"2016-12-31T23:59:60Z\" is not a time such as 2025-06-20T09:00:00Z"))
        {
            try ArgumentValue.time("2016-12-31T23:59:60Z", "--time", within: bounds)
        }
    }

    /// A range that ends before it starts is a mistake to name, not an empty list.
    @Test func fromAfterToIsAnError() throws {
        #expect(throws: ArgumentError("--from", "2024-02-01 is after --to 2024-01-01")) {
            try ArgumentValue.days(from: "2024-02-01", to: "2024-01-01")
        }
        #expect(
            try ArgumentValue.days(from: "2024-01-01", to: "2024-01-01") == (
                Day(iso: "2024-01-01"), Day(iso: "2024-01-01")
            )
        )
        #expect(try ArgumentValue.days(from: nil, to: "2024-01-01") == (nil, Day(iso: "2024-01-01")))
    }
}
