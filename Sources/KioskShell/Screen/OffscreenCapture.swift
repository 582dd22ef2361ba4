import KioskCore

/// Renders a `DrawList` into memory at a chosen size, with no window or video driver.
///
/// It runs the very painter the window path uses, on a surface of the same pixel format,
/// so tests see what a window of that size would show.
public enum OffscreenCapture {
    /// The pixels of `list` drawn on a `width`×`height` canvas.
    public static func render(
        _ list: DrawList, width: Int, height: Int, fonts: FontFiles = .dejaVu, background: Color = .background,
        images: ImageStore = ImageStore()
    ) throws -> PixelImage {
        let renderer = try FrameRenderer(offscreenWidth: width, height: height, fonts: fonts, background: background, images: images)
        try renderer.render(list)
        return try renderer.capture()
    }

    /// Renders `list` and writes it as a PNG.
    public static func savePNG(
        _ list: DrawList, width: Int, height: Int, to path: String, fonts: FontFiles = .dejaVu
    ) throws {
        try render(list, width: width, height: height, fonts: fonts).savePNG(to: path)
    }
}
