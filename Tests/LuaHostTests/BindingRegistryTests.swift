import Testing
@testable import LuaHost

/// The registry is the one list of what scripts can hold: a fresh scenario state must know exactly its classes,
/// each with exactly the methods and readings its entry declares, so editor stubs made from it tell the truth.
@Suite struct BindingRegistryTests {
    /// A state with every binding installed, as a scenario file starts.
    private func installed() throws -> (LuaState, BindingContext) {
        let state = try LuaState(limits: .tight)
        let context = BindingContext(state: state, path: "registry.lua", options: RunOptions())
        Bindings.install(into: context)
        return (state, context)
    }

    @Test func everyClassAFreshStateKnowsIsInTheRegistryAndTheOtherWayRound() throws {
        let (state, _) = try installed()
        defer { state.close() }
        let known = Set(state.classCache.keys)
        let declared = Set(BindingRegistry.entries.map(\.name))
        #expect(known.subtracting(declared).isEmpty, "installed but not declared: \(known.subtracting(declared).sorted())")
        #expect(declared.subtracting(known).isEmpty, "declared but not installed: \(declared.subtracting(known).sorted())")
        #expect(declared.count == BindingRegistry.entries.count, "a name is declared twice")
    }

    @Test func eachClassHasExactlyTheMethodsAndReadingsItsEntryDeclares() throws {
        let (state, _) = try installed()
        defer { state.close() }
        // The stage also has a constructor for each type made on it: s:player{...}, s:nowPlaying{...}, ...
        let madeOnStage = BindingRegistry.entries.filter { $0.made == .stageMethod }.map(\.name)
        for entry in BindingRegistry.entries {
            guard let cls = state.classCache[entry.name] as? any LuaClassMembers else {
                Issue.record("\(entry.name) is not installed")
                continue
            }
            // Swift methods, and any written in Lua (stage:runUntil) once the metatable exists.
            let methods = Set(cls.methodNames).union(state.methodTableNames(ofClass: "piecebox." + entry.name))
            let expected = Set(entry.methods + (entry.name == "stage" ? madeOnStage : []))
            #expect(methods == expected, "\(entry.name): extra \(methods.subtracting(expected).sorted()), missing \(expected.subtracting(methods).sorted())")
            #expect(Set(cls.propertyNames) == Set(entry.readings), "\(entry.name): readings \(cls.propertyNames)")
            #expect(cls.answersAnyName == entry.answersAnyName, "\(entry.name)")
        }
    }

    @Test func pluginsMayExtendTheClassesTheyAlwaysCouldInTheSameOrder() {
        // The list plugin errors print ("known: stage, piece, finger, ..."), as it stood before the registry, then
        // the classes added since at its end (the buds a Lua piece holds).
        #expect(PluginLoader.classes == ["stage", "piece", "finger", "player", "nowPlaying", "page", "scrollIsland",
                                         "miniPlayer", "vinyl", "borderBeam", "metalButton", "glassGroup", "tools",
                                         "sheet", "tabBar", "buds"])
    }

    @Test func aPluginMayNotTakeTheNameOfAStageConstructorOrAReading() {
        #expect(BindingRegistry.builtInMembers(of: "stage").isSuperset(of: ["nowPlaying", "tools", "advance", "fps"]))
        #expect(BindingRegistry.builtInMembers(of: "vinyl").isSuperset(of: ["tap", "set", "angle"]))
        #expect(BindingRegistry.builtInMembers(of: "cart").isEmpty)
    }

    @Test func theTypesMadeOnAStageAreTheStagesConstructorsAndTakeTheirDeclaredOptions() throws {
        let (state, _) = try installed()
        defer { state.close() }
        // An option no constructor knows is refused, naming the constructor: the registry's options are its own.
        for entry in BindingRegistry.entries where entry.made == .stageMethod {
            #expect(!entry.optionKeys.contains("bogus"), "\(entry.name)")
            guard case .error(let message, _) = state.run(text: "Stage{}:\(entry.name){ bogus = 1 }", chunkName: "=t") else {
                Issue.record("s:\(entry.name){ bogus = 1 } was accepted")
                continue
            }
            #expect(message.contains("stage:\(entry.name)") && message.contains("bogus"), "\(message)")
        }
    }
}
