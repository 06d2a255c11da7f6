/// The winding number of every shape at a point of a row, walking it left to right, and how
/// many shapes contain the point under their fill rules: the union's inside indicator is
/// whether any does.
struct Windings {
    /// Per shape: its winding number.
    let counts: UnsafeMutablePointer<Int32>
    /// Per shape: true for the even-odd rule, false for non-zero.
    let evenOdd: UnsafePointer<Bool>
    /// How many shapes contain the point.
    private var inside = 0

    init(counts: UnsafeMutablePointer<Int32>, evenOdd: UnsafePointer<Bool>) {
        self.counts = counts
        self.evenOdd = evenOdd
    }

    /// Adds `direction` to shape `group`'s winding number and returns the change of the
    /// union's inside indicator: +1, −1 or 0.
    @inline(__always)
    mutating func add(_ direction: Int32, to group: Int32) -> Int {
        let g = Int(group)
        let before = counts[g], after = before &+ direction
        counts[g] = after
        let wasInside = evenOdd[g] ? before & 1 != 0 : before != 0
        let isInside = evenOdd[g] ? after & 1 != 0 : after != 0
        if wasInside == isInside { return 0 }
        if isInside {
            inside += 1
            return inside == 1 ? 1 : 0
        }
        inside -= 1
        return inside == 0 ? -1 : 0
    }

    /// Sets every winding number changed by the edges of `slots` back to 0.
    @inline(__always)
    mutating func clear(_ slots: UnsafeMutableBufferPointer<CoverageAccumulator.Slot>, _ list: UnsafeBufferPointer<CoverageAccumulator.Edge>) {
        for slot in slots { counts[Int(list[Int(slot.edge)].group)] = 0 }
        inside = 0
    }
}
