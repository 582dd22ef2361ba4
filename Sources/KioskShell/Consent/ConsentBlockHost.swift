import KioskCore
import KioskData

/// A consent block's host: its record, `<N>_<yymmdd>_<HHMMSS>_consent.tsv`, and the signature
/// beside it, `…_signature.png` (docs/consent.md), both written when the participant decides.
/// The record file is created (empty) when the block starts, so a crash before the decision
/// leaves it as the partial file of a block that starts again.
public final class ConsentBlockHost: BlockHost {
    public let consent: ConsentBlock
    public var block: any Block { consent }
    public let notes: [String]
    private let loaded: ConsentLoader.Loaded
    private let record: AppendOnlyFile
    private let runNumber: Int
    private let participant: String
    private let version: String

    public init(loaded: ConsentLoader.Loaded, run: RunOptions, canvas: Canvas, version: String) throws {
        self.loaded = loaded
        consent = ConsentBlock(form: loaded.form, pageTexts: loaded.pages.map(\.text), canvas: canvas)
        participant = run.participant ?? ""
        self.version = version
        let created: (number: Int, files: [AppendOnlyFile])
        do {
            created = try RunFiles.create(in: run.dataDirectory, date: WallClock.localDateTime(), suffixes: [ConsentRecord.suffix],
                                          numbersUnder: run.runNumberRoot)
        } catch {
            throw ShellError("\(error)")
        }
        runNumber = created.number
        record = created.files[0]
        notes = ["consent: \(loaded.form.pages.count) pages, \(loaded.form.statements.count) statements, record \(record.path)"]
    }

    public func begin(at time: MonotonicTime) {
        consent.begin(at: time)
    }

    public func endFrame(at time: MonotonicTime) throws {
        if let error = record.lastError { throw ShellError("consent record: \(error)") }
    }

    public func finish() throws -> BlockRecord {
        let outcome = consent.outcome ?? ConsentBlock.Outcome(decision: .stopped, time: MonotonicClock.now())
        var files = [record.path]
        var signature: String?
        // A participant who declined leaves neither name nor signature behind.
        if loaded.form.asksSignature, outcome.decision == .agreed, !consent.strokes.isEmpty {
            let path = String(record.path.dropLast(ConsentRecord.suffix.count)) + ConsentRecord.signatureSuffix
            try NewFile.place(at: path) { temporary in try signaturePicture().savePNG(to: temporary) }
            files.append(path)
            signature = path.split(separator: "/").last.map(String.init)
        }
        let text = ConsentRecord(
            participant: participant, form: (loaded.path, loaded.formSHA256), title: loaded.form.title,
            pages: loaded.pages.map { ($0.path, $0.sha256) }, textSHA256: loaded.textSHA256,
            statements: zip(loaded.form.statements, consent.ticked).map { ($0, $1) }, decision: outcome.decision,
            decided: BatchJournal.time(WallClock.localDateTime()), name: loaded.form.asksName && outcome.decision == .agreed ? consent.name : nil,
            signature: signature, strokes: consent.strokes.count, version: version
        ).text
        record.append(Array(text.utf8))
        do { try record.close() } catch { throw ShellError("consent record: \(error)") }
        return BlockRecord(runNumber: runNumber, dataFiles: files, figures: [("consent", outcome.decision.rawValue)],
                           endsSession: outcome.decision == .declined ? "the participant declined consent" : nil)
    }

    /// The signature's strokes in black on white, at the size of its box on the canvas.
    private func signaturePicture() throws -> PixelImage {
        let box = consent.signatureBox
        let canvas = Canvas(width: box.width.rounded(), height: box.height.rounded())
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, .white)
        let strokes = consent.strokes.map { $0.map { Point($0.x - box.left, $0.y - box.bottom) } }
        list.append(.ink(InkLayer(id: 0, generation: 0, box: canvas.bounds, color: Color(0, 0, 0), lineWidth: 4, strokes: strokes)))
        return try OffscreenCapture.render(list, width: Int(canvas.width), height: Int(canvas.height), background: .white)
    }
}
