/// Report plots as standalone SVG documents: line charts over time (with an optional target
/// band) and bar charts, with axes, ticks, labels and a legend (docs/reports.md). SVG is text;
/// the shell turns each into a PNG for papers and slides.
public enum SVGChart {
    public static let width = 720.0
    public static let height = 320.0
    static let margin = (left: 64.0, right: 20.0, top: 40.0, bottom: 48.0)
    /// Colours told apart at a glance, for lines or bars that stand for different things.
    public static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22"]

    /// One line of a line chart.
    public struct Series: Sendable {
        public var name: String
        public var color: String
        public var points: [(x: Double, y: Double)]
        public init(name: String, color: String, points: [(x: Double, y: Double)]) {
            self.name = name
            self.color = color
            self.points = points
        }
    }

    /// Lines over `x`; `band` shades a range of `y` (a target band).
    public static func lines(title: String, xLabel: String, yLabel: String, series: [Series], band: ClosedRange<Double>? = nil) -> String {
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) } + (band.map { [$0.lowerBound, $0.upperBound] } ?? [])
        let xAxis = Axis(low: xs.min() ?? 0, high: xs.max() ?? 1)
        let yAxis = Axis(low: min(ys.min() ?? 0, 0), high: ys.max() ?? 1)
        var body = frame(title: title, xLabel: xLabel, yLabel: yLabel, x: xAxis, y: yAxis)
        if let band {
            let top = yAxis.place(band.upperBound, on: plotBottom, plotTop), bottom = yAxis.place(band.lowerBound, on: plotBottom, plotTop)
            body += "<rect x=\"\(n(margin.left))\" y=\"\(n(top))\" width=\"\(n(plotRight - margin.left))\" height=\"\(n(max(0, bottom - top)))\" fill=\"#8edbb0\" fill-opacity=\"0.35\"/>\n"
        }
        for line in series where !line.points.isEmpty {
            let placed = line.points.map { (x: xAxis.place($0.x, on: margin.left, plotRight), y: yAxis.place($0.y, on: plotBottom, plotTop)) }
            // A line of one point draws nothing: the point is a dot instead.
            if let only = placed.first, placed.count == 1 {
                body += "<circle cx=\"\(n(only.x))\" cy=\"\(n(only.y))\" r=\"3\" fill=\"\(line.color)\"/>\n"
                continue
            }
            let path = placed.map { "\(n($0.x)),\(n($0.y))" }
            body += "<polyline fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"1.5\" points=\"\(path.joined(separator: " "))\"/>\n"
        }
        body += legend(series.map { ($0.name, $0.color) } + (band == nil ? [] : [("target band", "#8edbb0")]))
        return document(body)
    }

    /// One bar per label; `legend` names what the bars' colours stand for, when they stand for something.
    public static func bars(title: String, yLabel: String, bars: [(label: String, value: Double, color: String)],
                            legend entries: [(String, String)] = []) -> String {
        // A legend sits at the top of the plot: the axis leaves it room above the tallest bar.
        // A bar stands on zero: a negative one (points lost) hangs below it, inside the plot.
        let tallest = (bars.map(\.value).max() ?? 1) * (entries.isEmpty ? 1 : 1.25)
        let lowest = min(bars.map(\.value).min() ?? 0, 0)
        let yAxis = Axis(low: lowest, high: max(tallest, lowest < 0 ? 0 : 1), wholeSteps: bars.allSatisfy { $0.value == $0.value.rounded() })
        var body = frame(title: title, xLabel: "", yLabel: yLabel, x: nil, y: yAxis)
        let slot = (plotRight - margin.left) / Double(max(bars.count, 1))
        let zero = yAxis.place(0, on: plotBottom, plotTop)
        for (index, bar) in bars.enumerated() {
            let left = margin.left + slot * Double(index) + slot * 0.2
            let end = yAxis.place(bar.value, on: plotBottom, plotTop)
            let top = min(end, zero)
            body += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(slot * 0.6))\" height=\"\(n(abs(zero - end)))\" fill=\"\(bar.color)\"/>\n"
            body += text(bar.label, x: left + slot * 0.3, y: plotBottom + 18, anchor: "middle")
            body += text(number(bar.value), x: left + slot * 0.3, y: bar.value < 0 ? end + 14 : end - 6, anchor: "middle")
        }
        if !entries.isEmpty { body += legend(entries) }
        return document(body)
    }

    // MARK: Parts

    static var plotRight: Double { width - margin.right }
    static var plotBottom: Double { height - margin.bottom }
    static var plotTop: Double { margin.top }

    /// A linear axis from `low` to `high` with about five round ticks.
    struct Axis {
        var low: Double
        var high: Double
        var step: Double

        /// - Parameter wholeSteps: ticks on whole numbers only (counts).
        init(low: Double, high: Double, wholeSteps: Bool = false) {
            // A value no chart can place (NaN, infinite, beyond ±1e300) reads as the nearest one
            // it can, and a span too narrow for the precision of its numbers is widened, so the
            // step stays finite and above zero.
            let low = Self.placeable(low, otherwise: 0)
            let high = Self.placeable(high, otherwise: low + 1)
            let span = max(high > low ? high - low : 1, max(abs(low), abs(high)) * 1e-12, 1e-300)
            var step = 1.0
            while span / step > 10 { step *= 10 }
            while span / step < 1 { step /= 10 }
            if span / step < 2 { step /= 5 } else if span / step < 5 { step /= 2 }
            if wholeSteps { step = max(1, step.rounded(.up)) }
            self.step = step
            self.low = (low / step).rounded(.down) * step
            self.high = max((high / step).rounded(.up) * step, self.low + step)
        }

        /// The multiples of `step` from `low` to `high`: about five, and never more than a hundred
        /// whatever rounding does to huge or tiny values.
        var ticks: [Double] {
            let count = ((high - low) / step).rounded()
            guard count.isFinite else { return [low] }
            return (0...Int(min(max(count, 0), 100))).map { low + Double($0) * step }
        }

        static func placeable(_ value: Double, otherwise: Double) -> Double {
            value.isNaN ? otherwise : min(max(value, -1e300), 1e300)
        }

        func place(_ value: Double, on start: Double, _ end: Double) -> Double {
            start + (value - low) / (high - low) * (end - start)
        }
    }

    static func frame(title: String, xLabel: String, yLabel: String, x: Axis?, y: Axis) -> String {
        var out = text(title, x: width / 2, y: 22, anchor: "middle", size: 15, bold: true)
        for tick in y.ticks {
            let at = y.place(tick, on: plotBottom, plotTop)
            out += "<line x1=\"\(n(margin.left))\" y1=\"\(n(at))\" x2=\"\(n(plotRight))\" y2=\"\(n(at))\" stroke=\"#dddddd\"/>\n"
            out += text(number(tick), x: margin.left - 6, y: at + 4, anchor: "end")
        }
        if let x {
            for tick in x.ticks {
                let at = x.place(tick, on: margin.left, plotRight)
                out += "<line x1=\"\(n(at))\" y1=\"\(n(plotBottom))\" x2=\"\(n(at))\" y2=\"\(n(plotBottom + 5))\" stroke=\"#333333\"/>\n"
                out += text(number(tick), x: at, y: plotBottom + 18, anchor: "middle")
            }
        }
        out += "<line x1=\"\(n(margin.left))\" y1=\"\(n(plotBottom))\" x2=\"\(n(plotRight))\" y2=\"\(n(plotBottom))\" stroke=\"#333333\"/>\n"
        out += "<line x1=\"\(n(margin.left))\" y1=\"\(n(plotTop))\" x2=\"\(n(margin.left))\" y2=\"\(n(plotBottom))\" stroke=\"#333333\"/>\n"
        out += text(xLabel, x: (margin.left + plotRight) / 2, y: height - 10, anchor: "middle")
        out += "<text x=\"16\" y=\"\(n((plotTop + plotBottom) / 2))\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(n((plotTop + plotBottom) / 2)))\">\(HTMLText.escape(yLabel))</text>\n"
        return out
    }

    static func legend(_ entries: [(String, String)]) -> String {
        var out = ""
        var x = margin.left + 8
        for (name, color) in entries where entries.count > 1 || name == "target band" {
            out += "<rect x=\"\(n(x))\" y=\"\(n(plotTop + 6))\" width=\"12\" height=\"12\" fill=\"\(color)\"/>\n"
            out += text(name, x: x + 16, y: plotTop + 16, anchor: "start")
            x += 24 + Double(name.count) * 7
        }
        return out
    }

    static func text(_ string: String, x: Double, y: Double, anchor: String, size: Int = 12, bold: Bool = false) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\"\(bold ? " font-weight=\"bold\"" : "")>\(HTMLText.escape(string))</text>\n"
    }

    static func document(_ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"DejaVu Sans, sans-serif\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n"
    }

    /// A coordinate with two decimals at most.
    static func n(_ value: Double) -> String { TabSeparated.decimal(value.isFinite ? value : 0, places: 2) }

    /// A tick or value label: no decimals for whole numbers, else up to three significant ones.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int64(value)) }
        let places = abs(value) >= 10 ? 1 : abs(value) >= 1 ? 2 : 3
        return TabSeparated.decimal(value, places: places)
    }
}
