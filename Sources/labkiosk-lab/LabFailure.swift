/// A command's failure, said in words (exit status 1).
struct LabFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
