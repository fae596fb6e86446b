import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Every text piecebox prints or draws goes through one escaping for its medium, so a scenario's words (test names,
/// element names, texts, what it printed) can never become a line, a command or markup of their own: report lines on
/// a terminal, workflow commands under GitHub Actions, golden summaries and `piecebox diff`, XML and HTML pictures.
@Suite struct PrintedTextTests {
    /// Words a hostile scenario uses as test names and printed lines: GitHub Actions' two command forms, one after
    /// indentation (the runner trims leading blanks, Unicode ones too) and one in mid-line (the older form is found
    /// anywhere), and the command that turns every later command off.
    static let commandLike = [
        "::stop-commands::pwned",
        "   ::notice title=forged::hello",
        "\u{2003}::warning::em space first",
        "all fine ##[error]forged error",
        "###[group]three hashes",
    ]

    /// Whether GitHub's runner would read `line` as a workflow command (its two parsers: `::` after leading white
    /// space is trimmed; `##[` anywhere followed later by `]`).
    static func isCommand(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
        if trimmed.hasPrefix("::") { return true }
        if let start = line.range(of: "##[") { return line[start.upperBound...].contains("]") }
        return false
    }

    static func hostileScenario(in folder: TestFolder) throws {
        let names = commandLike.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\") + "\"" }
        var lua = ""
        for (n, name) in names.enumerated() {
            lua += "test(\(name), function() print(\(name)) \(n % 2 == 0 ? "expect(1).toBe(2)" : "") end)\n"
        }
        try folder.write("hostile.lua", lua)
    }

    @Test(arguments: ["human", "tap", "json", "junit"])
    func underGitHubActionsNoPrintedLineIsAWorkflowCommandButTheAnnotations(_ reporter: String) throws {
        let folder = try TestFolder()
        try Self.hostileScenario(in: folder)
        let run = try piecebox(["run", "hostile.lua", "--reporter", reporter, "--reporter", "github", "--verbose"],
                               in: folder.path, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let commands = lines.filter(Self.isCommand)
        // Exactly the annotations the GitHub reporter made: one per failing test (tests 1, 3 and 5), each an
        // ::error whose title names its test (properties escaped, so nothing of the name ends the command).
        #expect(commands.count == 3, "\(commands)")
        let titles = commands.compactMap { GitHubCommand.parse(String($0)) }.filter { $0.name == "error" }
            .map { $0.properties["title"] ?? "" }
        #expect(titles == [0, 2, 4].map { "hostile.lua > " + Self.commandLike[$0] })
        // The words are still there to read, with one character written by its code.
        #expect(run.stdout.contains("stop-commands") && run.stdout.contains("forged error"))
        #expect(run.stderr.split(separator: "\n").filter(Self.isCommand).isEmpty, "\(run.stderr)")
    }

    @Test func withoutGitHubActionsTheReportIsUnchanged() throws {
        let folder = try TestFolder()
        try folder.write("plain.lua", #"test("::notice::x", function() end)"#)
        let run = try piecebox(["run", "plain.lua"], in: folder.path, environment: ["GITHUB_ACTIONS": ""])
        #expect(run.stdout.contains("  ::notice::x\n") || run.stdout.contains("PASS plain.lua"), "\(run.stdout)")
    }

    /// A golden summary quotes test and element names; a name with a line break used to print a forged PASS line, and
    /// `piecebox diff` printed an element name's escape sequence raw (one that clears a terminal).
    @Test func goldenSummariesAndDiffEscapeEveryNameTheyQuote() throws {
        let folder = try TestFolder()
        func scenario(_ h: Int) -> String {
            """
            test("moves\\nPASS ./z.lua", function()
              local s = Stage{ width = 200, height = 200, fps = 10 }
              s:piece{ name = "card", layout = function(env)
                return { ["box\\27[2J\\nPASS ./y.lua"] = { x = 0, y = 0, w = 10, h = \(h) } }
              end }
              s:advance(0.1)
            end)
            """
        }
        try folder.write("a.lua", scenario(10))
        let record = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "missing"], in: folder.path)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        _ = try piecebox(["run", "a.lua", "--log", "before.jsonl"], in: folder.path)
        try folder.write("a.lua", scenario(20))
        _ = try piecebox(["run", "a.lua", "--log", "after.jsonl"], in: folder.path)
        let check = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(!lines.contains("PASS ./z.lua") && !lines.contains("PASS ./y.lua"), "\(check.stdout)")
        #expect(!check.stdout.utf8.contains(0x1B), "\(check.stdout)")
        #expect(check.stdout.contains(#"box\u{1B}[2J\nPASS ./y.lua"#), "the name is shown, escaped: \(check.stdout)")
        for mode in [[String](), ["--lines"]] {
            let diff = try piecebox(["diff"] + mode + ["after.jsonl", "before.jsonl"], in: folder.path)
            #expect(diff.status == 1, "\(diff.stderr)")
            #expect(!diff.stdout.utf8.contains(0x1B), "diff \(mode): \(diff.stdout)")
            let diffLines = diff.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!diffLines.contains("PASS ./y.lua") && !diffLines.contains("PASS ./z.lua"), "\(diff.stdout)")
        }
    }

    /// The picture (`out`: .svg or .html) of a scenario whose test `test` shows one element with the text `text`
    /// (both written as Lua string contents).
    static func film(test: String, text: String, out: String) throws -> String {
        let folder = try TestFolder()
        try folder.write("a.lua", """
        test("\(test)", function()
          local s = Stage{ width = 200, height = 200, fps = 10 }
          s:piece{ name = "card", layout = function(env)
            return { box = { x = 0, y = 0, w = 10, h = 10, text = "\(text)" } }
          end }
          s:advance(0.2)
        end)
        """)
        let run = try piecebox(["film", "a.lua", "--out", out], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(folder.read(out))
    }

    /// XML 1.0 forbids U+FFFF, U+FFFE and most controls even as character references: a test name or a text holding
    /// one used to make the filmstrip a document no parser reads.
    @Test func aFilmstripOfNamesXMLForbidsStillParses() throws {
        let svg = try Self.film(test: #"odd \u{FFFF} name \u{FFFE} \u{1} \u{85}"#, text: #"\u{FFFF}\u{8}"#, out: "a.svg")
        #expect(FilmTests.parse(svg).ok, "the SVG is not well-formed XML")
        #expect(svg.contains(#"\u{FFFF}"#), "the character is shown by its code, not dropped")
    }

    /// An element's text `<!--<script>` in the timeline's embedded data used to swallow the rest of the page: no `<`
    /// may stand in a script element's text.
    @Test func theTimelinesEmbeddedDataHoldsNoMarkup() throws {
        let page = try Self.film(test: "markup", text: "<!--<script></script><b>", out: "a.html")
        let open = #"<script id="data" type="application/json">"#
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = String(page[start.upperBound..<end.lowerBound])
        #expect(!data.contains("<"), "\(data.prefix(300))")
        // The same text, read back as the page's script reads it.
        let json = try JSONSerialization.jsonObject(with: Data(data.utf8))
        #expect(String(describing: json).contains("<!--<script></script><b>"))
    }
}
