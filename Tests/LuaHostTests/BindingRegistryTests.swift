import Testing
@testable import LuaHost
import PieceKit
@testable import LuaRunner
@testable import LuaRuntime

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
        for entry in BindingRegistry.entries {
            guard let cls = state.classCache[entry.name] as? any LuaClassMembers else {
                Issue.record("\(entry.name) is not installed")
                continue
            }
            // Swift methods, and any written in Lua (stage:runUntil) once the metatable exists.
            let methods = Set(cls.methodNames).union(state.methodTableNames(ofClass: "piecebox." + entry.name))
            // The stage's declaration has its constructors (s:player{...}) and its Lua-written runUntil too.
            let expected = Set(entry.methods)
            #expect(methods == expected, "\(entry.name): extra \(methods.subtracting(expected).sorted()), missing \(expected.subtracting(methods).sorted())")
            #expect(Set(cls.propertyNames) == Set(entry.readings), "\(entry.name): readings \(cls.propertyNames)")
            #expect(cls.answersAnyName == entry.answersAnyName, "\(entry.name)")
        }
    }

    @Test func aPluginMayExtendExactlyTheClassesTheRegistrySaysInItsOrder() throws {
        let extensible = BindingRegistry.entries.filter(\.pluginsMayExtend).map(\.name)
        let closed = BindingRegistry.entries.filter { !$0.pluginsMayExtend }.map(\.name)
        #expect(PluginLoader.classes == extensible)
        #expect(extensible.first == "stage" && !closed.isEmpty)
        let folder = try ScenarioFolder()
        let path = try folder.write("scenario.lua", "test('t', function() end)")
        // A method for every class plugins may extend loads.
        let every = extensible.map { "\($0) = { zzProbe = function() end }" }.joined(separator: ", ")
        try folder.write("open/plugin.lua", "return { methods = { \(every) } }")
        let loaded = folder.runFile(path) { $0.pluginFolders = [folder.path + "/open"] }
        #expect(loaded.tests.allSatisfy { $0.status == .passed } && !loaded.tests.isEmpty, "\(loaded.summary)")
        // A class the registry closes is refused, and the message lists the open ones in the registry's order.
        for name in closed {
            try folder.write("\(name)/plugin.lua", "return { methods = { \(name) = { zzProbe = function() end } } }")
            let refused = folder.runFile(path) { $0.pluginFolders = [folder.path + "/\(name)"] }
            let message = refused.tests.first { $0.status == .failed }?.message ?? refused.summary
            #expect(message.contains("methods for '\(name)': no such object (known: \(extensible.joined(separator: ", ")))"),
                    "\(message)")
        }
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

    @Test func everyMemberIsDeclaredWithAOneLineDocAndTypesWhereItIsInstalled() {
        for entry in BindingRegistry.entries {
            let declaration = entry.declaration
            #expect(!declaration.methods.isEmpty || !declaration.readings.isEmpty || declaration.anyName != nil,
                    "\(entry.name) declares nothing")
            for method in declaration.methods {
                let what = "\(entry.name):\(method.name)"
                #expect(!method.doc.isEmpty && !method.doc.contains("\n"), "\(what): doc \"\(method.doc)\"")
                #expect(method.returns.map { !$0.isEmpty } ?? true, "\(what)")
                for arg in method.args { #expect(!arg.name.isEmpty && !arg.type.isEmpty, "\(what): \(arg)") }
            }
            for reading in declaration.readings {
                #expect(!reading.doc.isEmpty && !reading.doc.contains("\n") && !reading.type.isEmpty,
                        "\(entry.name).\(reading.name)")
            }
        }
        // A method's declaration says what it gives: s:after gives work, a finger's moves give the finger back.
        #expect(BindingRegistry.entry(named: "stage")?.declaration.method("after")?.returns == "piecebox.work")
        #expect(BindingRegistry.entry(named: "finger")?.declaration.method("move")?.returns == "piecebox.finger")
    }

    @Test func aClassIsInteractiveExactlyWhenItAnswersEveryGesture() throws {
        let (state, _) = try installed()
        defer { state.close() }
        var interactive: [String] = []
        for entry in BindingRegistry.entries {
            let live = try #require(state.classCache[entry.name] as? any LuaClassMembers, "\(entry.name)")
            let gestures = Set(["tap", "drag", "fling", "touch", "key", "accessibility", "perform", "part"])
            #expect(entry.interactive == gestures.isSubset(of: live.methodNames), "\(entry.name)")
            if entry.interactive { interactive.append(entry.name) }
        }
        // Not a vacuous loop: a finger reaches NowPlaying's bar, and nothing of a player is on screen to touch.
        #expect(interactive.contains("nowPlaying") && !interactive.contains("player"), "\(interactive)")
    }

    @Test func thePiecesThatReadAPlayerAreTheOnesTheSeedsBindToOne() {
        // NowPlaying and the mini player are driven by a media player; the vinyl turns while its player plays.
        let readers = BindingRegistry.entries.filter(\.readsPlayer).map(\.name)
        #expect(Set(["nowPlaying", "miniPlayer", "vinyl"]).isSubset(of: readers), "\(readers)")
        #expect(!readers.contains("glassGroup") && !readers.contains("player"), "\(readers)")
    }

    @Test func everyTypeMadeOnAStageIsMadeByItsDeclaredExampleInRegistryOrder() throws {
        let examples = DeclaredScenario.examples
        #expect(examples.count == BindingRegistry.entries.filter { $0.made == .stageMethod }.count)
        // Each made in registry order by DeclaredScenario, then each printed.
        let (result, summary) = try DeclaredScenario.run(examples.map { "  print(\"\($0.name) \" .. tostring(made.\($0.name)))" })
        #expect(result.status == .passed, "\(summary)")
        // Each prints its name and the class it made (`__tostring` names the class).
        #expect(result.output == examples.map { "\($0.0) \($0.0)" }, "\(result.output)")
    }

    @Test func aScenariosClassesKeepNoDeclarationsSoMetadataCostsAFileNothing() throws {
        let (state, _) = try installed()
        defer { state.close() }
        // The state's classes answer every member but build none of the docs and types the registry reads.
        let stage = try #require(state.classCache["stage"] as? LuaClass<StageObject>)
        let vinyl = try #require(state.classCache["vinyl"] as? LuaClass<Bound<VinylPiece>>)
        #expect(stage.methodNames.contains("advance") && vinyl.propertyNames.contains("angle"))
        #expect(stage.declaration.methods.isEmpty && vinyl.declaration.readings.isEmpty)
        // The registry's own description keeps them all.
        #expect(BindingRegistry.entry(named: "vinyl")?.declaration.readingNames.contains("angle") == true)
    }
}
