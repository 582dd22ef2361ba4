import Glibc
import Hummingbird
import KioskCore
import KioskLab
import NIOCore

/// A study's downloads: its tidy table, its files as one zip, its sessions as a BIDS dataset.
extension DashboardRoutes {
    func studyTable(_ request: Request) async throws -> Response {
        let study = request.uri.queryParameters.get("study") ?? ""
        let table = try await store.withConnection { try LabTidyTable.read($0, study: study) }
        var response = DashboardResponse.text(table, type: "text/tab-separated-values; charset=utf-8")
        response.headers[.contentDisposition] = "attachment; filename=\"\(DashboardResponse.fileName(study))-figures.tsv\""
        return response
    }

    /// What a study's zip holds: every file of its sessions, or its sessions as a BIDS dataset.
    enum StudyDownload { case files, bids }

    /// A study's zip, written to a nameless temporary file and sent from it.
    func studyDownload(_ request: Request, _ context: DashboardContext, _ kind: StudyDownload) async throws -> Response {
        let signedIn = try context.requireSignedIn()
        let study = request.uri.queryParameters.get("study") ?? ""
        let name = DashboardResponse.fileName(study) + (kind == .files ? "-files" : "-bids")
        let descriptor: Int32
        do {
            descriptor = try await store.withConnection { [dataFolder] database in
                switch kind {
                case .files: try StudyArchive.write(study: study, database: database, dataFolder: dataFolder)
                case .bids: try StudyBIDSDataset.write(study: study, folderName: name, database: database, dataFolder: dataFolder,
                                                       version: LabkioskVersion.current)
                }
            }
        } catch let nothing as StudyBIDSDataset.NothingToExport {
            return DashboardResponse.status(.notFound, nothing.description)
        } catch let cannot as StudyBIDSDataset.CannotBeMade {
            logLine("dashboard: the BIDS dataset of \(study.debugDescription) could not be made: \(cannot)")
            return DashboardResponse.status(.unprocessableContent, "The BIDS dataset could not be made: \(cannot)")
        } catch {
            // The reason may name the server's files: it goes to the server's log, not to the browser.
            logLine("dashboard: the \(kind == .files ? "zip" : "BIDS dataset") of \(study.debugDescription) could not be made: \(error)")
            return DashboardResponse.status(.internalServerError,
                                            "The \(kind == .files ? "zip" : "BIDS dataset") could not be made; the server's log says why.")
        }
        var size = stat()
        fstat(descriptor, &size)
        logLine("dashboard: \(signedIn.staff.name.debugDescription) downloaded \(kind == .files ? "the files" : "the BIDS dataset") "
            + "of \(study.debugDescription) (\(size.st_size) bytes)")
        var response = Response(status: .ok, body: ResponseBody(contentLength: Int(size.st_size)) { writer in
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                try await writer.write(ByteBuffer(bytes: buffer[0..<count]))
            }
            try await writer.finish(nil)
        })
        response.headers[.contentType] = "application/zip"
        response.headers[.contentDisposition] = "attachment; filename=\"\(name).zip\""
        return response
    }
}
