import Foundation
import Synchronization
import Testing
@testable import LuaHost
import PieceKit
@testable import LuaBindings

/// Random and extreme calls to every binding a scenario can reach: every global the host and the test framework
/// install (and every function in their tables), every method and property of every class, with NaN, ±inf, huge
/// and negative numbers, wrong types, deep, shared and cyclic tables, strings with NULs and invalid UTF-8, host
/// objects of the wrong class, and Lua functions that fail, yield or call back in; half of them inside coroutines.
/// Every call must end in a result or a Lua error: a Swift trap or a memory fault would end the test process.
/// The seed is fixed, so a failure repeats.
@Suite struct BindingFuzzTests {
    /// What scripts can call on each class, read from the registry's declarations (BindingRegistryTests holds
    /// them to the installed classes), so a new binding is fuzzed without this file changing.
    struct Surface {
        var methods: [String: [String]] = [:]
        var properties: [String: [String]] = [:]
    }

    static func surface() -> Surface {
        var surface = Surface()
        for entry in BindingRegistry.entries {
            surface.methods[entry.name] = entry.methods.sorted()
            surface.properties[entry.name] = entry.readings.sorted()
        }
        return surface
    }

    /// The types made on a stage with their declared examples, in the registry's order (an example may name a value
    /// made before it: `{ player = player }`).
    static var examples: String {
        BindingRegistry.entries.compactMap { entry in
            entry.example.map { "  { \"\(entry.name)\", [==[\($0)]==] }," }
        }.joined(separator: "\n")
    }

    /// The classes `build()` in the fuzzer keeps live objects of: the types made from their examples, and those
    /// it keeps by name, `keep("name", ...)`.
    static var keptClasses: Set<String> {
        Set(fuzzer.components(separatedBy: "keep(\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
            .union(BindingRegistry.entries.filter { $0.example != nil }.map(\.name))
    }

    /// Every word a binding knows as an option, key, choice or name, so random tables often get past the first
    /// check and reach the code behind it.
    static var vocabulary: [String] {
        // Keys of nested tables (a track, a section, an element, a piece's copy), which no declaration lists.
        var words = PlayerBinding.trackKeys + NowPlayingBinding.messageKeys + ScrollIslandBinding.messageKeys
            + PageBinding.sectionKeys + LuaPiece.elementKeys
        // Everything the declarations name: options, methods, readings, arguments, and the keys of the option
        // tables methods and library functions take (`{dx?: number, ...}`).
        let calls = BindingRegistry.entries.flatMap(\.declaration.methods)
            + ScriptGlobals.libraries.flatMap { BindingRegistry.libraryFunctions($0.name) }
        let types = calls.flatMap { $0.args.map(\.type) }
        words += BindingRegistry.entries.flatMap { $0.optionKeys + $0.methods + $0.readings }
        words += calls.flatMap { $0.args.map(\.name) }
        words += types.flatMap { type in
            type.split(whereSeparator: { "{}, |".contains($0) }).compactMap { part -> String? in
                guard let colon = part.firstIndex(of: ":") else { return nil }
                return String(part[..<colon]).replacingOccurrences(of: "?", with: "")
            }
        }
        words += ["velocity", "from", "to", "spring", "reduceMotion", "maxFrames", "top", "bottom", "leading",
                  "trailing", "tiers", "back", "forward", "x", "y", "w", "h", "surface", "grabber", "card", "bar"]
        words += MotionTier.allCases.map(\.rawValue) + MotionRole.allCases.map(\.rawValue)
        words += ["frame", "podcast", "page", "estimate", "never", "immediately", "next", "previous", "stop",
                  "advance", "rightToLeft", "leftToRight", "dark", "light", "space", "return", "escape",
                  "leftArrow", "rightArrow", "activate", "increment", "decrement", "escape", "magicTap"]
        return Array(Set(words)).sorted()
    }

    static func luaList(_ words: [String]) -> String {
        "{ " + words.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
    }

    static func driver(_ surface: Surface, seed: Int, calls: Int) -> String {
        let classes = surface.methods.keys.sorted().map { name in
            "  \(name) = { methods = \(luaList(surface.methods[name] ?? [])), props = \(luaList(surface.properties[name] ?? [])) },"
        }.joined(separator: "\n")
        return """
            local CLASSES = {
            \(classes)
            }
            local EXAMPLES = {
            \(examples)
            }
            local VOCAB = \(luaList(vocabulary))
            local SEED, CALLS = \(seed), \(calls)
            """ + fuzzer
    }

    /// The Lua side: builds a pool of live objects, then makes random calls until CALLS have been made.
    static let fuzzer = #"""

        math.randomseed(SEED)
        local R = math.random
        local function pick(t) return t[R(#t)] end

        -- Lua's own library; everything else in _G is the host's or the test framework's, and is fuzzed.
        local STANDARD = {}
        for _, k in ipairs({ "assert", "collectgarbage", "error", "getmetatable", "ipairs", "load", "next", "pairs",
          "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "tonumber",
          "tostring", "type", "xpcall", "_G", "_VERSION", "coroutine", "math", "string", "table", "utf8", "warn" }) do
          STANDARD[k] = true
        end
        local GLOBALS, VIEWS = {}, {}
        local names = {}
        for k in next, _G do if type(k) == "string" and not STANDARD[k] then names[#names + 1] = k end end
        table.sort(names)
        for _, k in ipairs(names) do
          local v = rawget(_G, k)
          if type(v) == "function" then GLOBALS[#GLOBALS + 1] = { k, v }
          elseif type(v) == "table" then
            local inner = {}
            for ik in next, v do if type(ik) == "string" then inner[#inner + 1] = ik end end
            table.sort(inner)
            for _, ik in ipairs(inner) do
              local iv = rawget(v, ik)
              if type(iv) == "function" then GLOBALS[#GLOBALS + 1] = { k .. "." .. ik, iv }
              elseif type(iv) == "userdata" then VIEWS[#VIEWS + 1] = { k .. "." .. ik, iv }
              elseif type(iv) == "table" then
                for _, jk in ipairs({ "tiers", "roles" }) do
                  if type(rawget(iv, jk)) == "userdata" then VIEWS[#VIEWS + 1] = { k .. "." .. ik .. "." .. jk, rawget(iv, jk) } end
                end
              end
            end
          end
        end

        local NUMS = { 0, -0.0, 1, -1, 0.5, 2, 3, 1 / 0, -1 / 0, 0 / 0, 1e308, -1e308, 2 ^ 53, 2 ^ 63, -2 ^ 63,
          math.maxinteger, math.mininteger, 1e-300, 5e-324, 123456789, 0.1, 100, -100, 1e6, 86400, 1e15, -1e15 }
        -- For calls that render frames or move a clock: extreme in kind (NaN, ±inf, negative) but not in size.
        local TAME = { 0, -0.0, 1, -1, 0.5, 0.25, 1 / 0, -1 / 0, 0 / 0, 1e-300, 0.1, 0.05, -100, 2, 0.2 }
        local CLOCKED = {}
        for _, k in ipairs({ "advance", "jump", "frames", "settle", "runUntil", "tap", "drag", "fling", "touch",
          "scroll", "keyboard", "move", "moveTo", "up", "cancel", "key", "perform", "setExpanded", "set", "load",
          "seek", "skip", "play", "pause", "toggle", "Stage", "environment" }) do CLOCKED[k] = true end
        -- Every constructor of a type made on a stage (a piece may render or schedule as it is made).
        for _, e in ipairs(EXAMPLES) do CLOCKED[e[1]] = true end

        local STRINGS = { "", "\0", "a\0b", "width\0x", "\255\254\253", "\xC3", ("x"):rep(4096), "🎵 ok", "%s%d",
          "card.1", "1", "-1", "nan", "inf" }
        for _, w in ipairs(VOCAB) do STRINGS[#STRINGS + 1] = w end

        local pool = {}
        for name in pairs(CLASSES) do pool[name] = {} end
        local CLASSNAMES = {}
        for name in pairs(CLASSES) do CLASSNAMES[#CLASSNAMES + 1] = name end
        table.sort(CLASSNAMES)
        local kept = {}
        local function keep(cls, v)
          if type(v) ~= "userdata" or pool[cls] == nil then return end
          kept[cls] = true
          local p = pool[cls]
          if #p < 6 then p[#p + 1] = v else p[R(#p)] = v end
        end
        local function anyObject()
          local p = pool[pick(CLASSNAMES)]
          if #p == 0 then return nil end
          return pick(p)
        end

        local calls, nesting = 0, 0
        local called = {}
        local value, fuzzOne

        local FUNCS = {
          function() end,
          function() error("boom") end,
          function() error({ structured = true }) end,
          function() return { surface = { x = 0, y = 0, w = 10, h = 10 } } end,
          function() return { { id = "surface", label = "Surface", actions = { "activate" } } } end,
          function() return value(1, true) end,
          function() return true, motion.roles.reveal end,
          function() coroutine.yield(1) end,
          function() if nesting < 3 then fuzzOne() end return { surface = { x = 1, y = 1, w = 5, h = 5 } } end,
        }

        local function nest(n) local t = {} local c = t for i = 1, n do c.x = {} c = c.x end return t end
        local function dag(levels, fields)
          local t = { leaf = "x" }
          for i = 1, levels do local u = {} for k = 1, fields do u[VOCAB[k] or k] = t end t = u end
          return t
        end

        local function randomTable(depth, tame)
          local t = {}
          if depth > 3 then return t end
          for i = 1, R(0, 6) do
            local kind = R(10)
            if kind <= 6 then t[pick(VOCAB)] = value(depth + 1, tame)
            elseif kind <= 8 then t[#t + 1] = value(depth + 1, tame)
            elseif kind == 9 then t[pick(STRINGS)] = value(depth + 1, tame)
            else
              local key = value(depth + 1, tame)
              if key ~= nil and key == key then t[key] = value(depth + 1, tame) end
            end
          end
          if R(10) == 1 then t[pick(VOCAB)] = t end
          return t
        end

        function value(depth, tame)
          local k = R(100)
          if k <= 22 then return pick(tame and TAME or NUMS)
          elseif k <= 28 then return R(-3, 6)
          elseif k <= 44 then return pick(STRINGS)
          elseif k <= 49 then return R(2) == 1
          elseif k <= 52 then return nil
          elseif k <= 70 then return randomTable(depth, tame)
          elseif k <= 84 then return anyObject()
          elseif k <= 92 then return pick(FUNCS)
          elseif k <= 93 then return coroutine.create(pick(FUNCS))
          elseif k <= 95 then return nest(R(10, 24))
          elseif k <= 97 then return dag(R(10, 30), R(2, 6))
          else local t = {} t.x = t t[1] = t return t
          end
        end

        local function args(tame)
          local n, out = R(0, 4), {}
          for i = 1, n do out[i] = value(0, tame) end
          return n, out
        end

        -- One call, made directly, in a fresh coroutine, or (the caller decides) in a long-lived one.
        local function invoke(fn, n, a)
          if R(2) == 1 then return pcall(fn, table.unpack(a, 1, n)) end
          local co = coroutine.create(function() return fn(table.unpack(a, 1, n)) end)
          local ok, r = coroutine.resume(co)
          if ok and coroutine.status(co) == "suspended" then coroutine.resume(co) end
          return ok, r
        end

        function fuzzOne()
          calls = calls + 1
          nesting = nesting + 1
          local what = R(10)
          if what <= 3 then
            local g = pick(GLOBALS)
            called[g[1]] = true
            local n, a = args(CLOCKED[g[1]] or g[1]:sub(1, 7) == "motion." and R(2) == 1)
            local ok, r = invoke(g[2], n, a)
            if ok and type(r) == "userdata" then
              if g[1] == "motion.spring" then keep("spring", r)
              elseif g[1]:sub(1, 3) == "ui." then keep("view", r)
              else keep("animation", r) end
            end
          elseif what <= 8 then
            local cls = pick(CLASSNAMES)
            local list = CLASSES[cls].methods
            local obj = pick(pool[cls]) or anyObject()
            if #list > 0 and obj ~= nil then
              local m = pick(list)
              called[cls .. ":" .. m] = true
              local fn = pcall(function() return obj[m] end) and obj[m] or nil
              local self = R(12) == 1 and value(0, true) or obj
              if type(fn) == "function" then
                local n, a = args(CLOCKED[m] ~= nil)
                table.insert(a, 1, self)
                invoke(fn, n + 1, a)
              end
            end
          else
            local cls = pick(CLASSNAMES)
            local obj = pick(pool[cls])
            local props = CLASSES[cls].props
            if obj ~= nil then
              if #props > 0 and R(4) > 1 then
                local p = pick(props)
                called[cls .. "." .. p] = true
                pcall(function() return obj[p] end)
              elseif R(2) == 1 then
                pcall(function() return obj[value(0, true)] end)
              else
                pcall(function() obj[pick(STRINGS)] = value(0, true) end)
              end
            end
            if #VIEWS > 0 then
              local view = pick(VIEWS)[2]
              pcall(function() return view[pick(STRINGS)] end)
              pcall(function() return tostring(view) end)
            end
          end
          nesting = nesting - 1
        end

        -- A fresh set of live objects, so a stage's history stays short and broken objects are replaced.
        local function build()
          local s = Stage{ fps = 10 }
          keep("stage", s)
          -- Every type made on a stage, from its declared example, each able to name those made before it.
          local made = {}
          local scope = setmetatable({}, { __index = function(_, k) if k == "s" then return s end return made[k] end })
          for _, example in ipairs(EXAMPLES) do
            local name, options = example[1], example[2]
            local make = load("return s:" .. name .. options, "=example", "t", scope)
            local ok, v = pcall(make)
            if ok then made[name] = v keep(name, v) end
          end
          keep("work", s:after(0.5, pick(FUNCS) or function() end))
          -- Beyond the examples: a piece whose handlers are random.
          local card = s:piece{ name = "cardRandom", state = { n = 0 },
            layout = function(state) return { surface = { x = 0, y = 0, w = 100 + (state.n or 0), h = 50 } } end,
            onTouch = pick(FUNCS), onKey = pick(FUNCS), accessibility = pick(FUNCS), perform = pick(FUNCS) }
          keep("piece", card)
          local touched, finger = pcall(card.touch, card)
          if touched then keep("finger", finger) end
          keep("spring", motion.spring{ duration = 0.3 })
          keep("animation", motion.easeIn(0.2))
          keep("tokens", motion.tiers)
          keep("tokens", motion.reduced.roles)
          -- Views, and a piece written with a body that lays out a random one.
          keep("view", ui.Text("a"):padding():id("t"))
          keep("view", ui.VStack{ spacing = 4, ui.Circle():id("c"), ui.RoundedRectangle{ cornerRadius = 4 } })
          local bodyPiece = s:piece{ name = "bodyRandom", state = {},
            body = function() return anyObject() or ui.EmptyView() end }
          keep("piece", bodyPiece)
        end

        test("fuzz", function()
          pcall(build)
          local long
          while calls < CALLS do
            if calls % 1000 == 0 then pcall(build) end
            if R(5) == 1 then
              if long == nil or coroutine.status(long) == "dead" then
                long = coroutine.create(function() while true do fuzzOne() coroutine.yield() end end)
              end
              coroutine.resume(long)
            else
              fuzzOne()
            end
          end
          local names, globals = {}, {}
          for k in pairs(called) do names[#names + 1] = k end
          for _, g in ipairs(GLOBALS) do globals[#globals + 1] = g[1] end
          print("calls " .. calls)
          print("called " .. table.concat(names, ","))
          print("globals " .. table.concat(globals, ","))
          local keptNames = {}
          for k in pairs(kept) do keptNames[#keptNames + 1] = k end
          print("kept " .. table.concat(keptNames, ","))
        end)
        """#

    @Test(.timeLimit(.minutes(5)))
    func everyBindingSurvivesAHundredThousandRandomCalls() throws {
        let surface = Self.surface()
        // The fuzzer keeps live objects of every class the registry declares.
        #expect(Set(surface.methods.keys).subtracting(Self.keptClasses).isEmpty,
                "no keep(...) in build() for \(Set(surface.methods.keys).subtracting(Self.keptClasses).sorted())")
        let folder = try ScenarioFolder()
        let chunks = 12
        let paths = try (0..<chunks).map { chunk in
            try folder.write("fuzz\(chunk).lua", Self.driver(surface, seed: 9000 + chunk, calls: 8500))
        }
        // scripts/sanitize runs some chunks again under valgrind, which cannot run this test binary itself.
        if let keep = ProcessInfo.processInfo.environment["PIECEBOX_FUZZ_FILES"], !keep.isEmpty {
            for path in paths {
                let name = URL(fileURLWithPath: path).lastPathComponent
                try? FileManager.default.removeItem(atPath: keep + "/" + name)
                try FileManager.default.copyItem(atPath: path, toPath: keep + "/" + name)
            }
        }
        let options = { () -> RunOptions in
            var o = RunOptions()
            o.limits = SandboxLimits(instructions: 0, memoryBytes: 512 << 20, seconds: 60)
            return o
        }()
        // Chunks are separate files (a fresh sandbox each), run side by side.
        let reports = Mutex<[Int: FileReport]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let report = ScenarioRunner.run(file: paths[chunk], options: options)
            reports.withLock { $0[chunk] = report }
        }
        var total = 0
        var failures: [String] = []
        var called: Set<String> = []
        var globals: Set<String> = []
        var kept: Set<String> = []
        for (chunk, report) in reports.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            guard let result = report.test("fuzz"), result.status == .passed else {
                failures.append("chunk \(chunk): \(report.summary)")
                continue
            }
            for line in result.output {
                let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard words.count == 2 else { continue }
                switch words[0] {
                case "calls": total += Int(words[1]) ?? 0
                case "called": called.formUnion(words[1].split(separator: ",").map(String.init))
                case "globals": globals.formUnion(words[1].split(separator: ",").map(String.init))
                case "kept": kept.formUnion(words[1].split(separator: ",").map(String.init))
                default: break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        // Objects of every class were really made (a declared example that failed would leave its class empty).
        #expect(kept == Set(BindingRegistry.entries.map(\.name)), "never made: \(Set(BindingRegistry.entries.map(\.name)).subtracting(kept).sorted())")
        #expect(total >= 100_000, "only \(total) calls")
        // Every global function, every method and every property was called at least once.
        var members = globals
        for (cls, names) in surface.methods { members.formUnion(names.map { "\(cls):\($0)" }) }
        for (cls, names) in surface.properties { members.formUnion(names.map { "\(cls).\($0)" }) }
        #expect(globals.contains("Stage") && globals.contains("motion.spring"), "\(globals.sorted())")
        #expect(members.subtracting(called).isEmpty, "never called: \(members.subtracting(called).sorted())")
    }
}
