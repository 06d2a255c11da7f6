// The seeded generator is shared by every test target.
@_exported import _TestSupport

import AlphaRaster
import Testing
@testable import MorphKernel

/// Renders the frame at `progress` as RGBA and as alpha with both renderers (say, one that
/// skips flat tiles and one that computes every tile) and expects identical bytes.
func expectSameFrames(
    _ renderer: MorphRenderer, _ reference: MorphRenderer, _ source: AlphaMask, _ target: AlphaMask,
    progress: Double, context: String
) throws {
    var actual = [UInt8](), expected = [UInt8]()
    try renderer.renderRGBA(source: source, target: target, progress: progress, into: &actual)
    try reference.renderRGBA(source: source, target: target, progress: progress, into: &expected)
    #expect(actual == expected, "RGBA \(context)")
    try renderer.renderAlpha(source: source, target: target, progress: progress, into: &actual)
    try reference.renderAlpha(source: source, target: target, progress: progress, into: &expected)
    #expect(actual == expected, "alpha \(context)")
}
