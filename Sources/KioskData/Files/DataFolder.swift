import Glibc

/// Checks a data folder before anything starts, so that a participant's data never goes
/// somewhere nobody meant it to: to a symbolic link's target (an unmounted disk's link
/// leads to the system disk, a moved link to another study's folder), to a folder made by a
/// typo in a path, or to a folder the run cannot write.
public enum DataFolder {
    /// What is wrong with `path` as a data folder, or nil when blocks may write there. A
    /// missing folder is made only when its parent exists; a symbolic link is refused, as is
    /// a folder the process cannot write.
    public static func problem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { return "\(path): \(FileDescriptorIO.describe(errno: errno))" }
            let parent = parentFolder(of: path)
            var parentInfo = stat()
            guard stat(parent, &parentInfo) == 0, (parentInfo.st_mode & S_IFMT) == S_IFDIR else {
                return "\(path): the data folder does not exist, nor does \(parent); check the path (a data folder is made only inside one that exists)"
            }
            guard access(parent, W_OK | X_OK) == 0 else {
                return "\(path): the data folder does not exist and \(parent) cannot be written to make it (\(FileDescriptorIO.describe(errno: errno)))"
            }
            return nil
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            let target = linkTarget(path)
            return "\(path) is a symbolic link\(target.map { " to \($0)" } ?? ""); labkiosk writes data only into a real folder: give that folder itself"
        case S_IFDIR:
            guard access(path, W_OK | X_OK) == 0 else {
                return "\(path): the data folder cannot be written (\(FileDescriptorIO.describe(errno: errno)))"
            }
            return nil
        default:
            return "\(path) is not a folder"
        }
    }

    static func parentFolder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
