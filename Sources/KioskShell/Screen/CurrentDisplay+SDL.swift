import CSDL2
import KioskCore

extension CurrentDisplay {
    /// The mode of screen `screenIndex` as SDL reports it, with the session's compositor; nil
    /// when there is no display to ask, or only SDL's dummy or offscreen driver, which show nothing.
    public static func read(screenIndex: Int) -> CurrentDisplay? {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { return nil }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        guard !driver.isEmpty, driver != "dummy", driver != "offscreen" else { return nil }
        let screen = Int32(max(0, min(screenIndex, Int(SDL_GetNumVideoDisplays()) - 1)))
        var mode = SDL_DisplayMode()
        guard SDL_GetCurrentDisplayMode(screen, &mode) == 0, mode.w > 0, mode.h > 0 else { return nil }
        return CurrentDisplay(width: Int(mode.w), height: Int(mode.h), refreshHertz: mode.refresh_rate > 0 ? Int(mode.refresh_rate) : nil,
                              videoDriver: driver, compositor: KioskIdentity.compositor)
    }
}
