/// A drawing-pad trial's `_samples.tsv` read back (docs/drawing-pad.md: Samples file): the
/// pad's size and mask from its `#` lines, and every row. A last line a crash cut short is
/// set aside; any other malformed line is an error at its line.
public struct PadSamplesFile: Sendable {
    /// The pad in pixels, from `# pad: WxH px`.
    public var padWidth: Double
    public var padHeight: Double
    /// The input mask's placement and file, from `# input mask: X,Y PATH`.
    public var mask: (x: Double, y: Double, path: String)?
    public var rows: [PadSampleRow]

    /// A file that cannot be read as a samples file.
    public typealias Failure = DataFileReadFailure

    public static func read(_ text: String, file: String) throws(Failure) -> PadSamplesFile {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // A file ends with a line end; whatever follows the last one is a cut-short line.
        lines.removeLast()
        var width: Double?, height: Double?
        var mask: (Double, Double, String)?
        var rows: [PadSampleRow] = []
        var sawHeader = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if line.hasPrefix("# pad: ") {
                let size = line.dropFirst("# pad: ".count).prefix { $0 != " " }.split(separator: "x").compactMap { Double($0) }
                if size.count == 2 { (width, height) = (size[0], size[1]) }
            } else if line.hasPrefix("# input mask: ") {
                let rest = line.dropFirst("# input mask: ".count)
                if let space = rest.firstIndex(of: " ") {
                    let at = rest[..<space].split(separator: ",").compactMap { Double($0) }
                    if at.count == 2 { mask = (at[0], at[1], String(rest[rest.index(after: space)...])) }
                }
            } else if line.hasPrefix("#") {
                continue
            } else if !sawHeader {
                guard line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) == PadSampleRow.columns else {
                    throw Failure(file: file, line: number, message: "expected the header `\(PadSampleRow.columns.joined(separator: " "))` (tab-separated); this is not a samples file")
                }
                sawHeader = true
            } else if let row = PadSampleRow(line: line) {
                rows.append(row)
            } else {
                throw Failure(file: file, line: number, message: "expected \(PadSampleRow.columns.count) tab-separated columns: a kind, two times in ns (0 to \(PadSampleRow.times.upperBound)), then the rest as the header names them")
            }
        }
        guard sawHeader else { throw Failure(file: file, line: 1, message: "no header row; this is not a samples file") }
        guard let width, let height else { throw Failure(file: file, line: 1, message: "no `# pad: WIDTHxHEIGHT px` line; the pad's size is unknown") }
        return PadSamplesFile(padWidth: width, padHeight: height, mask: mask.map { (x: $0.0, y: $0.1, path: $0.2) }, rows: rows)
    }
}
