import CSDL2
import KioskCore
import KioskData

/// Draws each frame's `DrawList` and sends only the pixels that changed to the screen.
///
/// Rendering uses SDL's software renderer directly on the window surface. Each frame is
/// compared with the previous one (`DirtyRegion`); every dirty rectangle is cleared to the
/// background and every command touching it is repainted in list order, clipped to it, then
/// only those rectangles are sent with `SDL_UpdateWindowSurfaceRects`. An unchanged frame
/// costs a list comparison and nothing else, except where ``sendsUnchangedFrames`` is on.
/// Not thread safe: use it on the SDL thread.
public final class FrameRenderer {
    /// The window background every repaint starts from.
    public let background: Color
    /// Above this fraction of the window, a frame is repainted and sent whole: one big
    /// blit is cheaper than many rectangles covering most of it.
    public var fullRepaintAreaFraction = 0.5
    /// What the last `render` call changed.
    public private(set) var lastUpdate = FrameUpdate.unchanged
    /// Send every frame to the screen, unchanged ones too (on by default where the window
    /// surface is a GPU texture, as under Wayland).
    ///
    /// wlroots 0.15's pixman renderer (the `cage` kiosk compositor on a machine without a GPU)
    /// makes no copy of a window's buffer, its texture reads the client's memory, yet hands
    /// the buffer back to the client at once; a window that stops sending turns black.
    /// Measured under cage: a static screen sent every frame or every second frame stays, one
    /// sent every sixth frame or only when it changes is black. There
    /// SDL redraws and sends the whole frame on every update anyway, so an unchanged frame
    /// costs what a changed one does (MATB changes every frame), and it is sent as a one-pixel
    /// update so that nothing but that pixel is copied into the texture.
    public var sendsUnchangedFrames = false
    /// How many frames went to the screen.
    public private(set) var framesSent = 0
    /// Called just before a frame's pixels are copied to the window (X11 Present reads its
    /// refresh counter there: ``X11Present/pixelsWillBeCopied()``).
    var willCopyPixels: (() -> Void)?

    private let window: Window?
    private var surface: UnsafeMutablePointer<SDL_Surface>
    private var surfaceSize: (width: Int32, height: Int32)
    private var renderer: OpaquePointer
    private let painter: PrimitivePainter
    private var dirtyRegion = DirtyRegion()
    private var previous: [DrawCommand] = []
    private var needsFullRepaint = true
    // Scratch storage reused every frame.
    private var commandBounds: [PixelRect] = []
    private var sdlRects: [SDL_Rect] = []

    /// A renderer for a window's surface.
    ///
    /// - Throws: `ShellError.fontMissing` if a font file is missing, `.sdl` if SDL fails.
    public convenience init(window: Window, fonts: FontFiles = .dejaVu, background: Color = .background, images: ImageStore = ImageStore()) throws {
        guard let surface = SDL_GetWindowSurface(window.handle) else { throw ShellError.sdl("SDL_GetWindowSurface") }
        try self.init(surface: surface, window: window, fonts: fonts, background: background, images: images)
        sendsUnchangedFrames = window.hasTextureFramebuffer
    }

    /// A renderer drawing into memory only, at a given size: for tests and offscreen captures.
    public convenience init(
        offscreenWidth width: Int, height: Int, fonts: FontFiles = .dejaVu, background: Color = .background, images: ImageStore = ImageStore()
    ) throws {
        guard width > 0, height > 0 else {
            throw ShellError.invalidArgument("offscreen size must be positive, got \(width)×\(height)")
        }
        // XRGB8888, the format X11 and the dummy driver give window surfaces.
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGB888.rawValue)
        else { throw ShellError.sdl("SDL_CreateRGBSurfaceWithFormat") }
        do {
            try self.init(surface: surface, window: nil, fonts: fonts, background: background, images: images)
        } catch {
            SDL_FreeSurface(surface)
            throw error
        }
    }

    private init(surface: UnsafeMutablePointer<SDL_Surface>, window: Window?, fonts: FontFiles, background: Color, images: ImageStore) throws {
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw ShellError.sdl("SDL_CreateSoftwareRenderer") }
        let transform = ReferenceTransform(pixelWidth: Int(surface.pointee.w), pixelHeight: Int(surface.pointee.h))
        do {
            painter = try PrimitivePainter(renderer: renderer, transform: transform, fonts: fonts, images: images)
        } catch {
            SDL_DestroyRenderer(renderer)
            throw error
        }
        self.window = window
        self.surface = surface
        self.surfaceSize = (surface.pointee.w, surface.pointee.h)
        self.renderer = renderer
        self.background = background
    }

    deinit {
        // Textures die with their renderer, so the caches must let go of them first.
        painter.textCache.removeAllTextures()
        painter.richText.removeAllTextures()
        painter.removeImageTextures()
        SDL_DestroyRenderer(renderer)
        if window == nil { SDL_FreeSurface(surface) }
    }

    /// The mapping from reference coordinates to this renderer's pixels.
    public var transform: ReferenceTransform { painter.transform }

    /// The rendered-string cache (for memory figures).
    public var textCache: TextCache { painter.textCache }

    /// Tells the renderer what the event pump saw happen to the window: after a resize, or
    /// anything that may have cost the window system its copy, the next `render` repaints
    /// and sends the whole window, since dirty rectangles alone would land on a lost picture.
    public func windowDidChange(_ change: WindowChange) {
        if !change.isDisjoint(with: [.resized, .exposed]) { needsFullRepaint = true }
    }

    /// Draws `list`, repainting only what differs from the previous frame, and sends the
    /// changed pixels to the screen.
    ///
    /// - Returns: the rectangles repainted (none if the frame did not change).
    /// - Throws: `ShellError` if SDL or SDL_ttf fails. A failed present marks the whole
    ///   window for repaint first, so a caller may log the error and carry on.
    @discardableResult
    public func render(_ list: DrawList) throws -> FrameUpdate {
        if let window { try refreshSurface(of: window) }
        if list.canvas != painter.transform.canvas {
            // The next block draws on another canvas: same pixels, a new mapping, all repainted.
            let current = painter.transform
            painter.transform = ReferenceTransform(pixelWidth: current.pixelWidth, pixelHeight: current.pixelHeight, canvas: list.canvas)
            needsFullRepaint = true
        }
        let transform = painter.transform
        let windowRect = transform.windowRect
        var update: FrameUpdate
        if needsFullRepaint {
            update = FrameUpdate(rects: [windowRect], isFullRepaint: true)
        } else {
            let rects = dirtyRegion.dirtyRects(from: previous, to: list.commands, in: transform)
            let area = rects.reduce(0) { $0 + $1.area }
            if Double(area) > fullRepaintAreaFraction * Double(windowRect.area) {
                update = FrameUpdate(rects: [windowRect], isFullRepaint: true)
            } else {
                update = FrameUpdate(rects: rects, isFullRepaint: false)
            }
        }
        previous = list.commands
        if update.isFullRepaint {
            try paint(windowRect, list.commands, allCommands: true)
        } else if !update.rects.isEmpty {
            computeBounds(list.commands, transform)
            for rect in update.rects { try paint(rect, list.commands, allCommands: false) }
        }
        needsFullRepaint = false
        lastUpdate = update
        if update.isUnchanged && sendsUnchangedFrames {
            try present([PixelRect(x: 0, y: 0, width: 1, height: 1)], whole: false)
        } else {
            try present(update.rects, whole: update.isFullRepaint)
        }
        return update
    }

    /// Copies the pixels currently drawn (what the last `render` put on screen).
    public func capture() throws -> PixelImage {
        try PixelImage(surface: surface)
    }

    // MARK: - Internals

    private func computeBounds(_ commands: [DrawCommand], _ transform: ReferenceTransform) {
        commandBounds.removeAll(keepingCapacity: true)
        for command in commands { commandBounds.append(dirtyRegion.pixelBounds(of: command, in: transform)) }
    }

    private func paint(_ rect: PixelRect, _ commands: [DrawCommand], allCommands: Bool) throws {
        painter.setClip(rect)
        painter.fill(rect, background)
        for index in commands.indices where allCommands || commandBounds[index].intersects(rect) {
            try painter.draw(commands[index])
        }
    }

    private func present(_ rects: [PixelRect], whole: Bool) throws {
        guard let window, !rects.isEmpty else { return }
        willCopyPixels?()
        let status: Int32
        if whole {
            status = SDL_UpdateWindowSurface(window.handle)
        } else {
            sdlRects.removeAll(keepingCapacity: true)
            for r in rects { sdlRects.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))) }
            status = sdlRects.withUnsafeBufferPointer { buffer in
                SDL_UpdateWindowSurfaceRects(window.handle, buffer.baseAddress, Int32(buffer.count))
            }
        }
        if status != 0 {
            needsFullRepaint = true
            throw ShellError.sdl(whole ? "SDL_UpdateWindowSurface" : "SDL_UpdateWindowSurfaceRects")
        }
        framesSent += 1
    }

    /// Re-fetches the window surface; after a resize SDL frees the old one, so the software
    /// renderer drawing into it is rebuilt before anything is drawn.
    private func refreshSurface(of window: Window) throws {
        guard let current = SDL_GetWindowSurface(window.handle) else { throw ShellError.sdl("SDL_GetWindowSurface") }
        let size = (current.pointee.w, current.pointee.h)
        if current == surface && size == surfaceSize { return }
        guard let newRenderer = SDL_CreateSoftwareRenderer(current) else {
            throw ShellError.sdl("SDL_CreateSoftwareRenderer")
        }
        painter.textCache.removeAllTextures()
        painter.richText.removeAllTextures()
        painter.removeImageTextures()
        SDL_DestroyRenderer(renderer)
        renderer = newRenderer
        surface = current
        surfaceSize = size
        painter.rebind(to: newRenderer, transform: ReferenceTransform(pixelWidth: Int(size.0), pixelHeight: Int(size.1),
                                                                      canvas: painter.transform.canvas))
        needsFullRepaint = true
    }
}
