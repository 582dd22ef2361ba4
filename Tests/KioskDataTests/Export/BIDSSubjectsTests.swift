import Testing
@testable import KioskData

@Suite struct BIDSSubjectsTests {
    @Test func twoIDsThatKeepTheSameLettersAreTwoSubjects() {
        let labels = BIDSSubjects.labels(of: ["P-105", "P105", "R-306", "R306", "R306n2", "P1"])
        #expect(labels == ["P-105": "P105", "P105": "P105n2", "R-306": "R306", "R306": "R306n3", "R306n2": "R306n2", "P1": "P1"])
        #expect(Set(labels.values).count == labels.count)
    }

    @Test func participantsTSVKeepsEachID() {
        let table = BIDSSubjects.table(BIDSSubjects.labels(of: ["P-105", "P105", "odd\tid"]))
        #expect(table == "participant_id\tsource_id\nsub-P105\tP-105\nsub-P105n2\tP105\nsub-oddid\todd id\n")
    }

    @Test func simulatedParticipantsAreMarkedWhereThereAreAny() {
        let labels = BIDSSubjects.labels(of: ["P1", "SIM-001"])
        #expect(BIDSSubjects.table(labels, simulated: ["SIM-001"]) == "participant_id\tsource_id\tsimulated\nsub-P1\tP1\tno\nsub-SIM001\tSIM-001\tyes\n")
        #expect(BIDSSubjects.table(labels, simulated: ["SIM-002"]) == BIDSSubjects.table(labels), "none of them simulated: no column")
        #expect(BIDSSubjects.sidecar(simulatedColumn: true).contains("\"simulated\": {\"Description\""))
        #expect(!BIDSSubjects.sidecar(simulatedColumn: false).contains("simulated"))
    }
}
