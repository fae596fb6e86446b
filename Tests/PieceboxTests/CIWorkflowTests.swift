import Foundation
import Testing

/// The repository's own GitHub Actions workflow runs every test on Linux and macOS and, when one fails, keeps what
/// shows the failure: the logs that differ from their goldens and a timeline page for each.
@Suite struct CIWorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func workflow() throws -> String {
        try String(contentsOf: root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
    }

    @Test func theWorkflowRunsEveryTestOnLinuxAndMacOS() throws {
        let text = try Self.workflow()
        #expect(text.contains("run: scripts/test"))
        #expect(text.contains("os: ubuntu-latest"))
        #expect(text.contains("os: macos-"))
        // .ci/run, which the team's CI runs, is the same command.
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("scripts/test"))
    }

    @Test func aFailureKeepsTheDifferingLogsAndATimelineOfEach() throws {
        let text = try Self.workflow()
        #expect(text.contains("goldens/*.actual.jsonl"))
        #expect(text.contains(#"piecebox" film "$golden" "$actual" --out "failures/$name.html""#))
        // The command the failing step runs (after its mkdir -p failures), on a golden and a log beside it.
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/failures", withIntermediateDirectories: true)
        let golden = try String(contentsOf: Self.root.appendingPathComponent("goldens/examples__motion__card.jsonl"),
                                encoding: .utf8)
        _ = try folder.write("goldens/card.jsonl", golden)
        _ = try folder.write("goldens/card.actual.jsonl", golden)
        let film = try piecebox(["film", "goldens/card.jsonl", "goldens/card.actual.jsonl", "--out", "failures/card.html"],
                                in: folder.path)
        #expect(film.status == 0, "\(film.stderr)")
        #expect(folder.read("failures/card.html")?.contains("<html") == true)
    }
}
