/// Paths as text: what a file names is found beside it.
public enum FilePaths {
    /// The folder a path is in: everything before its last `/`, or `.` for a bare name.
    public static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// `name` as a file names it: an absolute path as it is, a relative one within `folder`.
    public static func resolve(_ name: String, in folder: String) -> String {
        name.hasPrefix("/") ? name : folder + "/" + name
    }
}
