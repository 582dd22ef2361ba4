/// Where sysmon's widgets sit in its task area (docs/openmatb-behaviour.md: System monitoring, Widget looks),
/// computed with OpenMATB's exact float arithmetic so that the `aoi` rows match its logs at 1920×1080.
struct SysmonGeometry: Equatable {
    /// The task area the geometry was computed for.
    let area: Rect
    /// Scales 1–4, left to right.
    let scales: [Rect]
    /// Lights 1–2, left to right.
    let lights: [Rect]

    init(area: Rect) {
        self.area = area
        let scaleWidth = area.width * 0.1
        let scaleBottom = area.bottom + area.height * 0.15
        let scaleHeight = area.height * 0.5
        scales = (0..<4).map { n in
            Rect(left: area.left + (area.width / 4) * Double(n) + area.width / 8 - scaleWidth / 2,
                 bottom: scaleBottom, width: scaleWidth, height: scaleHeight)
        }
        let lightWidth = area.width * 0.4
        let lightBottom = area.bottom + area.height * 0.75
        let lightHeight = area.height * 0.15
        lights = (0..<2).map { n in
            Rect(left: area.left + (area.width / 2) * Double(n) + area.width / 4 - lightWidth / 2,
                 bottom: lightBottom, width: lightWidth, height: lightHeight)
        }
    }

    /// The widget rectangle of a gauge.
    func rect(of gauge: SysmonGauge) -> Rect {
        switch gauge {
        case .scale(let i): scales[i]
        case .light(let i): lights[i]
        }
    }

    /// Where a tap or click counts as a response on `gauge`: the widget grown a little (and, for a
    /// scale, down over its name), so fingers need not be precise.
    ///
    /// Neighbouring gauges' areas never overlap.
    func touchArea(of gauge: SysmonGauge) -> Rect {
        let rect = rect(of: gauge)
        switch gauge {
        case .scale:
            return Rect(left: rect.left - 12, bottom: rect.bottom - 36, width: rect.width + 24, height: rect.height + 48)
        case .light:
            return rect.inset(by: -8)
        }
    }

    /// The gauge under a point, if any, in gauge order.
    func gauge(at point: Point) -> SysmonGauge? {
        SysmonGauge.all.first { touchArea(of: $0).contains(x: point.x, y: point.y) }
    }

    /// The y of arrow index `position` (0 = bottom) on scale `index`: the middle of one of
    /// eleven equal bands.
    func arrowY(scale index: Int, position: Int) -> Double {
        let rect = scales[index]
        return rect.bottom + (rect.height / 11) * Double(position) + rect.height / 22
    }
}
