import Foundation
import LuaHost
import PieceKit

/// Each scenario's header and whether it is an editor stub, read once per run from the file's first 4 KiB: finding
/// the files, setting a file's limits and judging its expected error all need them, and reading the same start of
/// every file three times was a good part of what the runner itself spent on a file.
final class ScenarioHeaders: @unchecked Sendable {
    /// What the start of one file says.
    struct Entry {
        var header: ScenarioHeader
        /// A lua-language-server definition file (`---@meta`): it declares, it tests nothing.
        var isTypeStub: Bool
    }

    private let lock = NSLock()
    private var known: [String: Entry] = [:]

    /// The entry of `path`, read on first use (a file that cannot be read has an empty header).
    func entry(for path: String) -> Entry {
        lock.lock()
        if let entry = known[path] { lock.unlock(); return entry }
        lock.unlock()
        let start = Self.readStart(of: path)
        let entry = Entry(header: start.withUnsafeBytes { ScenarioHeader.parse(utf8: $0) },
                          isTypeStub: start.starts(with: Self.stubMarker))
        lock.lock(); defer { lock.unlock() }
        known[path] = entry
        return entry
    }

    func header(for path: String) -> ScenarioHeader { entry(for: path).header }

    private static let stubMarker = Array("---@meta".utf8)

    /// Up to the first 4 KiB of `path` (the header is in its first ten lines; the file may be huge). Anything but a
    /// regular file reads as empty, and opening never waits (`RegularFile`): a named pipe cannot hold up the run.
    static func readStart(of path: String) -> [UInt8] {
        guard case .success(let data) = RegularFile.read(path, upTo: 4096) else { return [] }
        return [UInt8](data)
    }
}
