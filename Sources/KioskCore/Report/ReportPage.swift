/// A report as one HTML page that needs nothing but its `plots/` folder: sections with their
/// figures and plots (each SVG shown, with a link to its PNG when there is one), viewable
/// offline in any browser (docs/reports.md).
public enum ReportPage {
    public static func html(title: String, sections: [ReportSection], pngs: Set<String>, generator: String) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(HTMLText.escape(title))</title>
            <style>
            body { font-family: "DejaVu Sans", sans-serif; margin: 24px auto; max-width: 1500px; color: #222; background: #fafafa; }
            h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 28px; border-bottom: 1px solid #ccc; }
            table { border-collapse: collapse; margin: 8px 0; } td, th { border: 1px solid #ccc; padding: 4px 10px; text-align: left; }
            figure { display: inline-block; margin: 8px 12px 8px 0; } figure img { border: 1px solid #ddd; background: white; max-width: 720px; }
            figcaption { font-size: 12px; } .note { color: #a33; }
            </style></head><body>
            <h1>\(HTMLText.escape(title))</h1>

            """
        for section in sections {
            out += "<section><h2>\(HTMLText.escape(section.heading))</h2>\n"
            if !section.figures.isEmpty {
                out += "<table>\n" + section.figures.map { "<tr><th>\(HTMLText.escape($0.name))</th><td>\(HTMLText.escape($0.value))</td></tr>\n" }.joined() + "</table>\n"
            }
            for plot in section.plots {
                let png = pngs.contains(plot.name) ? " · <a href=\"plots/\(plot.name).png\">PNG</a>" : ""
                out += "<figure><img src=\"plots/\(plot.name).svg\" alt=\"\(HTMLText.escape(plot.name))\">"
                    + "<figcaption><a href=\"plots/\(plot.name).svg\">SVG</a>\(png)</figcaption></figure>\n"
            }
            for note in section.notes { out += "<p class=\"note\">\(HTMLText.escape(note))</p>\n" }
            out += "</section>\n"
        }
        return out + "<p><small>Made by \(HTMLText.escape(generator)).</small></p>\n</body></html>\n"
    }
}
