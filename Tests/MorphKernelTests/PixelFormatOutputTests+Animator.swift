import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

extension PixelFormatOutputTests {
    // MARK: The animator

    @Test func animatorRendersOnlyWhatChanged() throws {
        let (a, b, c) = Self.masks()
        let renderer = try MorphRenderer(
            width: Self.width, height: Self.height,
            style: MorphStyle(maxBlurRadius: 5, tint: Self.teal, background: TintColor(red: 250, green: 240, blue: 230, alpha: 200)))
        let animator = try MorphAnimator(renderer: renderer, source: a, target: b, progress: 0.3)
        let stride = Self.width * 4 + 9
        var buffer = [UInt8](repeating: 0, count: Self.height * (stride + 4))
        /// Fills the buffer with a sentinel, renders, and returns whether the animator drew.
        func draw(at time: Double, format: PixelFormat, bytesPerRow: Int? = stride) throws -> Bool {
            for i in buffer.indices { buffer[i] = 0xE7 }
            return try buffer.withUnsafeMutableBytes {
                try animator.render(at: time, into: $0, bytesPerRow: bytesPerRow, format: format)
            }
        }
        func expectFrame(at time: Double, format: PixelFormat, bytesPerRow: Int = stride, _ note: String) throws {
            var expected = [UInt8](repeating: 0xE7, count: buffer.count)
            try expected.withUnsafeMutableBytes {
                try renderer.render(try animator.frame(at: time), into: $0, bytesPerRow: bytesPerRow, format: format)
            }
            #expect(buffer == expected, "\(note)")
        }
        let untouched = [UInt8](repeating: 0xE7, count: buffer.count)

        #expect(try draw(at: 0, format: .rgba8))
        try expectFrame(at: 0, format: .rgba8, "first frame")
        // Nothing changed: not drawn, buffer not touched, at the same and at later times.
        #expect(try !draw(at: 0, format: .rgba8))
        #expect(buffer == untouched)
        #expect(try !draw(at: 5, format: .rgba8))
        #expect(buffer == untouched)
        // Another format is another frame, each time the format changes.
        for format in [PixelFormat.bgra8Premultiplied, .alpha8, .rgba8Premultiplied, .rgba8] {
            #expect(try draw(at: 5, format: format), "\(format)")
            try expectFrame(at: 5, format: format, "\(format)")
            #expect(try !draw(at: 5, format: format), "\(format) again")
            #expect(buffer == untouched)
        }
        // Another stride is another frame.
        #expect(try draw(at: 5, format: .rgba8, bytesPerRow: stride + 4))
        try expectFrame(at: 5, format: .rgba8, bytesPerRow: stride + 4, "wider stride")
        #expect(try !draw(at: 5, format: .rgba8, bytesPerRow: stride + 4))
        // A failing call (unsupported format) throws and leaves the buffer alone.
        #expect(throws: MorphError.unsupportedPixelFormat(.grayAlpha8)) { try draw(at: 5, format: .grayAlpha8) }
        #expect(buffer == untouched)
        // While animating every frame is new; once finished it rests again.
        try animator.animate(to: c, duration: 1, at: 6)
        for (time, format) in [(6.25, PixelFormat.bgra8), (6.5, .bgra8), (6.75, .rgba8Premultiplied)] {
            #expect(try draw(at: time, format: format), "t = \(time)")
            try expectFrame(at: time, format: format, "t = \(time)")
        }
        #expect(try draw(at: 8, format: .rgba8Premultiplied))
        try expectFrame(at: 8, format: .rgba8Premultiplied, "finished")
        #expect(try !draw(at: 9, format: .rgba8Premultiplied))
        #expect(buffer == untouched)
    }
}

extension PixelFormatOutputTests {
    /// A tint ramp follows one morph's progress, which an animator reverses and restarts:
    /// an animator refuses such a style instead of letting the colour jump.
    @Test func animatorRefusesATintRamp() throws {
        let (a, b, _) = Self.masks()
        let renderer = try MorphRenderer(
            width: Self.width, height: Self.height, style: MorphStyle(maxBlurRadius: 5, tint: Self.teal, targetTint: Self.red))
        #expect {
            _ = try MorphAnimator(renderer: renderer, source: a, target: b)
        } throws: { error in
            guard case MorphError.invalidParameter(.targetTint, let reason) = error else { return false }
            return !reason.isEmpty
        }
    }

    /// `tint(atProgress:)` is public: a progress outside [0, 1] is clamped and NaN counts as
    /// 0, rather than trapping on an alpha out of 0…255.
    @Test func tintRampClampsProgress() {
        for easing in [MorphEasing.smooth, .linear] {
            let style = MorphStyle(
                easing: easing, tint: TintColor(red: 255, green: 0, blue: 0, alpha: 255),
                targetTint: TintColor(red: 0, green: 0, blue: 255, alpha: 0))
            #expect(style.tint(atProgress: 2) == style.tint(atProgress: 1))
            #expect(style.tint(atProgress: .infinity) == style.targetTint)
            #expect(style.tint(atProgress: -1.5) == style.tint)
            #expect(style.tint(atProgress: -.infinity) == style.tint)
            #expect(style.tint(atProgress: .nan) == style.tint)
        }
    }

    /// One renderer shared by threads that ask for different formats and progresses (so the
    /// finishing table is refilled between their frames) gives each the bytes it gives alone.
    @Test func sharedRendererKeepsEachCallersFinish() throws {
        let (a, b, _) = Self.masks()
        let style = MorphStyle(
            maxBlurRadius: 5, tint: Self.teal, targetTint: TintColor(red: 255, green: 149, blue: 0, alpha: 90),
            background: TintColor(red: 32, green: 64, blue: 96, alpha: 160))
        let shared = try MorphRenderer(width: Self.width, height: Self.height, style: style)
        let alone = try MorphRenderer(width: Self.width, height: Self.height, style: style)
        let jobs: [(PixelFormat, Double)] = [
            (.rgba8, 0.2), (.bgra8Premultiplied, 0.7), (.alpha8, 0.45), (.rgba8Premultiplied, 0.9), (.bgra8, 0.1),
        ]
        let expected = try jobs.map { format, p in
            try Self.renderTight(alone, MorphFrame(source: a, target: b, progress: p), format: format)
        }
        let results = ResultBox(count: jobs.count * 40)
        DispatchQueue.concurrentPerform(iterations: jobs.count * 40) { i in
            let (format, p) = jobs[i % jobs.count]
            results.set(i, try? Self.renderTight(shared, MorphFrame(source: a, target: b, progress: p), format: format))
        }
        for i in 0..<(jobs.count * 40) {
            #expect(results.get(i) == expected[i % jobs.count], "call \(i): \(jobs[i % jobs.count])")
        }
    }

    /// Results written by concurrent callers, each to its own slot.
    final class ResultBox: @unchecked Sendable {
        private var slots: [[UInt8]?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: [UInt8]?) { lock.withLock { slots[i] = value } }
        func get(_ i: Int) -> [UInt8]? { lock.withLock { slots[i] } }
    }
}
