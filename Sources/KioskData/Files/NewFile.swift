import Glibc

/// A data file written whole before it has its name, so that it is never seen half written
/// and never replaces a file of that name (a drawing-pad trial's files, a consent record's
/// signature).
public enum NewFile {
    /// Writes through a temporary file beside `path`, then links it in place.
    public static func place(at path: String, write: (String) throws -> Void) throws {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temporary = String(path[..<slash]) + "." + String(path[slash...]) + ".partial"
        unlink(temporary)  // a partial file a crash left behind
        try write(temporary)
        defer { unlink(temporary) }
        // Writers that are not ours (SDL_image's PNG) create files as the umask allows; data files are the owner's alone.
        chmod(temporary, RunFiles.dataFileMode)
        if link(temporary, path) != 0 {
            throw DataFileError.cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: errno))
        }
    }
}
