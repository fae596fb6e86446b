import Foundation

/// The one way piecebox writes to its standard output and standard error.
///
/// Foundation's `FileHandle.write` traps when a write fails, and a reader that goes away (`piecebox run … | head`)
/// makes every later write fail with EPIPE on the threads that block SIGPIPE (the runner's slot threads do, so a dead
/// worker's pipe is an error, not a signal). Here a closed standard output ends piecebox at once with status 141,
/// what a shell reports for a program ended by SIGPIPE, and its workers die with it; a closed standard error is
/// let be (nothing could be told there anyway).
enum StandardStreams {
    /// The status piecebox ends with when its standard output is gone: 128 + SIGPIPE.
    static let closedOutputStatus: Int32 = 141

    static func out(_ text: String) { write(Data(text.utf8), to: STDOUT_FILENO) }
    static func err(_ text: String) { write(Data(text.utf8), to: STDERR_FILENO) }

    static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard var next = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let wrote = Foundation.write(descriptor, next, left)
                if wrote >= 0 {
                    left -= wrote
                    next += wrote
                    continue
                }
                if errno == EINTR || errno == EAGAIN { continue }
                // The reader is gone (EPIPE) or the stream is unusable: output cannot go anywhere any more.
                if descriptor == STDOUT_FILENO {
                    TerminalMode.restore()
                    _exit(closedOutputStatus)
                }
                return
            }
        }
    }
}
