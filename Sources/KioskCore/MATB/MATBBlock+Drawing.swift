/// What the screen shows: the tasks in their regions, the on-screen stick, dialogs on top.
extension MATBBlock {
    /// What the screen shows now.
    public func drawList() -> DrawList {
        var list = DrawList()
        let layout = configuration.layout
        ScreenBackground.draw(layout: layout, into: &list)
        for host in hosts where host.placement != .fullscreen { host.draw(layout: layout, into: &list) }
        for host in hosts { host.drawOutsideRegion(layout: layout, into: &list) }
        inputRouter.draw(trackRegion: stickTrackRegion, into: &list)
        drawAdaptiveButtons(into: &list)
        drawAdaptiveMessage(into: &list)
        for host in hosts where host.placement == .fullscreen { host.draw(layout: layout, into: &list) }
        if dialog != nil && configuration.hideOnPause {
            // config.ini `hide_on_pause`: nothing of the tasks shows behind a dialog.
            list.fill(layout.region(.fullscreen), .background)
        }
        dialog?.draw(on: layout.region(.fullscreen), into: &list)
        return list
    }
}
