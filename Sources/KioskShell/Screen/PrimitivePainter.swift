import CSDL2
import KioskCore

/// Paints single draw commands onto an SDL software renderer, in window pixels.
///
/// Geometry goes through `SDL_RenderGeometry` triangles, which the software renderer
/// rasterises on a whole-pixel grid (it truncates vertex positions), so vertices are rounded
/// here first. Opaque colours are drawn with blending off: the software triangle filler
/// allocates a temporary surface per triangle when blending is on, and fills are faster.
final class PrimitivePainter {
    /// Segments of a dashed circle, every other one drawn, as OpenMATB's tracking target.
    static let dashedCircleSegments = 50

    let textCache: TextCache
    let richText: RichTextRenderer
    var transform: ReferenceTransform
    private var renderer: OpaquePointer
    private let images: ImageStore
    /// Pictures as textures of the current renderer, made on first use.
    private var imageTextures: [String: OpaquePointer] = [:]
    private var clip = PixelRect(x: 0, y: 0, width: 0, height: 0)
    // Reused between commands so geometry allocates nothing once warmed up.
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    private var points: [SDL_FPoint] = []

    init(renderer: OpaquePointer, transform: ReferenceTransform, fonts: FontFiles, images: ImageStore = ImageStore()) throws {
        self.renderer = renderer
        self.transform = transform
        self.images = images
        self.textCache = try TextCache(renderer: renderer, fonts: fonts, surfacePixels: transform.pixelWidth * transform.pixelHeight)
        self.richText = RichTextRenderer(renderer: renderer, textCache: textCache, images: images)
    }

    /// Draws with `renderer` from now on (textures of the old one are dropped).
    /// Call ``removeImageTextures()`` before the old renderer is destroyed.
    func rebind(to renderer: OpaquePointer, transform: ReferenceTransform) {
        self.renderer = renderer
        self.transform = transform
        textCache.rebind(to: renderer, surfacePixels: transform.pixelWidth * transform.pixelHeight)
        richText.rebind(to: renderer)
    }

    /// Restricts all following drawing to `rect`, which must not be empty.
    func setClip(_ rect: PixelRect) {
        clip = rect
        var r = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderSetClipRect(renderer, &r)
    }

    /// Fills a pixel rectangle (inside the clip) with a colour.
    func fill(_ rect: PixelRect, _ color: Color) {
        setDrawColor(color)
        fillRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// Paints one command, clipped to the current clip rectangle.
    func draw(_ command: DrawCommand) throws {
        switch command {
        case .fillRect(let rect, let color):
            guard color.alpha > 0 else { return }
            setDrawColor(color)
            let r = transform.pixelRect(covering: rect)
            fillRect(x: r.x, y: r.y, width: r.width, height: r.height)
        case .strokeRect(let rect, let color, let lineWidth):
            guard color.alpha > 0, !rect.isEmpty else { return }
            strokeRect(rect, color, lineWidth: lineWidth)
        case .line(let a, let b, let color, let lineWidth):
            guard color.alpha > 0 else { return }
            setDrawColor(color)
            drawLine(a, b, color, width: transform.lineWidthPixels(lineWidth))
        case .polyline(let pts, let color, let lineWidth, let closed):
            guard color.alpha > 0, pts.count >= 2 else { return }
            drawPolyline(pts, color, width: transform.lineWidthPixels(lineWidth), closed: closed)
        case .fillPolygon(let pts, let color):
            guard color.alpha > 0, pts.count >= 3 else { return }
            fillPolygon(pts, color)
        case .fillCircle(let center, let radius, let color):
            guard color.alpha > 0, radius > 0 else { return }
            fillCircle(center: center, radius: radius, color)
        case .strokeCircle(let center, let radius, let color, let lineWidth, let dashed):
            guard color.alpha > 0, radius > 0 else { return }
            strokeCircle(center: center, radius: radius, color, width: transform.lineWidthPixels(lineWidth), dashed: dashed)
        case .text(let string, let box, let style):
            guard style.color.alpha > 0 else { return }
            try drawText(string, box: box, style: style)
        case .richText(let text, let box, let verticalAlignment):
            try drawRichText(text, box: box, verticalAlignment: verticalAlignment)
        case .image(let name, let box):
            drawImage(name, box: box)
        case .ink(let layer):
            drawInk(layer)
        }
    }

    /// Scales a picture into the pixels covering `box`; a picture that cannot be loaded is
    /// reported by the image store and left out.
    private func drawImage(_ name: String, box: Rect) {
        let texture: OpaquePointer
        if let made = imageTextures[name] {
            texture = made
        } else {
            guard let surface = images.surface(named: name), let made = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            imageTextures[name] = made
            texture = made
        }
        let r = transform.pixelRect(covering: box)
        var destination = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        SDL_RenderCopy(renderer, texture, nil, &destination)
    }

    /// Drops the pictures' and the ink's textures; they die with their renderer.
    func removeImageTextures() {
        for texture in imageTextures.values { SDL_DestroyTexture(texture) }
        imageTextures = [:]
        if let ink { SDL_DestroyTexture(ink.texture) }
        ink = nil
    }

    // MARK: - Ink

    /// A pad's finished strokes, kept painted on a transparent texture of the pad's size.
    private struct InkTexture {
        var texture: OpaquePointer
        var id: Int
        var generation: Int
        var box: PixelRect
        var strokesDrawn: Int
    }

    private var ink: InkTexture?

    /// Copies the layer's texture over the pad, first painting onto it the strokes it lacks:
    /// only the new ones, or all of them when strokes were taken away.
    private func drawInk(_ layer: InkLayer) {
        let box = transform.pixelRect(covering: layer.box)
        guard !box.isEmpty else { return }
        if let current = ink, current.id != layer.id || current.box != box {
            SDL_DestroyTexture(current.texture)
            ink = nil
        }
        if ink == nil {
            guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                                  Int32(box.width), Int32(box.height)) else { return }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            ink = InkTexture(texture: texture, id: layer.id, generation: -1, box: box, strokesDrawn: 0)
        }
        guard var current = ink else { return }
        let repaintAll = current.generation != layer.generation || current.strokesDrawn > layer.strokes.count
        if repaintAll || current.strokesDrawn < layer.strokes.count {
            SDL_SetRenderTarget(renderer, current.texture)
            if repaintAll {
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
                SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
                SDL_RenderClear(renderer)
                current.strokesDrawn = 0
            }
            let width = transform.lineWidthPixels(layer.lineWidth)
            for stroke in layer.strokes[current.strokesDrawn...] {
                drawStroke(stroke, layer.color, width: width, originX: Double(box.x), originY: Double(box.y))
            }
            SDL_SetRenderTarget(renderer, nil)
            setClip(clip)
            current.strokesDrawn = layer.strokes.count
            current.generation = layer.generation
            ink = current
        }
        copyClipped(current.texture, box, to: box)
    }

    /// One stroke in the pixels of a texture whose top-left corner is at `origin`.
    private func drawStroke(_ points: [Point], _ color: Color, width t: Int, originX: Double, originY: Double) {
        setDrawColor(color)
        let c = sdlColor(color)
        func pixel(_ p: Point) -> (Double, Double) { (transform.pixelX(p.x) - originX, transform.pixelY(p.y) - originY) }
        for (a, b) in zip(points, points.dropFirst()) {
            let (ax, ay) = pixel(a), (bx, by) = pixel(b)
            drawLinePixels(ax, ay, bx, by, c, width: t)
        }
        // Joints and single taps: a square of the stroke's width at every point.
        for p in points {
            let (x, y) = pixel(p)
            fillRect(x: strokeStart(x, width: t), y: strokeStart(y, width: t), width: t, height: t)
        }
    }

    // MARK: - State

    private func setDrawColor(_ color: Color) {
        SDL_SetRenderDrawColor(
            renderer, UInt8(clamping: color.red), UInt8(clamping: color.green),
            UInt8(clamping: color.blue), UInt8(clamping: color.alpha))
        SDL_SetRenderDrawBlendMode(renderer, color.alpha >= 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    private func sdlColor(_ color: Color) -> SDL_Color {
        SDL_Color(
            r: UInt8(clamping: color.red), g: UInt8(clamping: color.green),
            b: UInt8(clamping: color.blue), a: UInt8(clamping: color.alpha))
    }

    private func fillRect(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        SDL_RenderFillRect(renderer, &r)
    }

    // MARK: - Strokes

    /// The first pixel row/column of a `width`-pixel stroke centred on the grid line nearest `position`.
    @inline(__always) private func strokeStart(_ position: Double, width: Int) -> Int {
        Int(position.rounded()) - width / 2
    }

    /// Four non-overlapping bands centred on the rectangle's edges (no double blending at corners).
    private func strokeRect(_ rect: Rect, _ color: Color, lineWidth: Double) {
        setDrawColor(color)
        let t = transform.lineWidthPixels(lineWidth)
        let left = strokeStart(transform.pixelX(rect.left), width: t)
        let right = strokeStart(transform.pixelX(rect.right), width: t)
        let top = strokeStart(transform.pixelY(rect.top), width: t)
        let bottom = strokeStart(transform.pixelY(rect.bottom), width: t)
        let outerWidth = right + t - left
        fillRect(x: left, y: top, width: outerWidth, height: t)
        if bottom > top { fillRect(x: left, y: bottom, width: outerWidth, height: t) }
        let innerTop = top + t
        let innerHeight = bottom - innerTop
        fillRect(x: left, y: innerTop, width: t, height: innerHeight)
        if right > left { fillRect(x: right, y: innerTop, width: t, height: innerHeight) }
    }

    /// A line `width` pixels wide with square (butt) ends; axis-aligned lines become exact rectangles.
    private func drawLine(_ a: Point, _ b: Point, _ color: Color, width t: Int) {
        let ax = transform.pixelX(a.x), ay = transform.pixelY(a.y)
        let bx = transform.pixelX(b.x), by = transform.pixelY(b.y)
        let dx = bx - ax, dy = by - ay
        if abs(dx) < 1e-6 {
            let y0 = Int(min(ay, by).rounded()), y1 = Int(max(ay, by).rounded())
            fillRect(x: strokeStart(ax, width: t), y: y0, width: t, height: max(1, y1 - y0))
            return
        }
        if abs(dy) < 1e-6 {
            let x0 = Int(min(ax, bx).rounded()), x1 = Int(max(ax, bx).rounded())
            fillRect(x: x0, y: strokeStart(ay, width: t), width: max(1, x1 - x0), height: t)
            return
        }
        drawLinePixels(ax, ay, bx, by, sdlColor(color), width: t)
    }

    /// A line between two window pixel positions, as a quad of two triangles.
    private func drawLinePixels(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ c: SDL_Color, width t: Int) {
        let dx = bx - ax, dy = by - ay
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9 else { return }
        let nx = -dy / length * Double(t) / 2, ny = dx / length * Double(t) / 2
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        // Unrounded: a 1-pixel diagonal (2-pixel lines at scales below 1) would collapse to
        // nothing if its corners snapped to the grid.
        appendVertex(ax + nx, ay + ny, c, snapped: false)
        appendVertex(bx + nx, by + ny, c, snapped: false)
        appendVertex(bx - nx, by - ny, c, snapped: false)
        appendVertex(ax - nx, ay - ny, c, snapped: false)
        appendTriangle(0, 1, 2)
        appendTriangle(0, 2, 3)
        renderGeometry()
    }

    private func drawPolyline(_ pts: [Point], _ color: Color, width t: Int, closed: Bool) {
        setDrawColor(color)
        for i in 0..<(pts.count - 1) { drawLine(pts[i], pts[i + 1], color, width: t) }
        if closed && pts.count > 2 { drawLine(pts[pts.count - 1], pts[0], color, width: t) }
        // Fill the notch butt ends leave at each corner. Skipped for translucent strokes,
        // where the overlap would show as a darker square.
        guard t >= 2, color.alpha >= 255 else { return }
        let joints = closed ? 0..<pts.count : 1..<(pts.count - 1)
        for i in joints {
            let x = strokeStart(transform.pixelX(pts[i].x), width: t)
            let y = strokeStart(transform.pixelY(pts[i].y), width: t)
            fillRect(x: x, y: y, width: t, height: t)
        }
    }

    // MARK: - Areas

    private func fillPolygon(_ pts: [Point], _ color: Color) {
        setDrawColor(color)
        let c = sdlColor(color)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        for p in pts { appendVertex(transform.pixelX(p.x), transform.pixelY(p.y), c) }
        for i in 1..<(Int32(pts.count) - 1) { appendTriangle(0, i, i + 1) }
        renderGeometry()
    }

    /// Segments for a smooth-looking circle: about one per 6 px of circumference.
    private func segmentCount(radiusPixels: Double) -> Int {
        min(120, max(12, Int(2 * Double.pi * radiusPixels / 6)))
    }

    /// Fills `points` with the circle's rim, in window pixels, starting at angle 0.
    private func rim(centerX: Double, centerY: Double, radius: Double, segments n: Int) {
        points.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let angle = 2 * Double.pi * Double(i) / Double(n)
            points.append(SDL_FPoint(x: Float(centerX + radius * cos(angle)), y: Float(centerY - radius * sin(angle))))
        }
    }

    private func fillCircle(center: Point, radius: Double, _ color: Color) {
        setDrawColor(color)
        let cx = transform.pixelX(center.x), cy = transform.pixelY(center.y)
        let r = radius * transform.scale
        let n = segmentCount(radiusPixels: r)
        let c = sdlColor(color)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        appendVertex(cx, cy, c)
        rim(centerX: cx, centerY: cy, radius: r, segments: n)
        for p in points { appendVertex(Double(p.x), Double(p.y), c) }
        for i in 0..<Int32(n) { appendTriangle(0, 1 + i, 1 + (i + 1) % Int32(n)) }
        renderGeometry()
    }

    /// A ring `width` pixels wide centred on the circle; dashed rings draw every other one of 50 segments.
    private func strokeCircle(center: Point, radius: Double, _ color: Color, width t: Int, dashed: Bool) {
        setDrawColor(color)
        let cx = transform.pixelX(center.x), cy = transform.pixelY(center.y)
        let r = radius * transform.scale
        let half = Double(t) / 2
        let n = dashed ? Self.dashedCircleSegments : segmentCount(radiusPixels: r + half)
        let c = sdlColor(color)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        // Vertices 2i (outer) and 2i+1 (inner) for rim point i.
        for i in 0..<n {
            let angle = 2 * Double.pi * Double(i) / Double(n)
            let cosA = cos(angle), sinA = sin(angle)
            appendVertex(cx + (r + half) * cosA, cy - (r + half) * sinA, c)
            appendVertex(cx + max(r - half, 0) * cosA, cy - max(r - half, 0) * sinA, c)
        }
        let count = Int32(n)
        for i in stride(from: Int32(0), to: count, by: dashed ? 2 : 1) {
            let o0 = 2 * i, i0 = 2 * i + 1
            let o1 = 2 * ((i + 1) % count), i1 = o1 + 1
            appendTriangle(o0, o1, i1)
            appendTriangle(o0, i1, i0)
        }
        renderGeometry()
    }

    /// - Parameter snapped: round the position to whole pixels, for crisp edges.
    private func appendVertex(_ x: Double, _ y: Double, _ color: SDL_Color, snapped: Bool = true) {
        vertices.append(
            SDL_Vertex(
                position: snapped ? SDL_FPoint(x: Float(x.rounded()), y: Float(y.rounded())) : SDL_FPoint(x: Float(x), y: Float(y)),
                color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
    }

    @inline(__always) private func appendTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    private func renderGeometry() {
        guard !indices.isEmpty else { return }
        vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { ix in
                _ = SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), ix.baseAddress, Int32(ix.count))
            }
        }
    }

    // MARK: - Text

    private func drawRichText(_ text: RichText, box: Rect, verticalAlignment: TextStyle.VerticalAlignment) throws {
        let boxPixels = transform.pixelRect(covering: box)
        guard !boxPixels.isEmpty, let entry = try richText.entry(for: text, width: boxPixels.width, scale: transform.scale) else { return }
        let origin = TextLayout.origin(textWidth: entry.width, textHeight: entry.height, in: boxPixels,
                                       alignment: .left, verticalAlignment: verticalAlignment)
        copyClipped(entry.texture, PixelRect(x: origin.x, y: origin.y, width: entry.width, height: entry.height), to: boxPixels)
    }

    /// Copies a texture to `placed`, clipped to `box` (and to the current clip).
    private func copyClipped(_ texture: OpaquePointer, _ placed: PixelRect, to box: PixelRect) {
        var destination = SDL_Rect(x: Int32(placed.x), y: Int32(placed.y), w: Int32(placed.width), h: Int32(placed.height))
        if placed.intersection(box) == placed {
            SDL_RenderCopy(renderer, texture, nil, &destination)
            return
        }
        let outer = clip
        let textClip = outer.intersection(box)
        guard !textClip.isEmpty else { return }
        setClip(textClip)
        SDL_RenderCopy(renderer, texture, nil, &destination)
        setClip(outer)
    }

    private func drawText(_ string: String, box: Rect, style: TextStyle) throws {
        let boxPixels = transform.pixelRect(covering: box)
        guard !boxPixels.isEmpty else { return }
        let pixelSize = TextLayout.pixelSize(pointSize: style.pointSize, scale: transform.scale)
        guard
            let entry = try textCache.entry(
                for: string, style: style, pixelSize: pixelSize, wrapWidth: style.wraps ? boxPixels.width : 0,
                tabStop: Int((TextLayout.tabStopReferencePixels * transform.scale).rounded()))
        else { return }
        let origin = TextLayout.origin(
            textWidth: entry.width, textHeight: entry.height, in: boxPixels,
            alignment: style.alignment, verticalAlignment: style.verticalAlignment)
        var destination = SDL_Rect(x: Int32(origin.x), y: Int32(origin.y), w: Int32(entry.width), h: Int32(entry.height))
        let placed = PixelRect(x: origin.x, y: origin.y, width: entry.width, height: entry.height)
        if placed.intersection(boxPixels) == placed {
            SDL_RenderCopy(renderer, entry.texture, nil, &destination)
            return
        }
        // Overflowing text is clipped to its box; SDL treats an empty clip as "no clip", so skip instead.
        let outer = clip
        let textClip = outer.intersection(boxPixels)
        guard !textClip.isEmpty else { return }
        setClip(textClip)
        SDL_RenderCopy(renderer, entry.texture, nil, &destination)
        setClip(outer)
    }
}
