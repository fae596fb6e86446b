import Foundation
import Testing
@testable import LuaHost

/// Docs that run, as Rust's doctests and Python's doctest do: every Lua block in the docs that is a whole scenario
/// runs and must pass (or fail with the message its `-- fails with:` line names), every relative link leads to a
/// file (and heading) that exists, every piece a script can make has its page, and the scenarios pass luacheck.
/// docs/README.md states the rules.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyWholeScenarioInTheDocsRunsAsItsTextSays() throws {
        let blocks = try DocPages.all(root: Self.root).flatMap(\.scenarios)
        #expect(blocks.count >= 10, "the docs hold \(blocks.count) whole scenarios; the rule finds too few")
        let folder = try ScenarioFolder()
        for block in blocks {
            let name = block.place.replacingOccurrences(of: "/", with: "__").replacingOccurrences(of: ":", with: "_") + ".lua"
            let limits = SandboxLimits(instructions: 400_000_000, memoryBytes: 256 << 20, seconds: 60)
            let report = try folder.run(name, block.text, limits: limits)
            let failures = report.tests.filter { $0.status == .failed || $0.status == .notRun }
            if let expected = block.failsWith {
                #expect(failures.contains { $0.message.contains(expected) },
                        "\(block.place) should fail with \"\(expected)\" but: \(report.summary)")
            } else {
                #expect(failures.isEmpty && !report.tests.isEmpty, "\(block.place) should pass but: \(report.summary)")
            }
        }
    }

    @Test func everyRelativeLinkInTheDocsLeadsToAFileAndHeadingThatExist() throws {
        let pages = try DocPages.all(root: Self.root)
        var checked = 0
        for page in pages {
            for link in page.links {
                checked += 1
                let (path, anchor) = link.target
                let target = path.isEmpty ? page.url : page.url.deletingLastPathComponent().appendingPathComponent(path)
                #expect(path.isEmpty || FileManager.default.fileExists(atPath: target.path),
                        "\(page.name):\(link.line): the link to \(path) leads nowhere")
                guard let anchor, target.pathExtension == "md", FileManager.default.fileExists(atPath: target.path) else { continue }
                let text = path.isEmpty ? page.text : String(decoding: try Data(contentsOf: target), as: UTF8.self)
                #expect(DocPages.anchors(of: text).contains(anchor),
                        "\(page.name):\(link.line): \(path.isEmpty ? page.name : path) has no heading #\(anchor)")
            }
        }
        #expect(checked > 50, "only \(checked) links were found")
    }

    @Test func everyPieceAScriptCanMakeHasItsPage() {
        for entry in BindingRegistry.entries where entry.made == .stageMethod {
            let page = Self.root.appendingPathComponent("docs/pieces/\(entry.name).md")
            #expect(FileManager.default.fileExists(atPath: page.path),
                    "s:\(entry.name){...} has no page: write docs/pieces/\(entry.name).md and link it from docs/README.md")
        }
    }

    /// Debian's luacheck (lua-check), where `scripts/test` installs it; the lint is skipped without it.
    static let luacheck: String? = ["/usr/bin/luacheck", "/usr/local/bin/luacheck"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: luacheck != nil, "luacheck is not installed (Debian: lua-check)"))
    func everyWholeScenarioInTheDocsIsCleanUnderLuacheck() throws {
        let blocks = try DocPages.all(root: Self.root).flatMap(\.scenarios)
        let folder = try ScenarioFolder()
        for block in blocks {
            try folder.write(block.place.replacingOccurrences(of: "/", with: "__").replacingOccurrences(of: ":", with: "_") + ".lua",
                             block.text)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.luacheck))
        process.arguments = ["--no-color", "--config", Self.root.appendingPathComponent("examples/.luacheckrc").path, folder.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }

    @Test func linksAreReadInEveryFormMarkdownWritesThem() {
        // By hand: an inline link, one with a title, an image, a reference definition, one in angle brackets with a
        // space written %20; a web address and a link inside code are not checked.
        let page = DocPage(name: "t.md", url: URL(fileURLWithPath: "/t.md"), text: """
            See [a](a.md#top), [b](b.md "the b page") and ![c](c.svg).
            [d]: d.md
            [e](<my%20e.md>), [web](https://example.com), `[code](x.md)`
            """)
        #expect(page.links.map(\.raw) == ["a.md#top", "b.md", "c.svg", "d.md", "my e.md"])
        #expect(page.links.map(\.line) == [1, 1, 1, 2, 3])
    }

    @Test func theRuleFindsWholeScenariosAndKeepsFragmentsOut() {
        // Three blocks by hand: a scenario, a fragment marked as one, and a scenario that says how it fails.
        let page = DocPage(name: "t.md", url: URL(fileURLWithPath: "/t.md"), text: """
            ```lua
            test("a", function() expect(1).toBe(1) end)
            ```

            ```lua fragment
            test("b", function() ... end)
            ```

            ```lua
            local s = Stage{}
            -- fails with: expected 2
            test("c", function() expect(1).toBe(2) end)
            ```
            """)
        #expect(page.scenarios.map(\.place) == ["t.md:1", "t.md:9"])
        #expect(page.scenarios.map(\.failsWith) == [nil, "expected 2"])
    }
}

/// A Markdown page of the docs, and what the tests read in it.
struct DocPage {
    let name: String
    let url: URL
    let text: String

    /// A Lua block that is a whole scenario: where it starts (`page.md:12`, the fence's line), its text, and the
    /// message it must fail with, if it says so.
    struct Scenario {
        let place: String
        let text: String
        let failsWith: String?
    }

    struct Link {
        let line: Int
        let raw: String
        /// The path (empty for a heading on this page) and the heading, if any.
        var target: (String, String?) {
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : nil)
        }
    }

    /// Every ```lua block that declares a test, a group or an exploration at its left edge, unless its fence says
    /// `fragment`.
    var scenarios: [Scenario] {
        var out: [Scenario] = []
        var lua: (line: Int, body: [String])?
        var inOtherFence = false
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if inOtherFence {
                if line.hasPrefix("```") { inOtherFence = false }
            } else if let block = lua {
                if line.hasPrefix("```") {
                    if Self.isWholeScenario(block.body) {
                        out.append(Scenario(place: "\(name):\(block.line)", text: block.body.joined(separator: "\n") + "\n",
                                            failsWith: Self.failsWith(block.body)))
                    }
                    lua = nil
                } else {
                    lua = (block.line, block.body + [line])
                }
            } else if line.hasPrefix("```lua"), !line.contains("fragment") {
                lua = (i + 1, [])
            } else if line.hasPrefix("```") {
                inOtherFence = true
            }
        }
        return out
    }

    static func isWholeScenario(_ lines: [String]) -> Bool {
        lines.contains { line in
            ["test", "it", "xtest", "xit", "describe", "explore"].contains { word in
                line.hasPrefix(word + "(") || line.hasPrefix(word + ".only(") || line.hasPrefix(word + ".skip(")
            }
        }
    }

    static func failsWith(_ lines: [String]) -> String? {
        for line in lines {
            guard let mark = line.range(of: "-- fails with: ") else { continue }
            return String(line[mark.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// Every Markdown link outside code that is not a web address.
    var links: [Link] {
        var out: [Link] = []
        var inFence = false
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            let unquoted = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var targets: [String] = []
            var rest = Substring(unquoted)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
            // A reference definition: `[name]: path`.
            if unquoted.hasPrefix("["), let mark = unquoted.range(of: "]: ") {
                targets.append(String(unquoted[mark.upperBound...]))
            }
            for target in targets {
                // `path "title"` and `<path>` are links to path; `%20` is a space.
                var raw = target.trimmingCharacters(in: .whitespaces)
                if let title = raw.range(of: " \"") { raw = String(raw[..<title.lowerBound]) }
                if raw.hasPrefix("<"), raw.hasSuffix(">") { raw = String(raw.dropFirst().dropLast()) }
                if raw.isEmpty || raw.contains("://") || raw.hasPrefix("mailto:") { continue }
                out.append(Link(line: i + 1, raw: raw.removingPercentEncoding ?? raw))
            }
        }
        return out
    }
}

enum DocPages {
    /// README.md and every page under docs/.
    static func all(root: URL) throws -> [DocPage] {
        var urls: [URL] = [root.appendingPathComponent("README.md")]
        let docs = root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "md" { urls.append(url) }
        }
        return try urls.sorted { $0.path < $1.path }.map { url in
            let name = String(url.path.dropFirst(root.path.count + 1))
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            return DocPage(name: name, url: url, text: text)
        }
    }

    /// The anchors GitHub gives a page's headings: lower case, punctuation but `-` and `_` dropped, spaces as `-`,
    /// a repeated one numbered from 1.
    static func anchors(of text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var out: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(title.lowercased().compactMap { ch -> Character? in
                if ch == " " { return "-" }
                if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" { return ch }
                return nil
            })
            let n = seen[slug, default: 0]
            seen[slug] = n + 1
            out.insert(n == 0 ? slug : "\(slug)-\(n)")
        }
        return out
    }
}
