import KioskCore

/// The light sensor a `timing` run reads: a photodiode behind a comparator on a button input,
/// read every frame, or a photodiode on a sound card's line-in, recorded and read once the
/// flashes are over.
public enum TimingSensor {
    case button(LightSensorReader)
    case lineIn(LineInReader)

    public var name: String {
        switch self {
        case .button(let reader): reader.name
        case .lineIn(let reader): reader.name
        }
    }
}
