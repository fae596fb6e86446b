import Foundation
import PieceKit

/// Where this piecebox was built from: the repository and the revision `scripts/install` records beside the binary
/// (`PREFIX/share/piecebox/source`, lines `repository URL` and `revision SHA`). `piecebox init` pins its workflow to
/// them, so a project's CI builds the PieceBox its author installed, with no variable to set by hand.
struct BuildSource: Equatable {
    var repository: String?
    var revision: String?

    /// The record's place, from the folder holding the binary.
    static let recordPath = "../share/piecebox/source"

    /// The record of the running binary, or an empty one (a binary not put in place by `scripts/install`).
    static func current() -> BuildSource {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        return read(PathText.join(PathText.parent(me), recordPath))
    }

    static func read(_ path: String) -> BuildSource {
        guard case .success(let data) = RegularFile.read(path, upTo: 4096) else { return BuildSource() }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Reads the record's lines; a value that could not be a repository or a revision is left out, so nothing odd
    /// reaches the workflow's YAML or its shell.
    static func parse(_ text: String) -> BuildSource {
        var source = BuildSource()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "repository" where isRepository(parts[1]): source.repository = parts[1]
            case "revision" where isRevision(parts[1]): source.revision = parts[1]
            default: continue
            }
        }
        return source
    }

    /// A full commit name: 40 (SHA-1) or 64 (SHA-256) hexadecimal digits.
    static func isRevision(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.unicodeScalars.allSatisfy { "0123456789abcdef".unicodeScalars.contains($0) }
    }

    /// A URL or path git can fetch from: printable ASCII without blanks, quotes, `$` or a backslash, so the
    /// workflow can hold it in a double-quoted YAML string and a shell only ever sees it inside "$VARIABLE".
    static func isRepository(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 512 && !text.hasPrefix("-") && text.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0.value < 0x7F && !"\"'`$\\".unicodeScalars.contains($0)
        }
    }
}
