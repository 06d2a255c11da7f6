/// Sorts `items` in place by `less` (a strict weak order), keeping equal items in their
/// order: the same result as an insertion sort, in O(n log n) time at worst.
///
/// The sweep's lists (a row's edges, a strip's order, edge ends) are nearly sorted from one
/// row or strip to the next, where an insertion sort costs about one step per item. It is
/// tried first, with a budget of 8·n + 64 moves; past it (a row entered by thousands of
/// edges out of order, such as the left sides of many stacked shapes, cost n² / 4 moves)
/// a merge sort finishes. Insertion sort never reorders equal items, so the half-sorted
/// list still holds them in their first order and the stable merge sort gives exactly the
/// insertion sort's result: the output cannot depend on which of the two ran.
@inline(__always)
func stableSort<T>(_ items: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
    var budget = 8 &* items.count &+ 64
    var i = 1
    while i < items.count {
        let item = items[i]
        var j = i
        while j > 0 && less(item, items[j - 1]) {
            items[j] = items[j - 1]
            j -= 1
        }
        items[j] = item
        budget &-= i &- j
        if budget < 0 {
            mergeSort(items, by: less)
            return
        }
        i += 1
    }
}

/// Stable bottom-up merge sort with a scratch copy: runs of width 1, 2, 4, … merged back and
/// forth, the left item first on ties.
@inline(never)
func mergeSort<T>(_ items: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
    let n = items.count
    guard n > 1, let base = items.baseAddress else { return }
    let scratch = UnsafeMutablePointer<T>.allocate(capacity: n)
    scratch.initialize(from: base, count: n)
    defer { scratch.deinitialize(count: n); scratch.deallocate() }
    var source = base, target = scratch
    var width = 1
    while width < n {
        var start = 0
        while start < n {
            let middle = min(start + width, n), end = min(start + 2 * width, n)
            var l = start, r = middle, k = start
            while l < middle && r < end {
                if less(source[r], source[l]) {
                    target[k] = source[r]; r += 1
                } else {
                    target[k] = source[l]; l += 1
                }
                k += 1
            }
            while l < middle { target[k] = source[l]; l += 1; k += 1 }
            while r < end { target[k] = source[r]; r += 1; k += 1 }
            start = end
        }
        swap(&source, &target)
        width *= 2
    }
    if source != base { base.update(from: source, count: n) }
}
