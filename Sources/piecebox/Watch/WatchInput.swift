#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The watcher's keys from standard input. On a terminal the watcher owns (its foreground), the terminal is put in
/// non-canonical mode without echo, so one key is read as it is pressed; Ctrl-C still interrupts (signals stay on),
/// and the mode is given back on every way out (`TerminalMode`). Anything else (a pipe, a file, CI) is read a line
/// at a time, each line one key; once it ends, keys are no longer read and the watcher only watches. A terminal the
/// watcher does not own (started in the background) is not read at all: reading or changing it would stop the
/// process.
final class WatchInput {
    enum Mode: Equatable { case keys, lines }
    let mode: Mode
    /// The descriptor to poll; nil once the input has ended or failed.
    private(set) var descriptor: Int32?
    private var partial: [UInt8] = []
    /// A line longer than this is not a key: the rest of it is dropped, so a pipe cannot make the watcher hold much.
    static let longestLine = 64

    /// Keys from `descriptor` (standard input), or nil when none can be read.
    static func start(_ descriptor: Int32 = STDIN_FILENO) -> WatchInput? {
        guard fcntl(descriptor, F_GETFD) != -1 else { return nil }
        guard isatty(descriptor) != 0 else { return WatchInput(descriptor: descriptor, mode: .lines) }
        guard tcgetpgrp(descriptor) == getpgrp(), TerminalMode.enterKeys(descriptor) else { return nil }
        return WatchInput(descriptor: descriptor, mode: .keys)
    }

    init(descriptor: Int32, mode: Mode) {
        self.descriptor = descriptor
        self.mode = mode
    }

    /// Reads what is waiting (call when poll() says the descriptor is readable or hung up) and returns the keys it
    /// completes: each key pressed, or each whole line, trimmed. An end or an error stops the reading for good.
    func read() -> [String] {
        guard let fd = descriptor else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        guard count > 0 else { stop(); return [] }
        return keys(in: buffer[0..<count])
    }

    /// Reads no more keys (the input ended, failed or was closed), and gives a terminal its mode back.
    func stop() {
        descriptor = nil
        if mode == .keys { TerminalMode.restore() }
    }

    /// The keys in bytes just read: on a terminal every character (an escape sequence, an arrow key, is no key);
    /// otherwise every complete line.
    func keys(in bytes: ArraySlice<UInt8>) -> [String] {
        if mode == .keys {
            guard bytes.first != 0x1B else { return [] }
            return String(decoding: bytes, as: UTF8.self).map { String($0) }
        }
        var out: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                out.append(String(decoding: partial, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                partial.removeAll()
            } else if partial.count < Self.longestLine {
                partial.append(byte)
            }
        }
        return out
    }
}

/// The terminal's mode while the watcher reads keys, and the one place that gives it back: at exit, on Ctrl-C and
/// SIGTERM (`LiveWorkers`), and when standard output closes (`StandardStreams`).
enum TerminalMode {
    private nonisolated(unsafe) static var saved: (descriptor: Int32, mode: termios)?
    private nonisolated(unsafe) static var registered = false
    private static let lock = NSLock()

    /// Non-canonical, no echo, one byte at a time; signals (Ctrl-C) as before. False when the terminal refused.
    static func enterKeys(_ descriptor: Int32) -> Bool {
        var mode = termios()
        guard tcgetattr(descriptor, &mode) == 0 else { return false }
        var keys = mode
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &keys.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        lock.lock()
        if saved == nil { saved = (descriptor, mode) }
        let register = !registered
        registered = true
        lock.unlock()
        if register { atexit { TerminalMode.restore() } }
        return tcsetattr(descriptor, TCSANOW, &keys) == 0
    }

    /// Gives the terminal its mode from before `enterKeys`; does nothing when it was never changed or is given back.
    static func restore() {
        lock.lock()
        let was = saved
        saved = nil
        lock.unlock()
        guard let (descriptor, original) = was else { return }
        var mode = original
        _ = tcsetattr(descriptor, TCSANOW, &mode)
    }
}
