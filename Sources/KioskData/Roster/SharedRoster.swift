import KioskCore

/// The roster the desk and `batch` use (docs/lab.md: One roster for the lab): the data
/// folder's own `roster.txt` together with the lab's copy, so that a participant registered or
/// withdrawn on another kiosk is known here. Registrations and withdrawals are written to the
/// kiosk's own roster only; the next send takes them to the lab. Without a lab copy it is the
/// kiosk's roster alone; a lab copy that cannot be read is set aside, named among the
/// problems, until the next send writes it again.
public struct SharedRoster: Roster {
    public let own: RosterFile
    public let lab: LabCopyFile

    public init(dataDirectory: String) {
        own = RosterFile(dataDirectory: dataDirectory)
        lab = LabCopyFile(dataDirectory: dataDirectory)
    }

    public func read() throws -> RosterLog.Reading {
        var reading = try own.read()
        switch lab.read() {
        case .success(let copy?): reading.entries = RosterMerge.merged([reading.entries, copy.entries])
        // The kiosk's own roster holds each participant once already.
        case .success(nil): reading.entries = RosterMerge.oldestFirst(reading.entries)
        case .failure(let problem): reading.problems.append(problem)
        }
        return reading
    }

    /// A participant the lab has registered stays registered as the lab has them.
    @discardableResult
    public func register(_ entry: RosterEntry) throws -> RosterEntry {
        if let standing = try self.entry(participant: entry.participant, study: entry.study) { return standing }
        return try own.register(entry)
    }

    /// A withdrawal of a participant registered on another kiosk is recorded with a copy of
    /// their registration, so that the kiosk's own roster reads whole.
    public func withdraw(participant: String, study: String, _ withdrawal: RosterEntry.Withdrawal) throws {
        if let standing = try self.entry(participant: participant, study: study), let time = standing.withdrawal?.time {
            throw ShellError("\(participant) already withdrew from \(study) (\(time))")
        }
        if try own.entry(participant: participant, study: study) == nil,
           var registration = lab.copy?.entries.first(where: { $0.participant == participant && $0.study == study }) {
            registration.withdrawal = nil
            try own.register(registration)
        }
        try own.withdraw(participant: participant, study: study, withdrawal)
    }
}
