import FoundationEssentials
import Glibc

/// A folder a command writes whole: a report, an exported dataset. It must be new or empty,
/// and outside every input (a dataset inside the folder it exports would be read as input by
/// the next export). Its files are written into a hidden folder beside it, which is renamed
/// into place at the end, so a failure part way leaves nothing half written and no file is
/// ever written over another.
public final class OutputFolder {
    /// The folder as given.
    public let path: String
    /// Where the files are written until ``finish()``: `.<name>.partial-<pid>` beside `path`.
    let staging: String
    private var finished = false

    /// Checks `path` against `inputs` (files or folders that are read) and makes the staging
    /// folder, with any missing folders above it.
    public init(_ path: String, inputs: [String]) throws(ShellError) {
        self.path = path
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw ShellError("\(path) exists and is not a folder; give a new folder (nothing was written)")
            }
            if let existing = try? FileManager.default.contentsOfDirectory(atPath: path), !existing.isEmpty {
                throw ShellError("\(path) exists and is not empty; give a new folder (nothing was written)")
            }
        }
        let resolved = Self.resolvedPath(path)
        for input in inputs {
            let folder = Self.resolvedPath(input)
            if resolved == folder || resolved.hasPrefix(folder == "/" ? "/" : folder + "/") {
                throw ShellError("\(path) is inside the input \(input); its files would be read as input next time. Give a folder outside it (nothing was written)")
            }
        }
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        staging = URL(fileURLWithPath: parent).appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        try Self.makeFolders(parent)
        guard mkdir(staging, 0o755) == 0 else {
            throw ShellError("\(parent): cannot write in this folder (\(FileDescriptorIO.describe(errno: errno))); nothing was written")
        }
    }

    /// Where `relative` is written until ``finish()``, for tools that write a file themselves.
    public func stagedPath(_ relative: String) -> String {
        URL(fileURLWithPath: staging).appendingPathComponent(relative).path
    }

    /// Creates `relative` (with its folders) holding `bytes`.
    public func create(_ relative: String, _ bytes: [UInt8]) throws(ShellError) {
        let file = stagedPath(relative)
        let shown = URL(fileURLWithPath: path).appendingPathComponent(relative).path
        try Self.makeFolders(URL(fileURLWithPath: file).deletingLastPathComponent().path)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ShellError("\(shown): cannot create (\(FileDescriptorIO.describe(errno: errno))); nothing was written") }
        defer { _ = close(descriptor) }
        if let code = FileDescriptorIO.writeAll(bytes, to: descriptor) {
            throw ShellError("\(shown): cannot write (\(FileDescriptorIO.describe(errno: code))); nothing was written")
        }
    }

    /// Puts the written folder in place: over an empty folder of that name, or as a new one.
    public func finish() throws(ShellError) {
        // rename(2) replaces an empty folder and refuses one that something filled meanwhile.
        guard rename(staging, path) == 0 else {
            let reason = FileDescriptorIO.describe(errno: errno)
            abandon()
            throw ShellError("\(path): cannot put the written files in place (\(reason)); nothing was written")
        }
        finished = true
    }

    /// Removes what was written (the staging folder is this process's own).
    public func abandon() {
        guard !finished else { return }
        try? FileManager.default.removeItem(atPath: staging)
        finished = true
    }

    deinit { abandon() }

    private static func makeFolders(_ folder: String) throws(ShellError) {
        do {
            try RunFiles.makeDirectories(folder)
        } catch .directoryNotWritable(let path, let reason) {
            throw ShellError("\(path): cannot create this folder (\(reason)); nothing was written")
        } catch {
            throw ShellError("\(error); nothing was written")
        }
    }

    /// `path` made absolute with its symbolic links resolved, for the part of it that exists.
    public static func resolvedPath(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardized
        var missing: [String] = []
        while true {
            if let real = realpath(existing.path, nil) {
                defer { free(real) }
                return missing.reduce(URL(fileURLWithPath: String(cString: real))) { $0.appendingPathComponent($1) }.path
            }
            guard existing.path != "/" else { return path }
            missing.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
    }
}
