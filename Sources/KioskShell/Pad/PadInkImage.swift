import KioskCore
import KioskData

/// Writes a trial's `_img.png` with the renderer the window uses, offscreen.
public enum PadInkImage {
    public static func save(_ picture: PadInkPicture, ink: [[Point]], to path: String) throws {
        let store = try ImageStore(paths: picture.mask.map { [$0.path: $0.path] } ?? [:])
        let maskSize = picture.mask.flatMap { store.size(of: $0.path) }
        let list = picture.drawList(ink: ink, maskSize: maskSize)
        try OffscreenCapture.render(list, width: picture.width, height: picture.height, background: picture.background, images: store)
            .savePNG(to: path)
    }

    /// The picture of a composed journal; a journal whose header cannot be read gets none.
    public static func save(_ files: PadTrialFiles, journal: PadJournal.Contents, to path: String) throws {
        guard let picture = PadInkPicture(headerLines: journal.headerLines, information: journal.information) else {
            throw ShellError.invalidArgument("\(path): the trial's header does not say the pad's size and colours")
        }
        try save(picture, ink: files.ink, to: path)
    }
}
