/// Estimates how much room text takes in DejaVu Sans, the face the shell renders with.
///
/// The core does no font I/O, yet questionnaire and dialog layouts depend on text size (and
/// the layout shows in `aoi` rows, which must not depend on the machine). So widths come from
/// a table of DejaVu Sans advance widths generated from the font files
/// (`scripts/gen-text-metrics.py`), ignoring kerning; lengths are reference pixels.
public enum TextMetrics {
    /// DejaVu Sans ascent + descent, in ems: the height of one line.
    public static let lineHeightEms = 1.164

    /// Width in ems assumed for characters outside the table (CJK, symbols).
    static let fallbackWidthEms = 0.62

    /// Reference pixels per em at `pointSize` (points at 96 dpi, as pyglet sizes fonts).
    public static func emPixels(pointSize: Double) -> Double { pointSize * 96 / 72 }

    /// The height of `lines` lines of text at `pointSize`, in reference pixels.
    public static func height(lines: Int, pointSize: Double) -> Double {
        Double(lines) * lineHeightEms * emPixels(pointSize: pointSize)
    }

    /// The width of `text` set on one line, in reference pixels.
    public static func width(_ text: some StringProtocol, pointSize: Double, bold: Bool = false) -> Double {
        let table = bold ? dejaVuBold : dejaVuRegular
        var ems = 0.0
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                ems += 4 * (table[0x20] ?? fallbackWidthEms)
            } else {
                ems += table[scalar.value] ?? fallbackWidthEms
            }
        }
        return ems * emPixels(pointSize: pointSize)
    }

    /// The lines `text` breaks into when wrapped at `width` reference pixels, breaking at
    /// spaces (and at `\n`); a word longer than the width gets a line of its own.
    public static func wrappedLines(_ text: String, pointSize: Double, bold: Bool = false, width: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if current.isEmpty || Self.width(candidate, pointSize: pointSize, bold: bold) <= width {
                    current = candidate
                } else {
                    lines.append(current)
                    current = String(word)
                }
            }
            lines.append(current)
        }
        return lines
    }

    /// The height of `text` wrapped at `width`, in reference pixels.
    public static func wrappedHeight(_ text: String, pointSize: Double, bold: Bool = false, width: Double) -> Double {
        height(lines: wrappedLines(text, pointSize: pointSize, bold: bold, width: width).count, pointSize: pointSize)
    }

    /// The largest point size, at most `pointSize` and at least `minimumPointSize`, at which
    /// `text` wrapped at `width` fits in `height`.
    public static func fittingPointSize(
        _ text: String, pointSize: Double, minimumPointSize: Double, bold: Bool = false, width: Double, height: Double
    ) -> Double {
        var size = pointSize
        while size > minimumPointSize && wrappedHeight(text, pointSize: size, bold: bold, width: width) > height {
            size -= 0.5
        }
        return max(size, minimumPointSize)
    }
}
