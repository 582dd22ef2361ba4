/// The parameters a task last read from its ``ParameterValues``, kept until the values change:
/// building them looks up a dozen paths, and a task reads them at every update and refresh.
struct ParameterCache<Parameters> {
    private var revision: UInt64?
    private var cached: Parameters?

    mutating func parameters(_ values: ParameterValues, _ make: (ParameterValues) -> Parameters) -> Parameters {
        if let cached, revision == values.revision { return cached }
        let made = make(values)
        cached = made
        revision = values.revision
        return made
    }
}
