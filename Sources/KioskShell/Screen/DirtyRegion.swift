import KioskCore

/// Works out which window pixels changed between two frames' draw lists.
///
/// A pixel can only change if a command touching it was added or removed, so the dirty area
/// is the bounds of the multiset difference of the two lists. One extra case: if commands
/// present in both lists changed their relative paint order, their overlap may look
/// different, so all of them count as dirty then. The value keeps its scratch buffers
/// between frames so that the per-frame diff allocates nothing once warmed up.
public struct DirtyRegion {
    /// Rectangles whose union would waste more than this many pixels over their separate
    /// areas stay separate; anything cheaper merges (also removes overlaps).
    public var mergeSlackPixels = 64 * 64
    /// More rectangles than this after merging collapse into their bounding box: each
    /// rectangle costs a pass over the draw list and one X request.
    public var maximumRectCount = 16
    /// Pixels added around every command's bounds, for rasteriser rounding (thin strokes,
    /// triangle edges) that may step just past the mapped bounds.
    public var boundsPaddingPixels = 2

    private var counts: [DrawCommand: Int] = [:]
    private var keptOld: [Int] = []
    private var keptNew: [Int] = []
    private var rects: [PixelRect] = []

    public init() {}

    /// The pixel rectangle a command may paint, in the given window mapping, clipped to the window.
    public func pixelBounds(of command: DrawCommand, in transform: ReferenceTransform) -> PixelRect {
        let raw = transform.pixelRect(covering: command.bounds)
        guard !raw.isEmpty else { return raw }
        return raw.expanded(by: boundsPaddingPixels).intersection(transform.windowRect)
    }

    /// The merged rectangles to repaint when the screen goes from `old` to `new`.
    ///
    /// Returns an empty array when the two lists paint the same pixels.
    public mutating func dirtyRects(
        from old: [DrawCommand], to new: [DrawCommand], in transform: ReferenceTransform
    ) -> [PixelRect] {
        rects.removeAll(keepingCapacity: true)
        // Common prefix and suffix are unchanged and in the same order: skip them cheaply.
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMid = old[prefix..<(old.count - suffix)]
        let newMid = new[prefix..<(new.count - suffix)]
        if oldMid.isEmpty && newMid.isEmpty { return [] }

        // Old commands without a partner in the new list were removed.
        counts.removeAll(keepingCapacity: true)
        for command in newMid { counts[command, default: 0] += 1 }
        keptOld.removeAll(keepingCapacity: true)
        for index in oldMid.indices {
            let command = old[index]
            if let n = counts[command], n > 0 {
                counts[command] = n - 1
                keptOld.append(index)
            } else {
                addRect(pixelBounds(of: command, in: transform))
            }
        }
        // New commands without a partner in the old list were added.
        counts.removeAll(keepingCapacity: true)
        for command in oldMid { counts[command, default: 0] += 1 }
        keptNew.removeAll(keepingCapacity: true)
        for index in newMid.indices {
            let command = new[index]
            if let n = counts[command], n > 0 {
                counts[command] = n - 1
                keptNew.append(index)
            } else {
                addRect(pixelBounds(of: command, in: transform))
            }
        }
        // Kept commands must paint in the same relative order, else their overlaps may differ.
        var sameOrder = keptOld.count == keptNew.count
        if sameOrder {
            for k in keptOld.indices where old[keptOld[k]] != new[keptNew[k]] {
                sameOrder = false
                break
            }
        }
        if !sameOrder {
            for index in keptNew { addRect(pixelBounds(of: new[index], in: transform)) }
        }
        Self.merge(&rects, slack: mergeSlackPixels, maximumCount: maximumRectCount)
        return rects
    }

    private mutating func addRect(_ rect: PixelRect) {
        if !rect.isEmpty { rects.append(rect) }
    }

    /// Merges rectangles in place while a merge wastes no more than `slack` pixels, then
    /// collapses everything into one bounding box if more than `maximumCount` remain.
    ///
    /// Correctness does not depend on merging (repainting a rectangle is idempotent, so
    /// overlaps are merely painted twice); only speed does.
    public static func merge(_ rects: inout [PixelRect], slack: Int, maximumCount: Int) {
        var merged = true
        while merged && rects.count > 1 {
            merged = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    let union = rects[i].union(rects[j])
                    if union.area <= rects[i].area + rects[j].area + slack {
                        rects[i] = union
                        rects.remove(at: j)
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        if rects.count > maximumCount {
            var box = rects[0]
            for r in rects.dropFirst() { box = box.union(r) }
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        }
    }
}
