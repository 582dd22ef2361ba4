/// A consent block's record, `<N>_<yymmdd>_<HHMMSS>_consent.tsv` (docs/consent.md): one
/// `field<TAB>value` line each, so a person reads it and a program splits it. It names every
/// file of the text shown with its SHA-256 (and one SHA-256 over the pages' bytes in order,
/// the text as a whole), each statement with its box, the decision and its time, the name
/// typed and the signature's picture.
public struct ConsentRecord: Sendable {
    public static let suffix = "_consent.tsv"
    public static let signatureSuffix = "_signature.png"
    public static let firstLine = "# labkiosk consent record 1"

    public var participant: String
    public var form: (path: String, sha256: String)
    public var title: String
    public var pages: [(path: String, sha256: String)]
    /// SHA-256 of the pages' bytes, one after another in their order.
    public var textSHA256: String
    public var statements: [(text: String, ticked: Bool)]
    public var decision: ConsentBlock.Decision
    /// When the participant decided, on the wall clock (`yyyy-MM-dd HH:mm:ss`).
    public var decided: String
    /// The name typed; nil when the form does not ask.
    public var name: String?
    /// The signature's picture, beside the record; nil when the form does not ask or none was drawn.
    public var signature: String?
    public var strokes: Int
    public var version: String

    public init(participant: String, form: (path: String, sha256: String), title: String, pages: [(path: String, sha256: String)],
                textSHA256: String, statements: [(text: String, ticked: Bool)], decision: ConsentBlock.Decision, decided: String,
                name: String?, signature: String?, strokes: Int, version: String) {
        self.participant = participant
        self.form = form
        self.title = title
        self.pages = pages
        self.textSHA256 = textSHA256
        self.statements = statements
        self.decision = decision
        self.decided = decided
        self.name = name
        self.signature = signature
        self.strokes = strokes
        self.version = version
    }

    public var text: String {
        var fields: [(String, String)] = [("version", version), ("participant", participant), ("title", title),
                                          ("form", form.path), ("form sha256", form.sha256)]
        for (index, page) in pages.enumerated() {
            fields += [("page \(index + 1)", page.path), ("page \(index + 1) sha256", page.sha256)]
        }
        fields.append(("text sha256", textSHA256))
        for (index, statement) in statements.enumerated() {
            fields += [("statement \(index + 1)", statement.text), ("statement \(index + 1) ticked", statement.ticked ? "yes" : "no")]
        }
        fields += [("decision", decision.rawValue), ("decided", decided)]
        if let name { fields.append(("name", name)) }
        if let signature { fields += [("signature", signature), ("signature strokes", String(strokes))] }
        return Self.firstLine + "\n" + fields.map { TabSeparated.line([$0.0, $0.1]) }.joined()
    }

    /// The fields of a record's text, in order; nil when it is not a consent record.
    public static func fields(_ text: String) -> [(name: String, value: String)]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == firstLine else { return nil }
        return lines.dropFirst().compactMap { line in
            guard let tab = line.firstIndex(of: "\t") else { return nil }
            return (String(line[..<tab]), String(line[line.index(after: tab)...]))
        }
    }
}
