import CSDL2

/// Seconds since the clock was made, from SDL's performance counter (monotonic).
struct MonotonicClock {
    private let origin = SDL_GetPerformanceCounter()
    private let ticksPerSecond = Double(SDL_GetPerformanceFrequency())

    var now: Double { Double(SDL_GetPerformanceCounter() &- origin) / ticksPerSecond }
}
