import KioskCore

/// What libFuzzer hands a target, in the forms the readers take.
///
/// Readers that take a `String` are given the bytes decoded leniently: the shell decodes a
/// file the same way (`String(decoding:as:)`) or refuses it before the reader sees it, so
/// invalid UTF-8 reaching a reader as replacement characters is a case the reader must survive.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    }

    var array: [UInt8] { Array(bytes) }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
