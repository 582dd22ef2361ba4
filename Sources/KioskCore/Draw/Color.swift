/// An RGBA colour with 0...255 components, as OpenMATB's colour table gives them.
public struct Color: Hashable, Sendable {
    public var red: Int
    public var green: Int
    public var blue: Int
    public var alpha: Int

    public init(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Int = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The named colours of OpenMATB (docs/openmatb-behaviour.md: Colours and fonts); scenario files use
    /// these upper-case names.
    public static let named: [(name: String, color: Color)] = [
        ("WHITE", white), ("WHITE_TRANSLUCENT", whiteTranslucent), ("BLACK", black),
        ("GREEN", green), ("RED", red), ("BACKGROUND", background), ("LIGHTGREY", lightGrey),
        ("DARKGREY", darkGrey), ("GREY", grey), ("BLUE", blue),
    ]

    public static let white = Color(255, 255, 255)
    public static let whiteTranslucent = Color(255, 255, 255, 235)
    /// OpenMATB's "black" is a dark grey.
    public static let black = Color(50, 50, 50)
    public static let green = Color(142, 219, 176)
    public static let red = Color(241, 100, 100)
    public static let background = Color(240, 240, 240)
    public static let lightGrey = Color(220, 220, 220)
    public static let darkGrey = Color(50, 50, 50)
    public static let grey = Color(200, 200, 200)
    public static let blue = Color(153, 204, 255)
}
