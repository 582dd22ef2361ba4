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
}
