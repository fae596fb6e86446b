import Testing
@testable import LuaHost

/// What a script makes the host hold through the stage (events waiting for their frame, labels of scheduled work,
/// pieces' names) counts against the file's memory cap before it is copied, and scheduled work lives until it is
/// done or cancelled, whether or not the script keeps its handle.
@Suite struct ScriptHeldMemoryTests {
    static let cap64 = SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 20)

    private func memoryBreach(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TestResult {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local big = string.rep("x", 4 << 20)
              \(body)
            end)
            """, limits: Self.cap64)
        return try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
    }

    @Test func emittedEventsCountAgainstTheCap() throws {
        // 200 events of a 4 MiB detail each would hold 800 MiB until the next frame; 64 MiB holds at most 15 of them
        // beside the 4 MiB string itself (16 × 4 = 64), so the file stops at the emit, as a memory breach.
        let result = try memoryBreach(#"for i = 1, 200 do s:emit{ kind = "k", detail = big } end"#)
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("scenario.lua:4: memory limit of 64 MiB exceeded"), "\(result.message)")
    }

    @Test func labelsOfScheduledWorkCountAgainstTheCap() throws {
        // 100 pieces of work labelled with 4 MiB each hold 400 MiB while they wait (they were counted as 128 bytes);
        // 64 MiB holds at most 15.
        let result = try memoryBreach("for i = 1, 100 do s:after(1, function() end, { label = big }) end")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("scenario.lua:4: memory limit of 64 MiB exceeded"), "\(result.message)")
    }

    @Test func repeatingWorkLabelledLongCountsAgainstTheCap() throws {
        let result = try memoryBreach("for i = 1, 100 do s:every(0.5, function() end, { label = big .. i }) end")
        #expect(result.status == .failed)
        #expect(result.message.contains("memory limit of 64 MiB exceeded"), "\(result.message)")
    }

    @Test func textsALuaPieceKeepsCountAgainstTheCapBeforeAnyFrame() throws {
        // Each piece keeps its layout's 4 MiB text (and Lua its own copy of nothing more: the layout returns `big`):
        // 100 pieces would keep 400 MiB with no frame rendered; 64 MiB holds at most 15.
        let result = try memoryBreach("""
            for i = 1, 100 do
                s:piece{ name = "p" .. i, layout = function() return { e = { x = 0, y = 0, w = 1, h = 1, text = big } } end }
              end
            """)
        #expect(result.status == .failed)
        #expect(result.message.contains("memory limit of 64 MiB exceeded"), "\(result.message)")
    }

    @Test func longPieceNamesCountAgainstTheCap() throws {
        // A name of 4 MiB letters, 100 times: the stage keeps each with its piece.
        let result = try memoryBreach("""
            local name = string.rep("n", 4 << 20)
              for i = 1, 100 do s:piece{ name = name .. i, layout = function() return {} end } end
            """)
        #expect(result.status == .failed)
        #expect(result.message.contains("memory limit of 64 MiB exceeded"), "\(result.message)")
    }

    @Test func aPlayersTrackTextsCountAgainstTheCap() throws {
        // Each player keeps its track's 4 MiB title: 100 players would keep 400 MiB; 64 MiB holds at most 15.
        let result = try memoryBreach("""
            for i = 1, 100 do s:player{ tracks = { { title = big, duration = 100 } } } end
            """)
        #expect(result.status == .failed)
        #expect(result.message.contains("memory limit of 64 MiB exceeded"), "\(result.message)")
    }

    @Test func eventsWithinTheCapAreHeldOnlyUntilTheirFrame() throws {
        // Five 4 MiB events at a time (20 MiB) fit beside the latest frame's five (20 MiB, kept by `history = 0`)
        // and the string (4 MiB): 44 MiB of 64. Each frame takes its events into its own record and lets the older
        // frame go, so a hundred rounds (2,000 MiB emitted) never hold more than two rounds' events.
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ history = 0 }
              local big = string.rep("x", 4 << 20)
              for round = 1, 100 do
                for i = 1, 5 do s:emit{ kind = "k", detail = big } end
                s:frames(1)
              end
              expect(s.frameIndex).toBe(100)
              s:emit{ kind = "k", detail = "small" }
              s:frames(1)
              expect(#s:frame().events).toBe(1)
            end)
            """, limits: Self.cap64)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func aLabelReadsBackAsGiven() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local w = s:after(1, function() end, { label = "tick\\0é" })
              expect(w.label).toBe("tick\\0é")
              expect(s:after(0.25, function() end).label).toBe("after(0.25)")
              expect(function() s:after(1, function() end, { label = 3 }) end).toThrow("option 'label' must be a label (a string), got number")
              expect(function() s:after(1, function() end, { background = 1 }) end).toThrow("option 'background' must be true or false, got number")
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func workWhoseHandleIsDroppedStillRunsAfterACollection() throws {
        // Every 0.1 s for 1 s: ticks at 0.1, 0.2, ..., 1.0, ten in all; the one-off at 0.5 runs once.
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              local ticks, once = 0, 0
              s:every(0.1, function() ticks = ticks + 1 end)
              s:after(0.5, function() once = once + 1 end)
              collectgarbage()
              collectgarbage()
              s:advance(1)
              expect(ticks).toBe(10)
              expect(once).toBe(1)
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func aStageLetGoIsNotKeptAliveByItsOwnPendingWork() throws {
        // Each stage keeps a frame holding a 1 MiB event and has work pending for ever. Let go, it must go: kept
        // alive by its work, the hundred would hold 100 MiB against a 16 MiB cap.
        let report = try runScenario("""
            test("t", function()
              local big = string.rep("x", 1 << 20)
              for i = 1, 100 do
                local s = Stage{}
                s:every(1, function() end)
                s:emit{ kind = "k", detail = big }
                s:frames(1)
                s = nil
                collectgarbage()
              end
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 16 << 20, seconds: 20))
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func droppedWorkCanStillBeCancelledFromInside() throws {
        // Cancelled from its third run: runs at 0.1, 0.2, 0.3 and no more.
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              local ticks = 0
              local function start()
                local w
                w = s:every(0.1, function() ticks = ticks + 1 if ticks == 3 then w:cancel() end end)
              end
              start()
              collectgarbage()
              s:advance(1)
              expect(ticks).toBe(3)
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }
}
