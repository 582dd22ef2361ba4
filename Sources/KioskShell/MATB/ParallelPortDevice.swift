/// Something that puts a byte on a parallel port's eight data lines.
public protocol ParallelPortDevice: AnyObject {
    /// Sets the data lines.
    func write(_ byte: UInt8) throws
}
