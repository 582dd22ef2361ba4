extension RichText {
    /// About how tall the text is when wrapped at `width` reference pixels, from DejaVu's
    /// advance widths (``TextMetrics``) and each picture's own size, as the shell lays it out
    /// (words flowed into lines, a line as tall as its tallest piece): enough for `check` to
    /// tell a page that cannot fit its box from one that can.
    /// - Parameter imageSize: a picture's width and height in reference pixels; nil counts none.
    public func estimatedHeight(width: Double, imageSize: (String) -> (width: Double, height: Double)?) -> Double {
        var total = 0.0
        for block in blocks {
            total += block.spaceBefore
            var lineWidth = 0.0, lineHeight = 0.0
            func endLine() {
                total += lineHeight
                lineWidth = 0
                lineHeight = 0
            }
            func place(width pieceWidth: Double, height: Double) {
                if lineWidth > 0, lineWidth + pieceWidth > width { endLine() }
                lineWidth += pieceWidth
                lineHeight = max(lineHeight, height)
            }
            for item in block.items {
                switch item {
                case .lineBreak:
                    endLine()
                case .image(let name):
                    if let size = imageSize(name) { place(width: size.width, height: size.height) }
                case .text(let text, let font):
                    let height = TextMetrics.height(lines: 1, pointSize: font.pointSize)
                    for word in text.split(separator: " ") {
                        place(width: TextMetrics.width(word + " ", pointSize: font.pointSize, bold: font.bold), height: height)
                    }
                }
            }
            endLine()
        }
        return total
    }
}
