import Foundation
import Testing
import LuaHost
@testable import piecebox

/// Adding a piece is its registry line and its files (docs/guides/adding-a-piece.md): a registered piece with no page,
/// no scenario or no exploration fails here, and the lists of pieces in README.md and docs/README.md are the ones the
/// registry makes, so no list is edited by hand.
@Suite struct PieceRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Lua files below `folder` (a path from the root), with their text.
    static func luaFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        return try FileManager.default.subpathsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".lua") }.sorted().map {
            (folder + "/" + $0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Whether `text` makes a `name` on a stage: `s:name{`, `stage:name(`, with or without spaces.
    static func makes(_ name: String, in text: String) -> Bool {
        text.range(of: ":\\s*\(name)\\s*[{(]", options: .regularExpression) != nil
    }

    @Test func theRegistryHasItsStagePieces() {
        // The test below must have pieces to check: the registry's stage-made types include NowPlaying and the Lua piece.
        #expect(PieceList.names.contains("nowPlaying") && PieceList.names.contains("piece"), "\(PieceList.names)")
    }

    /// Every type a script makes with `s:<name>{...}` has its page, a scenario under examples/ that makes it, and an
    /// exploration under examples/explore/ that makes it.
    @Test(arguments: PieceList.names)
    func aRegisteredPieceHasItsPageItsScenarioAndItsExploration(name: String) throws {
        let page = Self.root.appendingPathComponent("docs/pieces/\(name).md")
        #expect(FileManager.default.fileExists(atPath: page.path), "s:\(name){...} has no page: write docs/pieces/\(name).md")
        let scenarios = try Self.luaFiles(under: "examples").filter {
            !$0.path.hasPrefix("examples/types/") && !$0.path.hasPrefix("examples/explore/")
        }
        #expect(scenarios.contains { Self.makes(name, in: $0.text) },
                "no scenario under examples/ makes s:\(name){...}: add examples/\(name)/ (docs/guides/adding-a-piece.md)")
        let explorations = try Self.luaFiles(under: "examples/explore")
        #expect(explorations.contains { Self.makes(name, in: $0.text) },
                "no exploration makes s:\(name){...}: add examples/explore/\(name).lua (docs/guides/adding-a-piece.md)")
    }

    /// Reduce Motion is a question every piece answers, if only with "nothing moves": docs/guides/reduce-motion.md
    /// names each registered piece by its constructor, so a new piece cannot be added without a word on it.
    @Test(arguments: PieceList.names)
    func aRegisteredPieceHasItsWordOnReduceMotion(name: String) throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/guides/reduce-motion.md"), encoding: .utf8)
        #expect(guide.contains("`s:\(name)`"),
                "docs/guides/reduce-motion.md does not name `s:\(name)`: give it a row (what moves, what Reduce Motion changes)")
    }

    /// README.md's and docs/README.md's lists of pieces are what `piecebox help --pieces-table PREFIX` prints.
    @Test func theListsOfPiecesAreTheOnesTheRegistryMakes() throws {
        let start = "<!-- generated: piecebox help --pieces-table"
        var found = 0
        for page in ["README.md", "docs/README.md"] {
            let lines = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.hasPrefix(start) && line.hasSuffix(" -->") {
                found += 1
                let prefix = line.dropFirst(start.count).dropLast(4).trimmingCharacters(in: .whitespaces)
                let text = lines[(i + 1)...].prefix { $0 != "<!-- end generated -->" }.joined(separator: "\n")
                let made = PieceList.markdown(docs: Self.root.appendingPathComponent("docs"), prefix: prefix)
                #expect(text == made, "\(page)'s list of pieces should be (piecebox help --pieces-table \(prefix)):\n\(made)")
            }
        }
        #expect(found == 2, "README.md and docs/README.md should each hold one generated list of pieces; found \(found)")
    }

    /// A page's title loses the parenthesis naming its constructor, and its summary loses its links.
    @Test func aPagesTitleAndSummaryReadAsAListsRow() {
        let (title, summary) = PieceList.heading(of: "# MiniPlayer (`s:miniPlayer`, the seed's ExpandingMiniPlayer)\n\nA [mock](page.md) player.\n")
        #expect(title == "MiniPlayer")
        #expect(summary == "A mock player.")
    }
}
