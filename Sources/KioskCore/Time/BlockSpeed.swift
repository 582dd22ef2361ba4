/// Block seconds per real second, as `--speed`, the settings' `clock_speed` and a plan block's
/// `speed` give it. Outside this range a windowed run cannot keep the block's clock (a frame
/// would cover more block time than any task's timing allows, or none at all), and block
/// times in nanoseconds would overflow.
public enum BlockSpeed {
    public static let range: ClosedRange<Double> = 0.01...1_000

    /// The range as messages say it.
    public static let rangeText = "from 0.01 to 1000"
}
