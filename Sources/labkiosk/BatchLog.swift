import Glibc
import KioskCore
import KioskShell

/// A batch's own record: the plan, the participant, the order chosen and why, and when each
/// block began and ended with the files it wrote. Appended as the batch runs, never replaced.
final class BatchLog {
    let path: String
    private let file: AppendOnlyFile

    init(directory: String, plan: String, participant: String, order: PlanOrder, blocks: [PlanBlock]) throws {
        let now = WallClock.localDateTime()
        let opened = try SessionFiles.createNamed(in: directory, date: now, stem: "batch " + InteractLogNames.fileDate(now), suffix: ".txt")
        path = opened.path
        file = opened
        var text = "plan: \(plan)\nparticipant: \(participant)\nstarted: \(InteractLogNames.headerDate(now))\n"
        for decision in order.decisions { text += "order \(decision)\n" }
        text += "blocks: " + order.blocks.map { blocks[$0].title }.joined(separator: " | ") + "\n"
        write(text)
        try? file.sync()
    }

    func began(_ block: PlanBlock) {
        write("began \(InteractLogNames.headerDate(WallClock.localDateTime())): \(block.title)\n")
    }

    func ended(_ block: PlanBlock, files: [String]) {
        write("ended: \(block.title): \(files.isEmpty ? "no files" : files.joined(separator: ", "))\n")
    }

    func finish(complete: Bool) {
        write("\(complete ? "complete" : "stopped") \(InteractLogNames.headerDate(WallClock.localDateTime()))\n")
        try? file.close()
    }

    private func write(_ text: String) {
        file.append(Array(text.utf8))
        file.flush()
    }
}
