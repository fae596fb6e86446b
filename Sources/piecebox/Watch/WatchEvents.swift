#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The Lua files saved in a set of folders, from Linux's inotify (`inotify_init1`, `inotify_add_watch`): each call
/// to `next` waits for a save, then gathers the saves that follow it closely (an editor writes a file in several
/// steps, and a save of many files comes as many events), and returns the paths of `.lua` files written, moved in or
/// removed. Folders made later below a watched one are watched too.
final class WatchEvents {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    /// How long after a save more events still count as the same save.
    static let settle: Int32 = 150

    /// Watches `folders` and every folder below them (hidden ones and `.build` left out). Nil with the reason when
    /// inotify is not available (not Linux, or the system's limit on watches is reached).
    init?(folders roots: [String], problem: inout String) {
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            problem = "inotify is not available: " + String(cString: strerror(errno))
            return nil
        }
        for root in roots {
            for folder in Self.below(root) where !add(folder) {
                problem = "cannot watch \(folder): " + String(cString: strerror(errno))
                close(descriptor)
                return nil
            }
        }
        #else
        problem = "--watch needs Linux's inotify"
        return nil
        #endif
    }

    deinit { close(descriptor) }

    #if canImport(Glibc)
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    private func add(_ folder: String) -> Bool {
        let wd = inotify_add_watch(descriptor, folder, Self.mask)
        guard wd >= 0 else { return false }
        folders[wd] = folder
        return true
    }
    #endif

    /// `root` and the folders below it, in name order.
    static func below(_ root: String) -> [String] {
        var out = [root]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = (root as NSString).appendingPathComponent(name)
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &folder), folder.boolValue,
               (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil {
                out += below(path)
            }
        }
        return out
    }

    /// What woke the watcher: a save (the `.lua` files it touched, sorted; empty when what changed was no Lua), or
    /// keys read from `input`.
    enum Wake: Equatable {
        case saved([String])
        case keys([String])
    }

    /// Keys read while a save was settling, handed out by the next call.
    private var waitingKeys: [String] = []

    /// Waits, in one poll() on both descriptors (no busy loop), for the next save or for keys from `input`. Keys
    /// that come while a save settles wait for the next call, after that save's run.
    func next(input: WatchInput? = nil) -> Wake {
        if !waitingKeys.isEmpty {
            defer { waitingKeys.removeAll() }
            return .keys(waitingKeys)
        }
        #if canImport(Glibc)
        var changed = Set<String>()
        var sawSave = false
        var wait: Int32 = -1
        while true {
            var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            if let keys = input?.descriptor { pollers.append(pollfd(fd: keys, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&pollers, nfds_t(pollers.count), wait)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { break }
            if pollers.count > 1, pollers[1].revents != 0, let input {
                // Readable, ended (POLLHUP) or closed (POLLNVAL): read() says which, and an end stops the polling.
                if pollers[1].revents & Int16(POLLNVAL) != 0 { input.stop() } else { waitingKeys += input.read() }
                if !sawSave, !waitingKeys.isEmpty {
                    defer { waitingKeys.removeAll() }
                    return .keys(waitingKeys)
                }
            }
            if pollers[0].revents & Int16(POLLIN) != 0 {
                read(into: &changed)
                sawSave = true
                // After the first event, only those that follow within the settle time.
                wait = Self.settle
            }
        }
        return .saved(changed.sorted())
        #else
        return .saved([])
        #endif
    }

    #if canImport(Glibc)
    /// Reads the events waiting and notes the Lua files they name; a folder made is watched from now on.
    private func read(into changed: inout Set<String>) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, count)
            offset = nameStart + length
            guard let folder = folders[wd], nameEnd > nameStart else { continue }
            let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            let path = (folder as NSString).appendingPathComponent(name)
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix(".") {
                    for inner in Self.below(path) { _ = add(inner) }
                }
                continue
            }
            if name.hasSuffix(".lua"), !name.hasPrefix(".") { changed.insert(path) }
        }
    }
    #endif
}
