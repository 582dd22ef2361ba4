import CSDL2

/// What a screen reports of itself before any window opens: the drawing pad sizes its canvas
/// to the window in pixels, and notes the screen's pixel pitch in its samples files.
public struct DisplayInfo: Sendable {
    public var width: Int
    public var height: Int
    /// Dots per inch, horizontally and vertically, when the display reports them.
    public var dpi: (horizontal: Double, vertical: Double)?

    /// The screen's size and density; nil when there is no video driver to ask.
    public static func query(screenIndex: Int) -> DisplayInfo? {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { return nil }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let screen = Int32(max(0, min(screenIndex, Int(SDL_GetNumVideoDisplays()) - 1)))
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(screen, &bounds) == 0 else { return nil }
        var diagonal: Float = 0, horizontal: Float = 0, vertical: Float = 0
        let dpi = SDL_GetDisplayDPI(screen, &diagonal, &horizontal, &vertical) == 0 && horizontal > 0 && vertical > 0
            ? (Double(horizontal), Double(vertical)) : nil
        return DisplayInfo(width: Int(bounds.w), height: Int(bounds.h), dpi: dpi)
    }
}
