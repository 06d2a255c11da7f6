import CSDL2
import IconMorph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The window's event loop: blocks in `SDL_WaitEvent` while the icon rests (no frame is
/// rendered or presented then), and while it morphs renders straight into the texture and
/// presents at the display's rate (`FramePacer`), still handling events between frames.
final class LiveView {
    private let state: IconState
    private let window: SDLWindow
    private var pacer: FramePacer
    private let log: EventLog
    private let clock = MonotonicClock()
    private var frameCount = 0
    /// An event changed the frame: draw it even if no morph runs (a 0 s transition).
    private var needsFrame = false

    init(options: LiveViewOptions) throws {
        log = EventLog(enabled: options.log)
        state = try IconState(from: options.from, to: options.to, scale: options.scale, transition: options.transition)
        window = try SDLWindow(title: "iconmorph live view", width: state.layout.width, height: state.layout.height)
        // A display that reports no rate (0) is taken as 60 Hz.
        let rate = window.reportedRefreshRate > 0 ? Double(window.reportedRefreshRate) : 60
        pacer = FramePacer(refreshRate: rate, vsyncReported: window.vsyncReported)
        let log = self.log, clock = self.clock
        state.onCompletion = { outcome, icon in
            guard outcome == .finished else { return }
            log.write("rest", ["t": clock.now, "icon": icon.name])
        }
    }

    /// Runs until the window is closed or Esc or q is pressed.
    func run() throws {
        log.write("start", [
            "pid": getpid(), "width": window.width, "height": window.height, "video": window.videoDriver,
            "renderer": window.rendererName, "vsync_reported": window.vsyncReported,
            "refresh_reported": window.reportedRefreshRate,
            "period": pacer.period, "transition": state.transition,
            "from": state.pair.0.name, "to": state.pair.1.name,
        ])
        try drawFrame()
        var event = SDL_Event()
        while true {
            if state.animator.isAnimating || needsFrame {
                let delay = pacer.delay(at: clock.now)
                if delay > 0 {
                    // Whole milliseconds, rounded up: a frame is at most 1 ms late, and the
                    // deadlines stay on their grid, so the rate is the display's on average.
                    if SDL_WaitEventTimeout(&event, Int32((delay * 1000).rounded(.up))) != 0 {
                        guard try handleEvents(first: event) else { return }
                    }
                } else {
                    // Due (or presenting waits for the display): draw, then take what arrived.
                    try drawFrame()
                    if SDL_PollEvent(&event) != 0 {
                        guard try handleEvents(first: event) else { return }
                    }
                }
            } else {
                guard SDL_WaitEvent(&event) != 0 else {
                    throw LiveViewError.sdl(call: "SDL_WaitEvent", message: SDLWindow.lastError)
                }
                guard try handleEvents(first: event) else { return }
            }
        }
    }

    /// Renders the frame at the current time into the texture and presents it.
    private func drawFrame() throws {
        needsFrame = false
        let time = clock.now
        let animator = state.animator
        try window.withLockedPixels { pixels, bytesPerRow in
            // false: the same frame as last time; the locked memory need not hold it, so draw it.
            if try !animator.render(at: time, into: pixels, bytesPerRow: bytesPerRow, format: .bgra8) {
                try animator.renderer.render(
                    animator.frame(at: time), into: pixels, bytesPerRow: bytesPerRow, format: .bgra8)
            }
        }
        let presentStart = clock.now
        try window.present()
        let presentEnd = clock.now
        pacer.presented(start: presentStart, end: presentEnd)
        frameCount += 1
        let frame = try animator.frame(at: time)
        log.write("frame", [
            "n": frameCount, "t": time, "p": frame.progress, "w": frame.capturedWeight,
            "source": state.animatorPair.source.name, "target": state.animatorPair.target.name,
            "animating": animator.isAnimating, "presented": presentEnd,
            "pacing": pacer.vsyncWorks ? "vsync" : "timer",
        ])
    }

    /// Handles `first` and every event already queued; false when the view should close.
    private func handleEvents(first: SDL_Event) throws -> Bool {
        var event = first
        repeat {
            guard try handle(event) else { return false }
        } while SDL_PollEvent(&event) != 0
        return true
    }

    private func handle(_ event: SDL_Event) throws -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            log.write("event", ["t": clock.now, "kind": "quit"])
            return false
        case SDL_MOUSEBUTTONDOWN where Int32(event.button.button) == SDL_BUTTON_LEFT:
            let time = clock.now
            record(kind: "click", action: try state.click(at: time), at: time)
        case SDL_KEYDOWN where event.key.repeat == 0:
            let key = event.key.keysym.sym
            if key == SDLK_ESCAPE.rawValue || key == SDLK_q.rawValue {
                log.write("event", ["t": clock.now, "kind": "quit"])
                return false
            }
            guard let index = Self.digit(of: key) else { break }
            let time = clock.now
            record(kind: "key", action: try state.select(IconState.keySymbols[index - 1], at: time), at: time, key: index)
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue):
            // The window system lost the pixels: show the texture again; nothing is rendered.
            // While morphing, the next frame comes soon enough.
            guard !state.animator.isAnimating else { break }
            try window.present()
            log.write("expose", ["t": clock.now])
        default:
            break
        }
        return true
    }

    private func record(kind: String, action: IconState.Action, at time: Double, key: Int? = nil) {
        if action == .start { pacer.morphStarted(at: time) }
        if action != .none { needsFrame = true }
        log.write("event", [
            "t": time, "kind": kind, "key": key.map(String.init) ?? "-", "action": action.rawValue,
            "goal": state.goal.name, "source": state.animatorPair.source.name,
            "target": state.animatorPair.target.name,
        ])
    }

    /// 1 … 9 for the digit keys of the main row and the keypad.
    private static func digit(of key: SDL_Keycode) -> Int? {
        let key = Int(key)
        for first in [SDLK_1.rawValue, SDLK_KP_1.rawValue] where (Int(first)...Int(first) + 8).contains(key) {
            return key - Int(first) + 1
        }
        return nil
    }
}
