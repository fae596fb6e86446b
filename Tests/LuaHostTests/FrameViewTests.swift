import Testing
@testable import LuaHost

/// Frames reach Lua as lazy views over the stage's columns: they must answer every documented use as the old
/// whole tables did (fields, nil for a missing name, pairs, toEqual), say clearly when a frame is no longer kept,
/// and say when kept frames are what outgrew the memory cap.
@Suite struct FrameViewTests {
    /// A Lua piece of one element, as small as can be checked by hand.
    private static let card = """
        s:piece{ name = "card", layout = function()
          return { surface = { x = 10, y = 20, w = 100, h = 50, label = "card" } }
        end }
        """

    @Test func aFrameViewEqualsTheTableWrittenOutByHand() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              \(Self.card)
              s:frames(1)
              local f = s:frame()
              -- Frame 1 at 60 fps is at t = 1/60; the card's numbers and label are what its layout gives.
              expect(f).toEqual({ frame = 1, t = 1 / 60, events = {},
                                  card = { surface = { x = 10, y = 20, w = 100, h = 50, label = "card" } } })
              local keys = {}
              for k in pairs(s:frame()) do keys[#keys + 1] = k end
              print(table.concat(keys, ","))
              local names = {}
              for k, v in pairs(s:frame().card.surface) do names[#names + 1] = k .. "=" .. tostring(v) end
              print(table.concat(names, ","))
              print(f.card.surface.h, f.card.gone == nil, f.nothing == nil, f.frame, #f.events)
            end)
            """)
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .passed, "\(report.summary)")
        // pairs visits strings in sorted order; 50 is printed as Lua prints a float-valued number.
        #expect(result.output == ["card,events,frame,t", "h=50.0,label=card,w=100.0,x=10.0,y=20.0",
                                  "50.0\ttrue\ttrue\t1\t0"])
    }

    @Test func aMissingElementOfAViewStillListsThePiecesElements() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              \(Self.card)
              s:frames(1)
              return s:frame().card.title.x
            end)
            """, name: "view.lua")
        let message = try #require(report.test("t")).message
        #expect(message.hasSuffix("attempt to index a nil value (field 'title'); the frame's piece 'card' has no "
            + "element 'title' (its elements: surface)"), "\(message)")
    }

    @Test func aFrameNoLongerKeptSaysWhichFrameTheWindowAndHowToWidenIt() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ history = 0.1 }
              \(Self.card)
              s:advance(1)
              print(s:frame(108).frame)
              s:frame(107)
            end)
            """, name: "window.lua")
        let result = try #require(report.test("t"))
        // At 120 fps the window of 0.1 s ends at frame 120 (t = 1) and starts at 108 (t = 0.9).
        #expect(result.output == ["108"])
        #expect(result.message.hasSuffix("window.lua:8: stage:frame: frame 107 is no longer kept: the stage keeps the "
            + "frames of the last 0.1 s (frames 108 to 120 now); keep more with Stage{ history = seconds } or "
            + "Stage{ history = \"all\" }"), "\(result.message)")
    }

    @Test func aHistoryOptionThatIsNotSecondsIsRefusedByName() throws {
        let report = try runScenario("""
            test("t", function() Stage{ history = "forever" } end)
            """, name: "option.lua")
        let message = try #require(report.test("t")).message
        #expect(message.contains("Stage: option 'history' must be a number of seconds of frames to keep (0 or more) "
            + "or \"all\", got \"forever\""), "\(message)")
    }

    /// 200 elements of 4 numbers kept for 60 s at 120 fps: 7,200 frames × 800 numbers × 8 bytes = 46 MB of
    /// numbers alone, far past a 16 MiB cap; the same run keeping 1 s (121 frames, under 1 MB) fits.
    private static func grid(history: String) -> String {
        """
        test("keeps", function()
          local s = Stage{ \(history) }
          s:piece{ name = "grid", layout = function()
            local t = {} for i = 1, 200 do t["e" .. i] = { x = i, y = 0, w = 1, h = 1 } end return t
          end }
          s:advance(60)
        end)
        """
    }

    @Test func keptFramesPastTheMemoryCapAreNamedAsTheCause() throws {
        let limits = SandboxLimits(instructions: 0, memoryBytes: 16 << 20, seconds: 0)
        let all = try runScenario(Self.grid(history: ""), name: "cap.lua", limits: limits)
        let message = try #require(all.test("keeps")).message
        #expect(message.contains("cap.lua:6: memory limit of 16 MiB exceeded: the frames the stage keeps ("),
                "\(message)")
        #expect(message.hasSuffix("keep fewer with Stage{ history = seconds } or raise --max-memory"), "\(message)")
        let window = try runScenario(Self.grid(history: "history = 1"), name: "cap.lua", limits: limits)
        #expect(window.test("keeps")?.status == .passed, "\(window.summary)")
    }
}
