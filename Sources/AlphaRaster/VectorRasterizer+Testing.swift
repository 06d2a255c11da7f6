/// The limits the tests lower and the work they read back, behind `@_spi(Testing)` so that
/// they are no part of the public API (`@_spi(Testing) import AlphaRaster` reaches them).
/// They are views of internal properties: the drawing code reads those, which a release
/// build keeps free of exclusivity checks.
extension VectorRasterizer {
    /// The work limit this rasterizer applies, `maximumWork` by default; the tests lower it
    /// so that the stop can be reached in a debug build.
    @_spi(Testing) public var workLimit: Int {
        get { appliedWorkLimit }
        set { appliedWorkLimit = newValue }
    }

    /// The edge limit this rasterizer applies, `maximumEdges` by default.
    @_spi(Testing) public var edgeLimit: Int {
        get { appliedEdgeLimit }
        set { appliedEdgeLimit = newValue }
    }

    /// The work units counted for the last mask drawn (see `maximumWork`).
    @_spi(Testing) public var lastWork: Int { countedWork }

    /// The cluster size above which a row's strips walk only their live edges
    /// (`CoverageAccumulator.largeClusterEdges`); `Int.max` keeps every cluster on the way
    /// that walks all of its edges in every strip, for comparison.
    @_spi(Testing) public var largeClusterEdges: Int {
        get { appliedLargeClusterEdges }
        set { appliedLargeClusterEdges = newValue }
    }
}
