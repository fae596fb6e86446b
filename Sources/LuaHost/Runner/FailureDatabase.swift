import Foundation
import PieceKit

/// Where `piecebox explore` remembers the failures it found: one small JSON file per exploration, holding the
/// minimal record (the draws) of each failure, replayed before run 0 the next time and dropped once it passes. The
/// worker reads (`read`), the runner writes (`write`) into a folder planned with the run's other outputs; both
/// name the file with `path`, so they agree. A file that is not what it should be (hand-edited, cut short) is
/// never a trap: its records are ignored, the problem is said with the file's name, and the next write replaces it.
public enum FailureDatabase {
    /// The folder under a project root that holds its explorations' failures, unless `--db` names another.
    public static let defaultFolder = ".piecebox/explore"
    /// The largest file read (a database keeps a few records per exploration): a bigger one is not this tool's.
    public static let byteLimit = 1 << 20

    /// The folder of one scenario file's explorations: under `root` (`--db`), or its project's `.piecebox/explore`,
    /// named from its path from the project root as logs are, so every way of typing the path finds it.
    public static func folder(for file: String, root: String?) -> String {
        let base = root ?? PathText.join(ProjectRoot.find(for: file), defaultFolder)
        let name = LogName.fileName(for: ProjectRoot.relativePath(of: file))
        return PathText.join(base, String(name.dropLast(".jsonl".count)))
    }

    /// The file of one exploration in `folder`: its name's letters, digits, `-` and `_` (at most 48), then a hash of
    /// the whole name, so two names never share a file and every name makes a valid file name.
    public static func path(folder: String, exploration: String) -> String {
        var stem = ""
        for scalar in exploration.unicodeScalars where stem.utf8.count < 48 {
            let plain = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
            if plain { stem.unicodeScalars.append(scalar) } else if !stem.hasSuffix("-") { stem += "-" }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in exploration.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return PathText.join(folder, stem + "." + String(hash, radix: 16) + ".json")
    }

    /// The records kept for `exploration` in `folder`, and a problem to say when the file is there but not a
    /// database of this exploration (its records are then ignored).
    public static func read(folder: String, exploration: String) -> (records: [String], problem: String?) {
        let path = path(folder: folder, exploration: exploration)
        guard let kind = RegularFile.entryKind(at: path) else { return ([], nil) }
        func problem(_ why: String) -> ([String], String?) {
            ([], "the failure database \(path) \(why); its records were ignored, and this run's replace it")
        }
        guard kind == .regular else { return problem("is \(kind.words), not a regular file") }
        guard let data = FileManager.default.contents(atPath: path) else { return problem("cannot be read") }
        guard data.count <= byteLimit else { return problem("is larger than \(byteLimit) bytes") }
        guard let text = String(data: data, encoding: .utf8), let value = JSONValue.parse(text) else {
            return problem("is not valid JSON")
        }
        guard case .array(let items)? = value["records"] else {
            return problem("has no \"records\" list")
        }
        let records = items.compactMap(\.stringValue)
        guard records.count == items.count else { return problem("has a record that is not a string of draws") }
        if let name = value["exploration"]?.stringValue, name != exploration {
            return problem("holds the failures of another exploration (\"\(name)\")")
        }
        return (records, nil)
    }

    /// The file's text: the scenario and the exploration (for whoever opens it), then one record a line.
    public static func text(file: String, exploration: String, records: [String]) -> String {
        var out = "{\n  \"file\": \(JSONString.quoted(file)),\n  \"exploration\": \(JSONString.quoted(exploration)),\n"
        out += "  \"records\": [\n"
        out += records.map { "    " + JSONString.quoted($0) }.joined(separator: ",\n")
        out += records.isEmpty ? "  ]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// Keeps `records` as the exploration's failures (written whole, through a temporary file), or forgets the
    /// exploration when there are none (its file removed). Nil, or the problem in words.
    public static func write(_ records: [String], file: String, exploration: String, folder: String) -> String? {
        let path = path(folder: folder, exploration: exploration)
        guard !records.isEmpty else {
            guard RegularFile.entryKind(at: path) == .regular else { return nil }
            return unlink(path) == 0 ? nil : "cannot remove the failure database \(path): \(String(cString: strerror(errno)))"
        }
        let text = text(file: ProjectRoot.relativePath(of: file), exploration: exploration, records: records)
        if let old = FileManager.default.contents(atPath: path), old == Data(text.utf8) { return nil }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            return "cannot create the failure database's folder \(folder): \(error.localizedDescription)"
        }
        if case .failure(let problem) = AtomicFile.write(Data(text.utf8), to: path) {
            return "cannot write the failure database \(problem)"
        }
        return nil
    }
}

extension JSONValue {
    /// The text of a string value.
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
