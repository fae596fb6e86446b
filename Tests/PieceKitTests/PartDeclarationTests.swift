import Foundation
import Testing

/// Reads the pieces' sources for the rules that make parts and actions values: each piece declares a part's name
/// once (in its `parts`), writes no hand resolver (`partNames`, `partRect`, `unreachable`, `act`, `perform`), writes
/// `defaultPart` only saying why, and the refusals of an unknown element or an unsupported action are made by the
/// stage alone. Each rule is also run on a planted source, so a check that finds nothing is known to look.
@Suite struct PartDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift files under `folder` (relative to the repository), as (path, text).
    static func sources(_ folder: String) throws -> [(String, String)] {
        let base = root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.allObjects ?? []
        return try found.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .map { ($0.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// Each piece's files: a folder of `Sources/PieceKit/Pieces`, and the Lua piece's binding files.
    static func pieces() throws -> [String: [(String, String)]] {
        var out: [String: [(String, String)]] = [:]
        for (path, text) in try sources("Sources/PieceKit/Pieces") {
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            out[folder, default: []].append((path, text))
        }
        out["LuaPiece"] = try sources("Sources/LuaHost/Bindings").filter { $0.0.contains("/LuaPiece") }
        return out
    }

    @Test func noPieceDeclaresAPartsNameMoreThanOnce() throws {
        let pieces = try Self.pieces()
        #expect(pieces.count >= 12, "the pieces' folders were not found under \(Self.root.path)")
        for (piece, files) in pieces.sorted(by: { $0.key < $1.key }) {
            #expect(PartRules.problems(piece: piece, files) == [])
        }
    }

    @Test func aPartNamedTwiceIsFound() {
        let planted = """
            extension Dot: InteractivePiece {
                public var parts: [Part] {
                    [Part("dot"), .at("ring") { _ in nil }, Part("dot", drawnAs: "ring")]
                }
            }
            """
        #expect(PartRules.problems(piece: "Dot", [("Dot.swift", planted)])
                == ["Dot declares the part \"dot\" 2 times in its parts"])
    }

    @Test func aHandResolverOrAnUnexplainedDefaultIsFound() {
        let planted = """
            extension Dot: InteractivePiece {
                public var parts: [Part] { [Part("dot")] }
                public var defaultPart: String { "dot" }
                public var partNames: [String] { ["dot"] }
                public func act(_ action: String, on element: String?, context: any PieceContext) -> Bool { true }
            }
            """
        #expect(PartRules.problems(piece: "Dot", [("Dot.swift", planted)]) == [
            "Dot.swift:3 writes defaultPart without a doc comment saying why (\"because\")",
            "Dot.swift:4 writes partNames by hand; declare the piece's parts as values",
            "Dot.swift:5 writes act by hand; declare the piece's parts as values",
        ])
    }

    @Test func theRefusalsOfAnUnknownElementOrAnUnsupportedActionAreTheStagesAlone() throws {
        for (path, text) in try Self.sources("Sources") where !path.hasPrefix("Sources/PieceKit/Stage/") {
            #expect(PartRules.refusals(path, text) == [])
        }
        let planted = "        throw .unsupportedAction(piece: name, element: \"\", action: action, supported: [])\n"
        #expect(PartRules.refusals("Sources/PieceKit/Pieces/Dot/Dot.swift", planted)
                == ["Sources/PieceKit/Pieces/Dot/Dot.swift:1 makes the stage's refusal unsupportedAction"])
    }
}

/// The rules, over source text.
enum PartRules {
    /// Declarations of a part's name: `Part("x"`, `part("x"` (a piece's own helper), `.at("x"`, `.numbered("x"`.
    static var declaration: NSRegularExpression { try! NSRegularExpression(
        pattern: #"(?:\bPart|\bpart|\.at|\.numbered|\.elementOrNumbered)\(\s*"([^"\\]*)""#) }
    /// What only the stage resolves, written by hand in a piece: each name with how its declaration starts.
    static let handWritten = [("partNames", "var partNames:"), ("partRect", "func partRect("),
                              ("unreachable", "func unreachable("), ("act", "func act(_ action: String"),
                              ("perform", "func perform(_ action: String")]

    static func problems(piece: String, _ files: [(String, String)]) -> [String] {
        var problems: [String] = []
        var counts: [String: Int] = [:]
        for (path, text) in files {
            let lines = text.components(separatedBy: "\n")
            for (i, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                for (name, start) in handWritten where code.contains(start) {
                    problems.append("\(path):\(i + 1) writes \(name) by hand; declare the piece's parts as values")
                }
                if code.contains("var defaultPart:") {
                    let comment = lines[..<i].reversed().prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
                    if !comment.contains(where: { $0.contains("because") }) {
                        problems.append("\(path):\(i + 1) writes defaultPart without a doc comment saying why (\"because\")")
                    }
                }
            }
            let declaration = declaration
            for block in partsBlocks(text) {
                let range = NSRange(block.startIndex..., in: block)
                for match in declaration.matches(in: block, range: range) {
                    if let r = Range(match.range(at: 1), in: block) { counts[String(block[r]), default: 0] += 1 }
                }
            }
        }
        for (name, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 {
            problems.append("\(piece) declares the part \"\(name)\" \(count) times in its parts")
        }
        return problems.sorted()
    }

    /// The bodies of `var parts: [Part] { ... }`, braces matched.
    static func partsBlocks(_ text: String) -> [String] {
        var out: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "var parts: [Part] {") {
            var depth = 1
            var end = start.upperBound
            while end < rest.endIndex, depth > 0 {
                if rest[end] == "{" { depth += 1 } else if rest[end] == "}" { depth -= 1 }
                end = rest.index(after: end)
            }
            out.append(String(rest[start.upperBound..<end]))
            rest = rest[end...]
        }
        return out
    }

    /// Lines of `text` that make the stage's refusals of an element or an action.
    static func refusals(_ path: String, _ text: String) -> [String] {
        var out: [String] = []
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//") else { continue }
            for refusal in ["unsupportedAction", "unknownElement"] where code.contains(".\(refusal)(") {
                out.append("\(path):\(i + 1) makes the stage's refusal \(refusal)")
            }
        }
        return out
    }
}
