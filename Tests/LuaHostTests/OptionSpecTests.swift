import Testing
@testable import LuaHost
@testable import LuaBindings
@testable import LuaRuntime

/// Options as data: each constructor's and `set`'s options are declared once (name, type, unit, range, default,
/// doc); the keys a call accepts come from that list, a wrong value's error says what the spec says, and one
/// formatter words every argument and option error.
@Suite struct OptionSpecTests {
    @Test func aWrongOptionIsWordedByItsSpecWhenTheReadGivesNoText() throws {
        let specs = [OptionSpec("gap", "number", unit: "pt", "Space between", must: "a distance in points")]
        var opts = Options(function: "stage:thing", table: LuaTable(fields: [("gap", .boolean(true))]))
        opts.specs = specs
        #expect(throws: LuaHostError.message("stage:thing: option 'gap' must be a distance in points, got boolean")) {
            _ = try opts.number("gap")
        }
        // Without a spec the type's plain phrase stands, as before.
        let bare = Options(function: "stage:thing", table: LuaTable(fields: [("gap", .boolean(true))]))
        #expect(throws: LuaHostError.message("stage:thing: option 'gap' must be a number, got boolean")) {
            _ = try bare.number("gap")
        }
    }

    @Test func aConstructorsOptionErrorStillReadsAsItDidThroughItsSpec() throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        let context = BindingContext(state: state, path: "options.lua", options: RunOptions())
        Bindings.install(into: context)
        // The read site says only "ramp"; the words come from VinylBinding's spec of it.
        guard case .error(let message, _) = state.run(text: "Stage{}:vinyl{ ramp = 'slow' }", chunkName: "=t") else {
            Issue.record("a string ramp was accepted")
            return
        }
        #expect(message.hasSuffix(
            "stage:vinyl: option 'ramp' must be a number of seconds (0 or less switches speed at once), got string"),
            "\(message)")
    }

    @Test func everyDeclaredOptionHasAUniqueNameADocAndAType() {
        for entry in BindingRegistry.entries {
            let specs = entry.binding.options
            #expect(Set(specs.map(\.name)).count == specs.count, "\(entry.name) declares an option twice")
            #expect(entry.optionKeys == specs.map(\.name), "\(entry.name)")
            for spec in specs {
                #expect(!spec.doc.isEmpty && !spec.doc.contains("\n") && !spec.type.isEmpty, "\(entry.name).\(spec.name)")
            }
        }
        // A set's options are picked from its constructor's by name; each name must be found: 6, 4, 2 and 1.
        #expect(VinylBinding.setOptions.map(\.name) == ["isPlaying", "rpm", "x", "y", "w", "h"])
        #expect(NowPlayingBinding.setOptions.count == 4)
        #expect(ScrollIslandBinding.setOptions.count == 2)
        #expect(GlassGroupBinding.setOptions.count == 1)
    }

    @Test func oneFormatterWordsEveryArgumentAndOptionError() {
        #expect(ArgumentErrors.argument("stage:advance", 1, mustBe: "a number of seconds", got: "string")
                == .message("stage:advance: argument 1 must be a number of seconds, got string"))
        #expect(ArgumentErrors.option("Stage", "fps", mustBe: "a whole number from 1 to 1000", got: "0.5")
                == .message("Stage: option 'fps' must be a whole number from 1 to 1000, got 0.5"))
        #expect(ArgumentErrors.refusal("stage:tap", "the part is given twice")
                == .message("stage:tap: the part is given twice"))
    }

    @Test func aMethodsOptionTableTypeComesFromItsSpecsWithRequiredKeysUnmarked() {
        // Written by hand from InteractionBinding's fling: travel (dx, dy), the required velocity, then the aim.
        #expect(OptionSpec.tableType(InteractionBinding.flingOptions)
                == "{dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}")
        #expect(BindingRegistry.entry(named: "stage")?.declaration.method("after")?.args.last?.type
                == "{background?: boolean, label?: string}")
        // A required constructor option is no optional field in the stubs.
        #expect(TypeStubs.text().contains("\n---@field tracks {title: string, artist?: string, duration: number}[] # "))
    }
}
