/// A local calendar date and wall-clock time, to the second, as the shell read it.
///
/// The core never reads a clock; this value only names session folders and files
/// (docs/openmatb-behaviour.md: Session files), so it carries plain calendar fields and no time zone
/// arithmetic.
public struct LocalDateTime: Hashable, Sendable {
    /// The full year, such as 2024.
    public var year: Int
    /// The month, 1…12.
    public var month: Int
    /// The day of the month, 1…31.
    public var day: Int
    /// The hour, 0…23.
    public var hour: Int
    /// The minute, 0…59.
    public var minute: Int
    /// The second, 0…60 (a leap second is possible).
    public var second: Int

    /// A date and time from its calendar fields.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }
}
