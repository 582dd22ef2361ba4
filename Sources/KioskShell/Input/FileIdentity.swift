import Glibc

/// A file's device and inode, and when its contents last changed: equal node identities
/// mean the same node, equal full identities mean a folder whose entries did not change.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    var modifySeconds: Int
    var modifyNanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        modifySeconds = info.st_mtim.tv_sec
        modifyNanoseconds = info.st_mtim.tv_nsec
    }

    /// Whether both name the same file, whatever was written to it since.
    func isSameNode(as other: FileIdentity) -> Bool { device == other.device && inode == other.inode }
}
