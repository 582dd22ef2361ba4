import KioskCore

extension BlockKind {
    /// A consent form: pages, statements, name and signature (docs/consent.md).
    public static let consent = BlockKind(plan: .consent, screenTitle: "Consent", fileNoun: "consent form",
                                          recognises: { $0.document.map(ConsentFormReader.looksLikeForm) == true },
                                          log: nil) { request in
        ConsentLoader.load(request.path).map { LoadedConsent(loaded: $0) }
    }
}

/// A consent form loaded with its pages.
struct LoadedConsent: LoadedBlock {
    let loaded: ConsentLoader.Loaded

    var images: [String: String] { loaded.images }
    var title: String? { loaded.form.title }

    var checkSummary: String {
        let form = loaded.form
        let asks = [form.asksName ? "name" : nil, form.asksSignature ? "signature" : nil].compactMap { $0 }
        return "consent form: \(form.pages.count) page\(form.pages.count == 1 ? "" : "s"), \(form.statements.count) statement"
            + (form.statements.count == 1 ? "" : "s") + (asks.isEmpty ? "" : ", " + asks.joined(separator: " and "))
    }

    func estimatedBytes(speed: Double) -> Double { 200_000 }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        try ConsentBlockHost(loaded: loaded, run: request.run, canvas: request.canvas, version: request.version)
    }
}
