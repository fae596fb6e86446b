import Testing
@testable import LuaHost
@testable import LuaRuntime

/// What the host allocates through Lua's allocator while a script waits on it (the tables of `s:frames()`)
/// counts against the file's memory cap: past the cap the host stops building and the call fails with the
/// memory limit at the script's line, instead of the state growing as far as the host cares to go.
/// Failing any single allocation of a real scenario stops it cleanly with that limit, wherever it falls.
@Suite struct HostAllocationTests {
    /// A state with every binding, as a scenario file gets it (without the test framework).
    private func makeState(_ limits: SandboxLimits, failing n: Int = 0) throws -> (LuaState, BindingContext) {
        let state = try LuaState(limits: limits, failingAllocation: n)
        let context = BindingContext(state: state, path: "alloc.lua", options: RunOptions())
        Bindings.install(into: context)
        return (state, context)
    }

    @Test func framesBuiltForLuaPastTheCapStopTheScriptAtItsLine() throws {
        let cap = 8 << 20
        let (state, context) = try makeState(SandboxLimits(instructions: 0, memoryBytes: cap, seconds: 30))
        defer { state.close() }
        _ = context
        // Each frame carries a 120,000-byte text attribute. The stage keeps it once: the attribute never changes,
        // so every frame shares one layout (counted once, far under the 8 MiB = 8.39 MB cap). A frame reaches Lua
        // as a view that builds an element's table only when read, and every element table holds its own copy
        // (strings that long are not shared in Lua): reading `surface` from 80 frames needs 80 × 120,000 =
        // 9.6 MB of Lua memory, past the cap, on line 5.
        let outcome = state.run(text: """
            local big = string.rep("z", 120000)
            local s = Stage{}
            s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 1, h = 1, note = big } } end }
            s:frames(80)
            local all = {} for i = 1, 80 do all[i] = s:frame(i).card.surface end
            reached = true
            """, chunkName: "=frames")
        guard case .breach(let breach, let location) = outcome else {
            Issue.record("expected the memory limit, got \(outcome)")
            return
        }
        #expect(breach == .memory(cap))
        #expect(location == "frames:5")
        // Lua stops at the first table past the cap: at most one copy (about 120 kB) beyond it, plus the 1 MiB the
        // allocator leaves after a trip for the error itself. Without the cap it built all 9.6 MB.
        #expect(state.memoryPeak <= cap + (1 << 20) + 200_000, "peak \(state.memoryPeak)")
    }

    /// A stage, a Lua piece laid out, frames rendered and read back, a spring, taps, a player and NowPlaying:
    /// most of what a scenario asks of the host, small enough to fail each of its allocations in turn.
    static let scenario = """
        local s = Stage{ fps = 60 }
        local card = s:piece{ name = "card", state = { open = false },
          layout = function(state, env)
            return { surface = { x = 10, y = 20, w = state.open and 300 or 100, h = 50, label = "card" } }
          end,
          onTouch = function(state, t) if t.phase == "ended" then state.open = true; return motion.roles.reveal end end }
        s:frames(3)
        local f = s:frame()
        local list = s:frames() -- nil here, without the test framework's series, but built all the same
        card:set({ open = true }, motion.spring{ duration = 0.2, bounce = 0.1 })
        s:advance(0.05)
        card:tap()
        local p = s:player{ tracks = { { title = "A", artist = "B", duration = 100 } }, isPlaying = true }
        local np = s:nowPlaying{ player = p }
        s:advance(0.1)
        np:tap("bar")
        done = f.card.surface.w + p.time + (list == nil and 1 or 0)
        """

    @Test func failingAnyOneAllocationOfAScenarioStopsItWithTheMemoryLimit() throws {
        // First every allocation of the scenario, counted from the state's birth (the state, its libraries,
        // the bindings) to the scenario's last line.
        let limits = SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 30)
        let (probe, _) = try makeState(limits)
        let plain = probe.run(text: Self.scenario, chunkName: "=alloc")
        guard case .ok = plain else {
            Issue.record("the scenario does not run as it is: \(plain)")
            return
        }
        let total = probe.allocationCount
        probe.close()
        #expect(total > 800, "only \(total) allocations: the scenario is not doing its work")

        // Then each one in turn refused: wherever memory runs out, the file stops with the memory limit.
        var failures: [String] = []
        for n in 1...total {
            let (state, _) = try makeState(limits, failing: n)
            let outcome = state.run(text: Self.scenario, chunkName: "=alloc")
            if case .breach(.memory(64 << 20), _) = outcome {} else {
                failures.append("allocation \(n): \(outcome)")
            }
            state.close()
        }
        #expect(failures.isEmpty, "\(failures.count) of \(total): \(failures.prefix(5))")
    }
}
