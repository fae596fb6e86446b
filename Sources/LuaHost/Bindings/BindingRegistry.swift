/// One type scripts can hold, as declared in `BindingRegistry`: its name, how a script gets one, whether plugins may
/// extend it, and the binding that gives it its behaviour. Everything else (its methods with what they take and
/// give, its readings, whether a finger can reach it) is declared once in the binding's `describe`, where the
/// bodies are installed, and read from there (`declaration`).
public struct BindingEntry: Sendable {
    /// How a script gets a value of the type.
    public enum Made: Sendable, Equatable {
        /// A global constructor: `Stage{...}`.
        case global(String)
        /// A method of the stage named as the type: `s:nowPlaying{...}`.
        case stageMethod
        /// Returned by other calls, as written here: `"motion.spring{...}"`, `"<piece>:touch(...)"`.
        case returnedBy([String])
    }

    /// The name scripts see in messages and plugins use in `methods = { name = ... }`.
    public let name: String
    public let made: Made
    /// Whether a plugin manifest may add methods to it.
    public let pluginsMayExtend: Bool
    /// The binding that describes its class.
    package let binding: any ClassBinding.Type
    /// For a type made with a stage method: the binding that reads the constructor's options.
    let stageMade: (any StageMadeBinding.Type)?

    /// A type made with `s:<name>{...}` and held as a value bound to that stage; plugins may extend it.
    static func onStage(_ name: String, _ binding: any StageMadeBinding.Type) -> BindingEntry {
        BindingEntry(name: name, made: .stageMethod, pluginsMayExtend: true, binding: binding, stageMade: binding)
    }

    /// A type made some other way.
    static func made(_ name: String, _ binding: any ClassBinding.Type, by made: Made,
                     pluginsMayExtend: Bool) -> BindingEntry {
        BindingEntry(name: name, made: made, pluginsMayExtend: pluginsMayExtend, binding: binding, stageMade: nil)
    }

    /// What the binding declared about the class (see `BindingRegistry.declarations`).
    package var declaration: ClassDeclaration { BindingRegistry.declarations[name] ?? ClassDeclaration() }

    /// The keys its constructor's options table accepts (empty when it takes none).
    public var optionKeys: [String] { binding.optionKeys }
    /// Its methods, called with a colon (for the stage, the `s:<type>` constructors included), as declared.
    public var methods: [String] { declaration.methodNames }
    /// Its read-only fields, as declared.
    public var readings: [String] { declaration.readingNames }
    /// Whether it also answers names that are not fixed (a tier or role looked up by name).
    public var answersAnyName: Bool { declaration.anyName != nil }
    /// Whether a finger can reach it (it answers `tap`, `drag`, `touch`, ...).
    public var interactive: Bool { declaration.interactive }
    /// For a type made on a stage: a working options table for its constructor, as Lua (see `StageMadeBinding`).
    public var example: String? { stageMade?.example }
    /// Whether it reads a player: it takes a `player` option (one made with `s:player`, or a Lua table).
    public var readsPlayer: Bool { optionKeys.contains("player") }
}

/// Every type scripts can hold, one line each. The stage's constructor methods, the classes plugins may extend (and
/// the check that a plugin's method does not clash with a built-in one), the editor stubs, the API reference and the
/// tests all read this table and the declarations its bindings make. Adding a piece is one `.onStage` line here (see
/// ARCHITECTURE.md, "Adding a piece").
public enum BindingRegistry {
    /// In the order plugin errors list the classes they may extend.
    public static let entries: [BindingEntry] = [
        .made("stage", StageBinding.self, by: .global("Stage"), pluginsMayExtend: true),
        .onStage("piece", LuaPieceBinding.self),
        .made("finger", FingerBinding.self, by: .returnedBy(["<piece>:touch(...)"]), pluginsMayExtend: true),
        .onStage("player", PlayerBinding.self),
        .onStage("nowPlaying", NowPlayingBinding.self),
        .onStage("page", PageBinding.self),
        .onStage("scrollIsland", ScrollIslandBinding.self),
        .onStage("miniPlayer", MiniPlayerBinding.self),
        .onStage("vinyl", VinylBinding.self),
        .onStage("borderBeam", BorderBeamBinding.self),
        .onStage("metalButton", MetalButtonBinding.self),
        .onStage("glassGroup", GlassGroupBinding.self),
        .onStage("tools", ToolsBinding.self),
        .onStage("sheet", SheetBinding.self),
        .onStage("tabBar", TabBarBinding.self),
        .onStage("refresher", RefresherBinding.self),
        .onStage("buds", BudBinding.self),
        .made("work", StageWorkBinding.self, by: .returnedBy(["stage:after(...)", "stage:every(...)"]), pluginsMayExtend: false),
        .made("spring", SpringBinding.self, by: .returnedBy(["motion.spring{...}", "motion.tiers.<tier>"]), pluginsMayExtend: false),
        .made("animation", AnimationBinding.self,
              by: .returnedBy(["motion.roles.<role>", "motion.easeIn(...)", "<spring>:animation()"]), pluginsMayExtend: false),
        .made("view", ViewBinding.self, by: .returnedBy(["ui.VStack{...}", "ui.Text(...)", "<view>:padding(...)"]),
              pluginsMayExtend: false),
        .made("tokens", TokenViewBinding.self, by: .returnedBy(["motion.tiers", "motion.roles", "motion.reduced.*"]),
              pluginsMayExtend: false),
    ]

    /// The entry called `name`, if any.
    public static func entry(named name: String) -> BindingEntry? { entries.first { $0.name == name } }

    /// The names of the classes plugins may add methods to, in the table's order.
    public static var extensible: [String] { entries.filter(\.pluginsMayExtend).map(\.name) }

    /// The names a plugin may not take for a method of `name`: the class's own members (for the stage, the
    /// constructors of the types made on it too, which are its methods).
    public static func builtInMembers(of name: String) -> Set<String> {
        guard let entry = entry(named: name) else { return [] }
        return Set(entry.methods + entry.readings)
    }

    /// Every class's declaration, by name: each binding's `describe` run once on a class of a state no script runs
    /// in, its bodies dropped and what it declared kept. Made the first time something asks (the stubs, a plugin's
    /// clash check); a scenario's calls never do. Empty only if Lua itself cannot start, when nothing runs anyway.
    static var declarations: [String: ClassDeclaration] { described.classes }

    /// The functions of each library table a scenario finds (`motion`, `metal`, `text`), as their bindings declare
    /// them where their bodies are.
    package static func libraryFunctions(_ library: String) -> [MethodSpec] { described.libraries[library] ?? [] }

    /// What describing everything once gives, made the first time it is asked for.
    private static let described: (classes: [String: ClassDeclaration], libraries: [String: [MethodSpec]]) = {
        guard let state = try? LuaState() else { return ([:], [:]) }
        defer { state.close() }
        let context = BindingContext(state: state, path: "=declarations", options: RunOptions())
        var classes: [String: ClassDeclaration] = [:]
        for entry in entries { classes[entry.name] = entry.binding.declaration(context) }
        let libraries = [
            "motion": (MotionBinding.functions(context) + FoundationBinding.motionFunctions).map(\.spec),
            "motion.reduced": MotionBinding.foundationFunctions(context, reduceMotion: true).map(\.spec),
            "metal": MetalButtonBinding.libraryFunctions.map(\.spec),
            "text": FoundationBinding.textFunctions(context).map(\.spec),
            "ui": UIBinding.functions(context).map(\.spec),
        ]
        return (classes, libraries)
    }()

    /// The bindings whose types are made with a stage method, in the table's order.
    static let madeOnStage: [any StageMadeBinding.Type] = entries.compactMap(\.stageMade)

    /// A binding's name, by the binding.
    static func name(of binding: any ClassBinding.Type) -> String {
        names[ObjectIdentifier(binding)] ?? "unregistered \(binding)"
    }

    private static let names: [ObjectIdentifier: String] = Dictionary(
        entries.map { (ObjectIdentifier($0.binding), $0.name) }, uniquingKeysWith: { first, _ in first })

    /// Describes every class in `context`'s state, so the state knows them all before any script runs.
    static func describeAll(in context: BindingContext) {
        for entry in entries { _ = entry.binding.members(context) }
    }
}
