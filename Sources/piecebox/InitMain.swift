import Foundation
import LuaHost
import PieceKit

/// `piecebox init DIR`: a project to start from: a project file, a starter scenario that passes as written, editor
/// settings for lua-language-server, and a CI workflow that compares goldens (never records them).
enum InitMain {
    static let help = """
    Usage: piecebox init DIR

    Starts a PieceBox project in DIR (made if needed; nothing in it is overwritten):
      piecebox.lua                     the project file: DIR is the project root (goldens are named from here)
      scenarios/first_card.lua         a starter scenario: a card that opens on the reveal spring
      .luarc.json                      lua-language-server settings: Lua 5.4 and PieceBox's globals
      .github/workflows/piecebox.yml   CI: every scenario, with goldens compared and never recorded
    Then: cd DIR && piecebox run scenarios --golden goldens
    """

    /// The files, by path inside the project.
    static func files() -> [(path: String, text: String)] {
        var out: [(String, String)] = [
            (ProjectRoot.fileName, projectFile),
            ("scenarios/first_card.lua", starterScenario),
            (".luarc.json", luarc(stubFolders: typeStubs().isEmpty ? [] : [typeStubFolder])),
            (".github/workflows/piecebox.yml", workflow),
        ]
        out += typeStubs().map { (typeStubFolder + "/" + $0.name, $0.text) }
        return out
    }

    static func run(_ args: [String]) -> Int32 {
        if args.contains("-h") || args.contains("--help") { print(help); return 0 }
        guard args.count == 1, let folder = args.first, !folder.hasPrefix("-") else {
            FileHandle.standardError.write(Data("piecebox init: give one folder to start the project in\nTry: piecebox init --help\n".utf8))
            return 2
        }
        let planned = files().map { (path: (folder as NSString).appendingPathComponent($0.path), text: $0.text) }
        // All or nothing: an existing file of the same name stops the whole init before anything is written.
        if let taken = planned.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            FileHandle.standardError.write(Data("piecebox init: \(taken.path) already exists; nothing was written\n".utf8))
            return 1
        }
        for file in planned {
            let parent = (file.path as NSString).deletingLastPathComponent
            do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                FileHandle.standardError.write(Data("piecebox init: cannot make \(parent): \(error.localizedDescription)\n".utf8))
                return 1
            }
            if case .failure(let problem) = AtomicFile.write(Data(file.text.utf8), to: file.path) {
                FileHandle.standardError.write(Data("piecebox init: cannot write \(file.path): \(problem.reason)\n".utf8))
                return 1
            }
            writeOut("wrote \(file.path)")
        }
        writeOut("next: cd \(folder) && piecebox run scenarios --golden goldens")
        return 0
    }

    // MARK: Editor support

    /// Where generated Lua type stubs (`---@meta` files) go in a new project.
    static let typeStubFolder = "types"

    /// The Lua type stubs for every binding, generated from the binding registry. Empty until that registry exists:
    /// it plugs in here, and `.luarc.json` then lists `types` as a library folder.
    static func typeStubs() -> [(name: String, text: String)] { [] }

    /// What a scenario finds besides Lua's own libraries: the test framework's functions and the bindings' tables.
    static let globals = ["Stage", "afterAll", "afterEach", "beforeAll", "beforeEach", "describe", "expect",
                          "expectExtend", "it", "metal", "motion", "series", "test", "text", "xit", "xtest"]

    static func luarc(stubFolders: [String]) -> String {
        let list = globals.map { "      \"\($0)\"" }.joined(separator: ",\n")
        let library = stubFolders.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime.version": "Lua 5.4",
          "runtime.builtin": { "io": "disable", "os": "disable", "debug": "disable", "package": "disable" },
          "diagnostics.globals": [
        \(list)
          ],
          "workspace.library": [\(library)]
        }

        """
    }

    // MARK: Files

    static let projectFile = """
    -- The PieceBox project file. Its folder is the project root: goldens are named after a scenario's path from
    -- here, however the path is typed. A folder run never takes this file for a scenario.
    return {}

    """

    static let starterScenario = """
    -- A first scenario: a card written as a Lua piece, opened on the reveal role's spring and checked frame by
    -- frame. Run it with: piecebox run scenarios
    --
    -- To keep its frames as a golden log, run with --golden goldens (the first run records the golden, later runs
    -- compare with it test by test), or check one stage inside a test:
    --   expect(s).toMatchGolden("opening", { elements = { "card.surface" } })

    local function card(s)
      return s:piece{
        name = "card",
        state = { open = false },
        layout = function(state, env)
          local h = state.open and 600 or 64
          return { surface = { x = 16, y = env.height - env.safeArea.bottom - h, w = env.width - 32, h = h,
                               radius = state.open and 34 or 32 } }
        end,
      }
    end

    test("the card opens to 600 points and comes to rest", function()
      local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
      local c = card(s)
      local start = s:now()
      c:set({ open = true }, motion.roles.reveal)
      s:settle()
      local h = s:frames{ from = start }:map(function(f) return f.card.surface.h end)
      expect(h:first()).toBe(64)               -- the frame after the change still shows where it started
      expect(h:last()).toBe(600)
      expect(h:max()).toBeGreaterThan(600)     -- a spring with bounce goes a little past before it rests
      expect(h).toSettleWithin(0.6)
    end)

    test("a change with no animation snaps on the next frame", function()
      local s = Stage{}
      local c = card(s)
      c:set({ open = true })
      s:frames(1)
      expect(s:frame().card.surface.h).toBe(600)
    end)

    """

    static let workflow = """
    # Runs every scenario on each push and pull request. CI is set here, so goldens are only compared: a missing or
    # changed golden fails the run (record goldens locally, review them, and commit them).
    name: piecebox
    on: [push, pull_request]
    jobs:
      scenarios:
        runs-on: ubuntu-latest
        container: swift:6.0
        steps:
          - uses: actions/checkout@v4
          - name: Build PieceBox
            env:
              # Where your team keeps PieceBox's source (a repository variable).
              PIECEBOX_SOURCE: ${{ vars.PIECEBOX_SOURCE }}
            run: |
              apt-get update -qq && apt-get install -y -qq liblua5.4-dev pkg-config git
              git clone --depth 1 "$PIECEBOX_SOURCE" /tmp/piecebox
              swift build -c release --package-path /tmp/piecebox --product piecebox
              echo /tmp/piecebox/.build/release >> "$GITHUB_PATH"
          - name: Scenarios and goldens
            run: piecebox run scenarios --golden goldens

    """
}
