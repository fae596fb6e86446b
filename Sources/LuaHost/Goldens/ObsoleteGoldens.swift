import Foundation
import PieceKit

/// Goldens no scenario writes any more, as Jest's obsolete snapshots: a golden whose name reads back (by the naming
/// rule, `LogName`) to a scenario that no longer exists in any of the run's project roots, and the folder of script
/// goldens (`toMatchGolden`) named after such a scenario. A run with `--golden` reports them; `--record all`
/// removes them. Going by whether the scenario exists, not by what this run ran, a filtered or sharded run never
/// takes another shard's goldens for obsolete.
///
/// Only plain files directly in the folder, or in a script goldens' folder there, count; links, other files and
/// names no scenario path gives (a README, `notes.jsonl%`) are left alone.
public struct ObsoleteGoldens: Sendable {
    /// One obsolete golden: its path, and the scenario its name gives (from the first root).
    public struct Golden: Sendable, Equatable {
        public let path: String
        public let scenario: String
    }

    public let found: [Golden]
    /// The goldens' folder: never removed itself, even when nothing is left in it.
    public let folder: String

    /// The obsolete goldens in `folder`, the scenarios read back from each of `roots` (absolute folders), in path
    /// order. Nothing when there is no root (a run of no file knows no project).
    public init(folder: String, roots: [String]) {
        self.folder = folder
        guard !roots.isEmpty, RegularFile.entryKind(at: folder) == .folder else { found = []; return }
        func missing(_ scenario: String) -> Bool {
            !roots.contains { root in
                RegularFile.entryKind(at: scenario.hasPrefix("/") ? scenario : PathText.join(root, scenario)) != nil
            }
        }
        var out: [Golden] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names {
            let path = PathText.join(folder, name)
            switch RegularFile.entryKind(at: path) {
            case .regular?:
                guard let scenario = LogName.scenario(forFileName: name), missing(scenario) else { continue }
                out.append(Golden(path: path, scenario: scenario))
            case .folder?:
                // A script's goldens: `<folder>/<scenario's golden name without .jsonl>/<name>.jsonl`.
                guard let scenario = LogName.scenario(forFileName: name + ".jsonl"), missing(scenario) else { continue }
                let inner = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
                for file in inner where file.hasSuffix(".jsonl") && !file.hasSuffix(".actual.jsonl")
                    && RegularFile.entryKind(at: PathText.join(path, file)) == .regular {
                    out.append(Golden(path: PathText.join(path, file), scenario: scenario))
                }
            default: continue
            }
        }
        // By path: a scenario's golden, then its script goldens' folder.
        found = out.sorted { $0.path < $1.path }
    }

    /// Removes every obsolete golden and the actual log beside it (plain files only), then a script goldens' folder
    /// left empty. Returns what could not be removed, a line each.
    public func remove() -> [String] {
        var problems: [String] = []
        var folders = Set<String>()
        for golden in found {
            do { try FileManager.default.removeItem(atPath: golden.path) } catch {
                problems.append("cannot remove \(golden.path): \(error.localizedDescription)")
                continue
            }
            let actual = GoldenStore.actualPath(for: golden.path)
            if RegularFile.entryKind(at: actual) == .regular { try? FileManager.default.removeItem(atPath: actual) }
            folders.insert(PathText.parent(golden.path))
        }
        for inner in folders.sorted() where inner != folder
            && ((try? FileManager.default.contentsOfDirectory(atPath: inner)) ?? ["?"]).isEmpty {
            try? FileManager.default.removeItem(atPath: inner)
        }
        return problems
    }
}
