/// Pairs each logged onset of a patched block with the light edge that showed it.
///
/// The patch turns on every frame that first shows an onset, so each such frame is one edge,
/// in the direction the patch turned. Its edge cannot come before the frame was begun, and
/// comes before the next such frame is begun (the patch stays as it is in between): the first
/// edge in that direction in that window is the frame's light, and every onset the frame
/// showed is paired with it. A window with more than one edge is flicker.
public enum OnsetLightPairing {
    public static func pair(frames: [OnsetFrame], edges: [LightEdge]) -> [OnsetCheckRow] {
        let edges = edges.sorted { $0.time < $1.time }
        var rows: [OnsetCheckRow] = []
        var next = 0
        for (number, frame) in frames.enumerated() {
            let windowEnd = number + 1 < frames.count ? frames[number + 1].frameStart : nil
            while next < edges.count, edges[next].time < frame.frameStart { next += 1 }
            var inWindow: [LightEdge] = []
            var scan = next
            while scan < edges.count, windowEnd.map({ edges[scan].time < $0 }) ?? true {
                inWindow.append(edges[scan])
                scan += 1
            }
            let light = inWindow.first { $0.isLight == frame.patchLit }?.time
            for onset in frame.onsets {
                rows.append(OnsetCheckRow(kind: onset.kind, label: onset.label, loggedOnset: frame.presented,
                                          loggedOnsetEarliest: frame.earliestPossible, light: light, lightEdges: inWindow.count))
            }
        }
        return rows
    }
}
