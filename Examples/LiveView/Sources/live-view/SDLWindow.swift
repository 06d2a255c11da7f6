import CSDL2

/// The window, its renderer and one streaming texture of the frame's size: the only file
/// that creates or destroys SDL objects. Every failing SDL call becomes a `LiveViewError`
/// with SDL's message (`check`).
final class SDLWindow {
    let width: Int
    let height: Int
    /// The video driver SDL picked (`x11`, `wayland`, …).
    let videoDriver: String
    /// The render driver SDL picked (`opengl`, `software`, …).
    let rendererName: String
    /// Whether the renderer reports presenting in step with the display.
    let vsyncReported: Bool
    /// The display mode's refresh rate in Hz; 0 when the display does not say.
    let reportedRefreshRate: Int

    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let texture: OpaquePointer

    /// Opens a window of exactly `width` × `height` pixels.
    ///
    /// - Throws: `LiveViewError.sdl` naming the call that failed.
    init(title: String, width: Int, height: Int) throws {
        self.width = width
        self.height = height
        try Self.check("SDL_Init", SDL_Init(SDL_INIT_VIDEO))
        videoDriver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        // Without a display SDL quietly picks a driver that shows nothing; say so instead,
        // unless that driver was asked for.
        if ["offscreen", "dummy"].contains(videoDriver), SDL_getenv("SDL_VIDEODRIVER") == nil {
            SDL_Quit()
            throw LiveViewError.noDisplay(driver: videoDriver)
        }
        var created: (OpaquePointer?, OpaquePointer?, OpaquePointer?) = (nil, nil, nil)
        do {
            // Centred would do as well; undefined lets a window manager place it.
            let undefined = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK)
            created.0 = SDL_CreateWindow(
                title, undefined, undefined, Int32(width), Int32(height), SDL_WINDOW_SHOWN.rawValue)
            let window = try Self.check("SDL_CreateWindow", created.0)
            // Ask for vsync; a renderer without it (or the software one) is the fallback.
            created.1 = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? SDL_CreateRenderer(window, -1, 0)
            let renderer = try Self.check("SDL_CreateRenderer", created.1)
            // BGRA32 is SDL_PIXELFORMAT_ARGB8888 on little-endian machines: bytes B, G, R, A,
            // the library's `.bgra8` on any byte order.
            created.2 = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_BGRA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(width), Int32(height))
            let texture = try Self.check("SDL_CreateTexture", created.2)
            // The texture is copied 1:1; nearest sampling keeps every byte as rendered.
            try Self.check("SDL_SetTextureScaleMode", SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest))
            try Self.check("SDL_SetTextureBlendMode", SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE))

            var info = SDL_RendererInfo()
            try Self.check("SDL_GetRendererInfo", SDL_GetRendererInfo(renderer, &info))
            rendererName = info.name.map { String(cString: $0) } ?? "unknown"
            vsyncReported = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
            var mode = SDL_DisplayMode()
            let display = SDL_GetWindowDisplayIndex(window)
            reportedRefreshRate = display >= 0 && SDL_GetCurrentDisplayMode(display, &mode) == 0
                ? Int(mode.refresh_rate) : 0
            (self.window, self.renderer, self.texture) = (window, renderer, texture)
        } catch {
            if let texture = created.2 { SDL_DestroyTexture(texture) }
            if let renderer = created.1 { SDL_DestroyRenderer(renderer) }
            if let window = created.0 { SDL_DestroyWindow(window) }
            SDL_Quit()
            throw error
        }
    }

    deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Locks the texture and hands its memory (`height` rows, `bytesPerRow` apart) to `body`,
    /// which must write every pixel: a locked streaming texture is write-only.
    func withLockedPixels<R>(_ body: (UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws -> R) throws -> R {
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        try Self.check("SDL_LockTexture", SDL_LockTexture(texture, nil, &pixels, &pitch))
        defer { SDL_UnlockTexture(texture) }
        guard let pixels, pitch >= Int32(width * 4) else {
            throw LiveViewError.sdl(call: "SDL_LockTexture", message: "no pixels or a pitch of \(pitch) bytes")
        }
        return try body(UnsafeMutableRawBufferPointer(start: pixels, count: Int(pitch) * height), Int(pitch))
    }

    /// Shows the texture: copied 1:1 over the whole window, then presented.
    func present() throws {
        try Self.check("SDL_RenderCopy", SDL_RenderCopy(renderer, texture, nil, nil))
        SDL_RenderPresent(renderer)
    }

    /// The SDL error message, if any.
    static var lastError: String { SDL_GetError().map { String(cString: $0) } ?? "" }

    /// Throws for an SDL status below 0.
    static func check(_ call: String, _ status: Int32) throws {
        guard status >= 0 else { throw LiveViewError.sdl(call: call, message: lastError) }
    }

    /// Throws for a null SDL object.
    @discardableResult
    static func check(_ call: String, _ object: OpaquePointer?) throws -> OpaquePointer {
        guard let object else { throw LiveViewError.sdl(call: call, message: lastError) }
        return object
    }
}
