import Glibc

/// What a data folder looks like without reading any file: each file's path, size, time of
/// last change and inode. `serve --data` reads the folder again (hashing every file, which
/// takes a core for seconds on a folder of gigabytes) only when this changed, so that an idle
/// dashboard costs the kiosk, where participants run, next to nothing.
public struct DataFolderFingerprint: Equatable, Sendable {
    private struct Entry: Equatable, Sendable {
        var path: String
        var size: Int64
        var changed: Int64
        var inode: UInt64
    }

    private var entries: [Entry] = []

    /// The folder as it is now; `ignoring` names files directly in it that are not its data
    /// (the dashboard's own database, which every reading writes).
    public init(folder: String, ignoring: Set<String>) {
        walk(folder, relative: "", ignoring: ignoring)
    }

    private mutating func walk(_ directory: String, relative: String, ignoring: Set<String>) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != "..", !(relative.isEmpty && ignoring.contains(name)) { names.append(name) }
        }
        for name in names.sorted() {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let changed = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            entries.append(Entry(path: relative + name, size: Int64(status.st_size), changed: changed, inode: UInt64(status.st_ino)))
            if status.st_mode & S_IFMT == S_IFDIR { walk(path, relative: relative + name + "/", ignoring: ignoring) }
        }
    }
}
