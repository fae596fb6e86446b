import Foundation
import Testing
@testable import LuaHost

/// The `ui` library and a Lua piece's `body`: what a script may build, where a wrong argument is raised and how it
/// reads, and the limits a tree meets. Nothing here reads a laid-out position (those are the engine's, checked in
/// `examples/swiftui/`), so these hold whatever engine is linked.
@Suite struct UIBindingTests {
    /// Runs `body` as one test's body and gives its printed lines; the test must pass.
    private func printed(_ body: String, limits: SandboxLimits = .tight,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let report = try runScenario("test(\"t\", function()\n\(body)\nend)\n", limits: limits)
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
        // The scenario's folder is a fresh temporary one: messages are compared from the file's name on.
        return result.output.map { $0.replacingOccurrences(of: #"/\S*/scenario\.lua"#, with: "scenario.lua",
                                                          options: .regularExpression) }
    }

    @Test func aWrongModifierIsRaisedAtTheScriptLineNamingTheViewAndTheModifier() throws {
        let lines = try printed("""
            print(select(2, pcall(function() return ui.Text("a"):frame{ width = 10, minWidth = 20 } end)))
            print(select(2, pcall(function() return ui.RoundedRectangle{ cornerRadius = 8 }:padding{ sides = 3 } end)))
            print(select(2, pcall(function() return ui.Circle():font("huge") end)))
            print(select(2, pcall(function() return ui.Image("star"):offset{ x = math.huge } end)))
            print(select(2, pcall(function() return ui.HStack{ alignment = "leading" } end)))
            """)
        #expect(lines == [
            "scenario.lua:2: Text:frame: give a fixed frame (width, height) or a flexible one (min, ideal, max), not both: got 'width' and 'minWidth'",
            "scenario.lua:3: RoundedRectangle:padding: unknown option 'sides' (known: all, horizontal, vertical, top, leading, bottom, trailing)",
            "scenario.lua:4: Circle:font: argument 1 must be a text style: one of \"largeTitle\", \"title\", \"title2\", \"title3\", \"headline\", \"body\", \"callout\", \"subheadline\", \"footnote\", \"caption\", \"caption2\", got \"huge\"",
            "scenario.lua:5: Image:offset: option 'x' must be a finite number of points, got inf",
            "scenario.lua:6: ui.HStack: option 'alignment' must be one of \"top\", \"center\", \"bottom\", \"firstTextBaseline\", \"lastTextBaseline\", got \"leading\"",
        ])
    }

    /// Every modifier in each form docs/guides/swiftui-layout.md gives it: each returns a new view and leaves the one it was
    /// called on as it was.
    @Test func everyModifierTakesTheFormsTheReadmeGives() throws {
        let lines = try printed("""
            local base = ui.Text("a")
            local v = base:frame{ width = 10 }:frame{ height = 4, alignment = "topLeading" }
              :frame{ minWidth = 1, idealWidth = 2, maxWidth = math.huge, minHeight = 0, maxHeight = 9 }
              :padding():padding(3):padding("horizontal"):padding({ "top", "bottom" }, 2)
              :padding{ all = 1, horizontal = 2, top = 3 }:safeAreaPadding{ bottom = 8 }
              :offset{ x = 1 }:offset{ y = -2 }:opacity(0.5):scaleEffect(2):scaleEffect{ x = 1, anchor = "bottom" }
              :scaleEffect{ y = 2, anchor = { x = 0.2, y = 1 } }:rotationEffect(45):rotationEffect(-3, "topLeading")
              :background(ui.Color("red")):background("blue", "leading"):overlay(ui.Circle(), "bottomTrailing")
              :layoutPriority(1):fixedSize():fixedSize{ vertical = true }:aspectRatio(1.5, "fill"):aspectRatio()
              :scaledToFit():scaledToFill():font("body"):font(13, "bold"):lineLimit(2):lineLimit()
              :clipShape(ui.Capsule()):contentShape(ui.RoundedRectangle{ cornerRadius = 4 }):zIndex(2)
              :ignoresSafeArea():ignoresSafeArea("top"):ignoresSafeArea({ "leading", "bottom" })
              :accessibilityLabel("A"):accessibilityHidden():accessibilityHidden(false)
              :foregroundStyle("secondary"):fill("tint"):id("a")
            print(v.kind, base.kind, ui.layout(base).a == nil, ui.layout(v).a ~= nil)
            print(select(2, pcall(ui.layout, v, { widht = 3 })))
            """)
        #expect(lines == ["Text\tText\ttrue\ttrue",
                          "scenario.lua:17: ui.layout: unknown option 'widht' (known: width, height, safeArea, dynamicTypeSize, layoutDirection)"])
    }

    @Test func aStackRefusesWhatIsNotAViewNamingItsPlace() throws {
        let lines = try printed("""
            print(select(2, pcall(ui.VStack, { ui.Text("a"), "b" })))
            print(select(2, pcall(ui.VStack, { spacing = 4, gap = 2 })))
            print(select(2, pcall(ui.ZStack, { [0] = ui.Text("a") })))
            """)
        #expect(lines == [
            "scenario.lua:2: ui.VStack: item 2 must be a view (ui.Text(\"a\"), ui.VStack{...}, ...), got string",
            "scenario.lua:3: ui.VStack: argument 1 must be a list of views and the options spacing, alignment, got a key 'gap'",
            "scenario.lua:4: ui.ZStack: argument 1 must be a list of views and the options alignment, got a key '0'",
        ])
    }

    /// A missing branch (`cond and v or nil`) is a hole in the list: it is nothing, as SwiftUI's empty `if` is.
    @Test func aHoleInAStackIsNothingAndForEachGroupsItsViews() throws {
        let lines = try printed("""
            local v = ui.VStack{ ui.Text("a"):id("a"), false or nil, ui.Text("c"):id("c") }
            local each = ui.ForEach({ "x", "y" }, function(name, i) return ui.Text(name .. i):id(name) end)
            local ids = {}
            for id in pairs(ui.layout(ui.HStack{ v, each })) do ids[#ids + 1] = id end
            table.sort(ids)
            print(v.kind, each.kind, table.concat(ids, " "))
            print(select(2, pcall(function() local v = ui.ForEach({ 1 }, "f"); return v end)))
            print(select(2, pcall(function() local v = ui.ForEach({ 1, 2 }, function(n) return n == 2 and n or ui.Text("a") end); return v end)))
            """)
        #expect(lines == ["VStack\tGroup\ta c x y",
                          "scenario.lua:8: ui.ForEach: argument 2 must be a function(item, index) that returns a view, got string",
                          "scenario.lua:9: ui.ForEach: item 2 must be a view (ui.Text(\"a\"), ui.VStack{...}, ...), got number"])
    }

    /// Every call that would nest a tree past the limit is refused at its line; no Swift recursion ever sees it.
    @Test func aTreeNestedPastTheLimitIsRefusedAtTheCallThatWouldPassIt() throws {
        let lines = try printed("""
            local v = ui.Text("x")
            for i = 1, 31 do v = ui.VStack{ v } end
            print(pcall(function() return ui.VStack{ v } end))
            print(select(2, pcall(function() return ui.Text("y"):background(v) end)))
            print(#ui.layout(v) == 0)
            """)
        // 1 text + 31 stacks is 32 deep, the limit: one more stack is 33, a background holding it 1 + 32 = 33.
        #expect(lines == ["false\tscenario.lua:4: ui.VStack: views nest 33 deep, more than ui allows (32)",
                          "scenario.lua:5: Text:background: views nest 33 deep, more than ui allows (32)",
                          "true"])
    }

    @Test func twoViewsGivenOneIdAreRefusedNamingTheId() throws {
        let lines = try printed("""
            print(select(2, pcall(ui.layout, ui.VStack{ ui.Text("a"):id("x"), ui.Circle():id("x") })))
            local s = Stage{}
            print(select(2, pcall(function()
              return s:piece{ name = "bar", body = function() return ui.Text("a"):id("t"):padding():id("t") end }
            end)))
            """)
        #expect(lines == ["scenario.lua:2: ui.layout: the id 'x' is given to two views; each id names one element",
                          "scenario.lua:5: bar: layout failed: scenario.lua:5: body: the id 't' is given to two views; each id names one element"])
    }

    @Test func aPieceTakesLayoutOrBodyAndBodyMustGiveAView() throws {
        let lines = try printed("""
            local s = Stage{}
            print(select(2, pcall(function() return s:piece{ name = "a", layout = function() return {} end, body = function() end } end)))
            print(select(2, pcall(function() return s:piece{ name = "b", body = 3 } end)))
            print(select(2, pcall(function() return s:piece{ name = "c", body = function() return {} end } end)))
            print(select(2, pcall(function() return s:piece{ name = "d" } end)))
            """)
        #expect(lines == [
            "scenario.lua:3: stage:piece: give 'layout' (elements) or 'body' (a view tree), not both",
            "scenario.lua:4: stage:piece: option 'body' must be a function(state, env) that returns a view, got number",
            "scenario.lua:5: c: layout failed: scenario.lua:5: body: must return a view (ui.VStack{...}, ui.Text(...), ...), got table",
            "scenario.lua:6: stage:piece: option 'layout' must be a function(state, env) that returns the elements (or give 'body', a function(state, env) that returns a view), got nil",
        ])
    }

    /// The issue's mini bar: one element per id, with its text or symbol; a change of state changes the element
    /// the id names (the symbol), and the piece's handlers and readings are a Lua piece's.
    @Test func aBodyPiecePublishesOneElementPerIdAndFollowsItsState() throws {
        let lines = try printed("""
            local s = Stage{}
            local bar = s:piece{ name = "bar", state = { playing = false },
              body = function(st)
                return ui.HStack{ spacing = 12,
                  ui.RoundedRectangle{ cornerRadius = 10 }:frame{ width = 46, height = 46 }:id("art"),
                  ui.Text("Midnight Drive"):font("subheadline", "semibold"):id("title"),
                  ui.Image(st.playing and "pause.fill" or "play.fill"):id("play"),
                }:background(ui.RoundedRectangle{ cornerRadius = 18 }:id("background"))
              end,
              onTouch = function(st, touch) if touch.phase == "ended" then st.playing = not st.playing end end,
              readings = { playing = function(st) return st.playing end },
            }
            s:advance(0.1)
            local names = {}
            for name in pairs(s:frame().bar) do names[#names + 1] = name end
            table.sort(names)
            print(table.concat(names, " "), s:frame().bar.title.text, s:frame().bar.play.symbol)
            bar:tap("play")
            s:advance(0.1)
            print(bar.playing, s:frame().bar.play.symbol)
            """)
        #expect(lines == ["art background play title\tMidnight Drive\tplay.fill", "true\tpause.fill"])
    }

    /// `env` is the piece's own table, where a body may keep what it likes: only the screen's fields are read.
    @Test func aBodyReadsOnlyTheScreenFromItsEnv() throws {
        let lines = try printed("""
            local s = Stage{}
            local deep = {}
            for i = 1, 300000 do deep[i] = i end
            s:piece{ name = "p", body = function(st, env) env.kept = deep return ui.Text("a"):id("a") end }
            s:advance(0.1)
            print(s:frame().p.a.text)
            """)
        #expect(lines == ["a"])
    }

    /// A view holds its Swift value outside Lua; its userdata carries that weight, so views a script keeps count
    /// against the memory cap. 20,000 texts of 1,000 bytes are about 20 MB of host copies behind about 1 MB of
    /// userdata: without the weight they fit a 12 MB cap, with it they stop the file as a memory breach.
    @Test func viewsAScriptKeepsCountAgainstTheMemoryCap() throws {
        let report = try runScenario("""
            test("t", function()
              local word, kept = ("x"):rep(1000), {}
              for i = 1, 20000 do kept[i] = ui.Text(word .. i) end
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 12 << 20, seconds: 20))
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status != .passed)
        #expect(result.message.contains("memory"), "\(result.message)")
    }

    /// A view lives on inside the views made from it after its own userdata is collected, so the weight goes with
    /// the holder: 20,000 stacks each holding a text of 1,000 bytes (whose own views are collected as it goes) are about
    /// 20 MB of host copies, past a 12 MB cap.
    @Test func aViewHeldInsideAnotherCountsWithItsHolder() throws {
        let report = try runScenario("""
            test("t", function()
              local word, kept = ("x"):rep(1000), {}
              for i = 1, 20000 do
                kept[i] = ui.VStack{ ui.Text(word .. i) }
                if i % 500 == 0 then collectgarbage() end
              end
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 12 << 20, seconds: 20))
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status != .passed)
        #expect(result.message.contains("memory"), "\(result.message)")
    }

    /// A plugin's piece type may be written with a body, as `s:piece` may.
    @Test func aPluginPieceTypeMayGiveABody() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/dots/plugin.lua", """
            return { pieces = { dot = { state = { label = "a" },
              body = function(st) return ui.Text(st.label):id("label") end } } }
            """)
        let path = try folder.write("use.lua", """
            test("dot", function()
              local s = Stage{}
              s:dot{ label = "hello" }
              s:advance(0.1)
              print(s:frame().dot.label.text)
            end)
            """)
        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins/dots"] }
        let result = try #require(report.test("dot"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["hello"])
    }
}
