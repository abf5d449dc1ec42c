import FolioCore
import Foundation

/// A value on a calendar day (daily closes, daily portfolio values).
public struct DatedValue: Hashable, Sendable {
    public var day: Day
    public var value: Double
    public init(day: Day, value: Double) {
        self.day = day
        self.value = value
    }
}

/// A value at an instant (hourly prices, quotes).
public struct TimedValue: Hashable, Sendable {
    public var time: Date
    public var value: Double
    public init(time: Date, value: Double) {
        self.time = time
        self.value = value
    }
}
