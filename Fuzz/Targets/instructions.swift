import KioskCore

// An instruction file as the instructions plugin shows it: split into slides, each title and
// body read as OpenMATB's HTML subset, and the images the scenario check looks for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    let file = SlideFile(text, ignoringEmptyLines: false)
    consume(file.imageReferences)
    for slide in file.slides {
        consume(slide.title.map { HTMLSubset.richText($0.text) })
        consume(HTMLSubset.richText(slide.body.map(\.text).joined(separator: "\n")))
    }
    return 0
}
