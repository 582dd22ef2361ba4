/// A Python number as arithmetic sees it: bools act as the ints 0 and 1.
enum PythonNumber: Equatable {
    case int(Int)
    case float(Double)

    /// The number a value stands for, or `nil` for None, strings and containers.
    init?(_ value: PyValue) {
        switch value {
        case .bool(let flag): self = .int(flag ? 1 : 0)
        case .int(let number): self = .int(number)
        case .float(let number): self = .float(number)
        case .none, .string, .tuple, .list, .dict, .object: return nil
        }
    }
}
