import KioskCore
import KioskData

/// Reads a consent form, every page it names and every picture the pages show, so that
/// nothing starts on a bad file: each problem at the file, line and column that name it
/// (docs/consent.md). The bytes it read are the bytes it hashes, so the record's SHA-256 is
/// of the very text shown.
public enum ConsentLoader {
    public struct Loaded: Sendable {
        public var path: String
        public var form: ConsentForm
        public var formSHA256: String
        /// Each page's file (as opened), text and SHA-256, in order.
        public var pages: [(path: String, text: String, sha256: String)]
        /// SHA-256 of the pages' bytes one after another.
        public var textSHA256: String
        /// Each picture the pages show, by the name they give it.
        public var images: [String: String]
    }

    /// The smallest screen a consent form must fit, page by page.
    static let smallestScreen = Canvas(width: 1280, height: 800)

    public static func load(_ path: String) -> Result<Loaded, ScenarioErrors> {
        func diagnostic(_ file: String, _ line: Int, _ column: Int, _ message: String) -> ScenarioDiagnostic {
            ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message)
        }
        let formBytes: [UInt8]
        switch FileDescriptorIO.readBytes(atPath: path, limit: FileDescriptorIO.largestWrittenFile) {
        case .success(let bytes): formBytes = bytes
        case .failure(let refusal): return .failure(ScenarioErrors(diagnostics: [diagnostic(path, 0, 0, "cannot read this file: \(refusal.reason)")]))
        }
        guard let text = String(validating: formBytes, as: UTF8.self) else {
            return .failure(ScenarioErrors(diagnostics: [diagnostic(path, 0, 0, "not UTF-8 text")]))
        }
        let form: ConsentForm
        switch ConsentFormReader.read(text, file: path) {
        case .success(let read): form = read
        case .failure(let errors): return .failure(errors)
        }
        let folder = FilePaths.folder(of: path)
        var problems: [ScenarioDiagnostic] = []
        var pages: [(path: String, text: String, sha256: String)] = []
        var allText = SHA256()
        var images: [String: String] = [:]
        for page in form.pages {
            let file = FilePaths.resolve(page.file, in: folder)
            let bytes: [UInt8]
            switch FileDescriptorIO.readBytes(atPath: file, limit: FileDescriptorIO.largestWrittenFile) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                problems.append(diagnostic(path, page.line, page.column, "cannot read the page \(file): \(refusal.reason)"))
                continue
            }
            guard let html = String(validating: bytes, as: UTF8.self) else {
                problems.append(diagnostic(path, page.line, page.column, "the page \(file) is not UTF-8 text"))
                continue
            }
            let shown = HTMLSubset.richText(html, alignment: .left)
            if shown.showsNothing { problems.append(diagnostic(path, page.line, page.column, "the page \(file) shows no text")) }
            let pageFolder = FilePaths.folder(of: file)
            var sizes: [String: (width: Double, height: Double)] = [:]
            for name in shown.imageNames where images[name] == nil {
                let picture = FilePaths.resolve(name, in: pageFolder)
                do { try ImageCodec.ensureAvailable() } catch {
                    problems.append(diagnostic(file, 0, 0, "\(error)"))
                    break
                }
                switch ImageCodec.size(ofFile: picture) {
                case .success(let size):
                    images[name] = picture
                    sizes[name] = (Double(size.width), Double(size.height))
                case .failure(let problem): problems.append(diagnostic(file, 0, 0, problem.description))
                }
            }
            // A page taller than its box on the smallest screen would be cut without a word,
            // while the record hashes all of it as shown.
            let box = ConsentBlock.pageTextBox(on: Self.smallestScreen)
            let height = shown.estimatedHeight(width: box.width) { sizes[$0] }
            if height > box.height {
                problems.append(diagnostic(path, page.line, page.column, "the page \(file) is longer than a \(Int(Self.smallestScreen.width))×"
                    + "\(Int(Self.smallestScreen.height)) screen shows (about \(Int(height.rounded())) of \(Int(box.height)) pixels): split it into more [[page]]s"))
            }
            bytes.withUnsafeBytes { allText.update($0) }
            pages.append((file, html, SHA256.hexDigest(of: bytes)))
        }
        guard problems.isEmpty else { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(Loaded(path: path, form: form, formSHA256: SHA256.hexDigest(of: formBytes), pages: pages,
                               textSHA256: allText.hexDigest(), images: images))
    }
}
