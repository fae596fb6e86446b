import Foundation
import Testing

/// `piecebox run … | head`: a reader that goes away ends piecebox as a shell expects (status 141, as SIGPIPE would),
/// never with a Swift trap and its backtrace.
@Suite struct ClosedOutputTests {
    @Test func aReaderThatGoesAwayEndsTheRunQuietly() throws {
        let folder = try TestFolder()
        for i in 1...6 {
            try folder.write("s\(i).lua", "for i = 1, 40 do test(\"t\" .. i, function() end) end\n")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pieceboxBinary)
        process.arguments = ["run", ".", "--verbose", "--jobs", "2"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // The reader closes its end at once, as `head -0` would.
        try out.fileHandleForReading.close()
        try process.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: said, as: UTF8.self)
        // Ended by SIGPIPE itself (on the main thread, which does not block it) or by status 141 (on a thread that
        // does, where the write fails with EPIPE): the two a shell shows alike.
        let bySignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE
        #expect(bySignal || (process.terminationReason == .exit && process.terminationStatus == 141),
                "\(process.terminationReason) \(process.terminationStatus): \(stderr)")
        #expect(!stderr.contains("Fatal error") && !stderr.contains("crashed"), "\(stderr)")
    }
}
