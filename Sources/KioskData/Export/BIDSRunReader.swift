import KioskCore

/// How one kind of log becomes a BIDS run: how its file's name ends, and how its file is read
/// into the run's events and sidecar. The block kinds that write such a log name its reader
/// (the shell's `BlockLog`); the lab, which links no block kind, exports with ``all``.
public struct BIDSRunReader: Sendable {
    /// How the file's name ends: `.csv`, `_judge.tsv`.
    public let suffix: String
    let read: @Sendable (_ path: String, _ version: String) throws(ShellError) -> BIDSExport.Run

    /// Every log `export` writes as runs; a file no other reader claims is read as a session log.
    public static let all: [BIDSRunReader] = [.matbSession, .judge, .prompts]

    /// OpenMATB's CSV session log, which MATB, instructions and questionnaire blocks write.
    public static let matbSession = BIDSRunReader(suffix: ".csv") { path, version throws(ShellError) in
        let rows = try FileDescriptorIO.readFile(atPath: path) { try SessionLogReader.read($0, file: path).rows }
        let participant = rows.prefix(8).first { $0.type == "manual" && $0.value.hasPrefix("participant: ") }
            .map { String($0.value.dropFirst("participant: ".count)) } ?? "unknown"
        let scenario = rows.first { $0.type == "scenario_path" }?.value ?? ""
        let task = PlanBlockKind.slidesBlock(named: scenario)?.kind.name ?? "matb"
        return BIDSExport.Run(log: path, participant: participant, task: task, events: BIDSEvents.tsv(rows),
                              sidecar: BIDSEvents.sidecar(version: version), matbRows: rows)
    }

    /// A judgement block's log, one row per trial.
    public static let judge = BIDSRunReader(suffix: JudgeLogFile.suffix) { path, version throws(ShellError) in
        let judged = try FileDescriptorIO.readFile(atPath: path) { try JudgeLogFile.read(String(decoding: $0, as: UTF8.self), file: path) }
        let participant = judged.value("participant").flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
        return BIDSExport.Run(log: path, participant: participant, task: "judge", events: JudgeBIDSEvents.tsv(judged),
                              sidecar: JudgeBIDSEvents.sidecar(judged, version: version))
    }

    /// A prompt sequence's log, one row per phase change.
    public static let prompts = BIDSRunReader(suffix: PromptsLogFile.suffix) { path, version throws(ShellError) in
        let log = try FileDescriptorIO.readFile(atPath: path) { try PromptsLogFile.read(String(decoding: $0, as: UTF8.self), file: path) }
        let participant = log.header.participant.isEmpty ? "unknown" : log.header.participant
        return BIDSExport.Run(log: path, participant: participant, task: "prompts", events: PromptsBIDSEvents.tsv(log),
                              sidecar: PromptsBIDSEvents.sidecar(version: version))
    }
}
