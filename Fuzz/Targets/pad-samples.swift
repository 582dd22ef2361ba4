import KioskCore

// A pad trial's samples file as `replay` and `report` read it, then what they make of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let samples = try? PadSamplesFile.read(FuzzInput(data, size).text, file: "fuzz_samples.tsv") else { return 0 }
    consume(PadTrialReport.section(samples, title: "t", plotPrefix: "p"))
    let replay = PadTrialReplay(samples: samples)
    consume(replay.imageNames)
    // The replay asks for moments from the first row to the last.
    for wall in [0, replay.duration / 2, replay.duration] {
        consume(replay.moment(at: wall))
        var list = DrawList()
        replay.draw(at: wall, imageSize: { _ in (width: 100, height: 50) }, into: &list)
        consume(list)
    }
    return 0
}
