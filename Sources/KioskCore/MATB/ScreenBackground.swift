/// The window background: light grey, with the two dark title bands of the top and bottom
/// rows (docs/openmatb-behaviour.md: Screen regions).
public enum ScreenBackground {
    public static func draw(layout: ScreenLayout, into list: inout DrawList) {
        let bandHeight = layout.height * 0.05
        list.fill(Rect(left: 0, bottom: 0, width: layout.width, height: layout.height), .background)
        list.fill(Rect(left: 0, bottom: layout.height - bandHeight, width: layout.width, height: bandHeight), .black)
        list.fill(Rect(left: 0, bottom: layout.height / 2 - bandHeight, width: layout.width, height: bandHeight), .black)
    }
}
