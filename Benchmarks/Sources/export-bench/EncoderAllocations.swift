import Foundation
import PNGCodec

/// Allocations per encoded frame in the steady state, when the process runs with a counting
/// allocator preloaded that exports `long alloc_count(void)` (`Tools/count-allocations.c`);
/// otherwise a line saying they were not measured.
enum EncoderAllocations {
    static func report(sets: [FrameSet]) throws {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "alloc_count") else {
            print("allocations: not measured (run with LD_PRELOAD of a counting allocator, see Tools/count-allocations.c)")
            return
        }
        let count = unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
        for set in sets {
            let encoder = PNGEncoder()
            let tint = set.tint
            var bytes = 0
            func encode(_ index: Int) throws {
                try set.alpha[index % set.alpha.count].withUnsafeBytes { plane in
                    try encoder.withPNGData(alpha: plane, width: set.width, height: set.height,
                                            red: tint.red, green: tint.green, blue: tint.blue) { png in
                        bytes &+= png.count
                    }
                }
            }
            // Warm up over every frame, so the buffers have grown to the largest.
            for index in set.alpha.indices { try encode(index) }
            let frames = 50
            let before = count()
            for index in 0..<frames { try encode(index) }
            let perFrame = Double(count() - before) / Double(frames)
            print("allocations per frame, \(set.name), encode (PNGEncoder.withPNGData(alpha:…)): \(perFrame)")
            _ = bytes
        }
    }
}
