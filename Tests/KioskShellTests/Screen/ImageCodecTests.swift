import CSDL2
import FoundationEssentials
import Glibc
import KioskData
import Testing
@testable import KioskShell

extension SDLSuite {
    /// Pictures named inside configurations reach SDL_image only as regular files of sizes a window shows.
    @Suite struct ImageCodecTests {
        private func folderWithAPicture() throws -> String {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-codec-\(UInt64.random(in: 0...UInt64.max))").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 40, 30, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
            defer { SDL_FreeSurface(surface) }
            try ImageCodec.savePNG(surface, to: folder + "/real.png")
            return folder
        }

        @Test func aPictureIsDecodedWithItsSize() throws {
            let folder = try folderWithAPicture()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let size = try ImageCodec.size(ofFile: folder + "/real.png").get()
            #expect(size.width == 40 && size.height == 30)
        }

        @Test func aPipeIsRefusedAtOnceRatherThanWaitedOn() throws {
            let folder = try folderWithAPicture()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(mkfifo(folder + "/pipe.png", 0o600) == 0)
            #expect(throws: ShellError("\(folder)/pipe.png: not a regular file (a folder, a pipe or a device); give a file")) {
                _ = try ImageCodec.load(folder + "/pipe.png")
            }
        }

        @Test func aPNGClaimingSidesNoWindowShowsIsRefusedBeforeItIsDecoded() throws {
            let folder = try folderWithAPicture()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var bytes = try #require(FileManager.default.contents(atPath: folder + "/real.png")).map { $0 }
            // IHDR's width and height: 100000 x 100000, which would ask for 40 GB to decode.
            let side: [UInt8] = [0x00, 0x01, 0x86, 0xA0]
            bytes.replaceSubrange(16..<24, with: side + side)
            #expect(FileManager.default.createFile(atPath: folder + "/huge.png", contents: Data(bytes)))
            #expect(throws: ShellError("\(folder)/huge.png: 100000x100000 pixels, larger than labkiosk shows (at most 16384 on a side)")) {
                _ = try ImageCodec.load(folder + "/huge.png")
            }
        }
    }
}
