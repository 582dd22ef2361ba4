import KioskCore

// A trial list as the judgement loader reads it, against each bundled kind of configuration
// (a choice between answers, and go/no-go), whose columns and answers a list must match.
private let configurations: [JudgeConfiguration] = [
    """
    title = "Friend or foe"
    paradigm = "choice"
    trials = "trials.csv"
    condition = "distance"
    feedback = true

    [[response]]
    answer = "friend"
    key = "F"

    [[response]]
    answer = "foe"
    key = "J"
    """,
    """
    title = "Go / no-go"
    paradigm = "go-nogo"
    trials = "go-nogo.csv"

    [[response]]
    answer = "go"
    key = "SPACE"
    """,
].map { text in
    guard case .success(let configuration) = JudgeConfigurationReader.read(text, file: "fuzz.toml") else {
        fatalError("the fuzz target's own configuration does not read: \(text)")
    }
    return configuration
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    consume(CSVTable.parse(text))
    for configuration in configurations {
        consume(JudgeTrialList.read(text, file: "trials.csv", configuration: configuration))
    }
    return 0
}
