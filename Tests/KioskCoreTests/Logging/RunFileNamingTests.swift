import Testing
@testable import KioskCore

@Suite struct RunFileNamingTests {
    @Test func firstSessionIsOne() {
        #expect(RunFileNaming.nextRunNumber(existingPaths: []) == 1)
    }

    @Test func nextIsHighestPlusOne() {
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["1_a.csv", "2_a.csv", "3_a.csv"]) == 4)
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["1_a.csv"]) == 2)
    }

    @Test func gapsAreNeverFilled() {
        // OpenMATB would answer 2 here and reuse a deleted session's number and seeds.
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["1_a.csv", "3_a.csv", "4_a.csv"]) == 5)
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["2_a.csv", "3_a.csv"]) == 4)
    }

    @Test func namesWithoutALeadingIntegerAreIgnored() {
        // OpenMATB would treat the whole list as [0] here and answer 1.
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["notes.csv", "2_x.csv"]) == 3)
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["notes.csv", "_1.csv", "x2_y.csv"]) == 1)
    }

    @Test func everyKindOfDataFileCounts() {
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["7_a.txt", "8_a_samples.tsv", "2_a.csv"]) == 9)
        #expect(RunFileNaming.nextRunNumber(existingPaths: ["2024-03-05", "3abc.csv", "2_a.csv"]) == 3)
    }

    @Test func nestedFoldersCountByFileNameOnly() {
        let paths = [
            "2024-03-05/1_240305_101500.csv",
            "2024-03-06/2_240306_090000.csv",
            "old/2023/12_231201_080000.csv",
            "99_folder/notes.csv",
        ]
        #expect(RunFileNaming.nextRunNumber(existingPaths: paths) == 13)
        #expect(RunFileNaming.runNumber(ofPath: "/abs/sessions/2024-03-05/5_x.csv") == 5)
    }

    @Test func leadingDigitsAreTheSessionNumber() {
        #expect(RunFileNaming.runNumber(ofPath: "12.csv") == 12)
        #expect(RunFileNaming.runNumber(ofPath: "007_x.csv") == 7)
        #expect(RunFileNaming.runNumber(ofPath: "3abc.csv") == nil)
        #expect(RunFileNaming.runNumber(ofPath: "12") == nil)
        #expect(RunFileNaming.runNumber(ofPath: "-3_x.csv") == nil)
        #expect(RunFileNaming.runNumber(ofPath: "99999999999999999999_x.csv") == nil)
    }

    @Test func folderAndFileNamesAreZeroPadded() {
        let date = LocalDateTime(year: 2024, month: 3, day: 5, hour: 9, minute: 5, second: 2)
        #expect(RunFileNaming.folderName(for: date) == "2024-03-05")
        #expect(RunFileNaming.fileName(runNumber: 3, date: date) == "3_240305_090502.csv")
        let late = LocalDateTime(year: 2031, month: 12, day: 31, hour: 23, minute: 59, second: 59)
        #expect(RunFileNaming.folderName(for: late) == "2031-12-31")
        #expect(RunFileNaming.fileName(runNumber: 120, date: late) == "120_311231_235959.csv")
    }
}
