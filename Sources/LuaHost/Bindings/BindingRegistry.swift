/// One type scripts can hold, as declared in `BindingRegistry`: plain data (for documentation and editor stubs)
/// plus the binding that gives it its behaviour.
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
    /// The keys its constructor's options table accepts (empty when it takes none).
    public let optionKeys: [String]
    /// Its methods, called with a colon (for the stage, without the `s:<type>` constructors, listed by `made`).
    public let methods: [String]
    /// Its read-only fields.
    public let readings: [String]
    /// Whether a plugin manifest may add methods to it.
    public let pluginsMayExtend: Bool
    /// Whether it also answers names that are not fixed (a tier or role looked up by name).
    public let answersAnyName: Bool
    /// The binding that describes its class.
    let binding: any ClassBinding.Type
    /// For a type made with a stage method: the binding that reads the constructor's options.
    let stageMade: (any StageMadeBinding.Type)?

    /// A type made with `s:<name>{...}` and held as a value bound to that stage.
    static func onStage(_ name: String, _ binding: any StageMadeBinding.Type, options: [String],
                        methods: [String], readings: [String], interactive: Bool) -> BindingEntry {
        BindingEntry(name: name, made: .stageMethod, optionKeys: options,
                     methods: (interactive ? BindingRegistry.interactionMethods : []) + methods, readings: readings,
                     pluginsMayExtend: true, answersAnyName: false, binding: binding, stageMade: binding)
    }

    /// A type made some other way.
    static func other(_ name: String, _ binding: any ClassBinding.Type, made: Made, options: [String] = [],
                      methods: [String], readings: [String], pluginsMayExtend: Bool,
                      answersAnyName: Bool = false) -> BindingEntry {
        BindingEntry(name: name, made: made, optionKeys: options, methods: methods, readings: readings,
                     pluginsMayExtend: pluginsMayExtend, answersAnyName: answersAnyName, binding: binding,
                     stageMade: nil)
    }
}

/// Every type scripts can hold, declared once. The stage's constructor methods, the classes plugins may extend
/// (and the check that a plugin's method does not clash with a built-in one) and the editor stubs all read this
/// table; a test holds every installed class to it. Adding a piece is one `.onStage` entry here (see
/// ARCHITECTURE.md, "Adding a piece").
public enum BindingRegistry {
    /// The gestures, keys and accessibility calls every interactive piece answers to (`InteractionBinding`).
    public static let interactionMethods = ["accessibility", "drag", "fling", "key", "part", "perform", "tap", "touch"]

    /// In the order plugin errors list the classes they may extend.
    public static let entries: [BindingEntry] = [
        .other("stage", StageBinding.self, made: .global("Stage"), options: StageBinding.optionKeys,
               methods: ["advance", "after", "emit", "environment", "every", "frame", "frameAt", "frames", "jump", "now",
                         "runUntil", "settle"],
               readings: ["fps", "frameIndex", "height", "width"], pluginsMayExtend: true),
        .onStage("piece", LuaPieceBinding.self, options: LuaPieceBinding.optionKeys,
                 methods: ["set"], readings: ["layout", "name", "state"], interactive: true),
        .other("finger", FingerBinding.self, made: .returnedBy(["<piece>:touch(...)"]),
               methods: ["cancel", "move", "moveTo", "up"], readings: ["isDown", "location"], pluginsMayExtend: true),
        .onStage("player", PlayerBinding.self, options: PlayerBinding.optionKeys,
                 methods: ["calls", "load", "pause", "play", "seek", "skip", "toggle"],
                 readings: ["artist", "count", "duration", "hasPendingSeek", "isLive", "isPlaying", "reportedTime",
                            "time", "title", "track"], interactive: false),
        .onStage("nowPlaying", NowPlayingBinding.self, options: NowPlayingBinding.optionKeys,
                 methods: ["set", "setExpanded"],
                 readings: ["expanded", "isOpen", "isScrubbing", "layout", "name", "pendingSeek", "shownTime", "state"],
                 interactive: true),
        .onStage("page", PageBinding.self, options: PageBinding.optionKeys,
                 methods: ["keyboard", "scroll", "section"],
                 readings: ["contentHeight", "count", "isMoving", "maxOffset", "minOffset", "name", "offset",
                            "readFraction", "sectionAtAnchor", "selection"], interactive: true),
        .onStage("scrollIsland", ScrollIslandBinding.self, options: ScrollIslandBinding.optionKeys,
                 methods: ["set", "setExpanded"],
                 readings: ["count", "current", "isExpanded", "isOpen", "layout", "name", "puckRow", "readFraction",
                            "selection", "shown"], interactive: true),
        .onStage("miniPlayer", MiniPlayerBinding.self, options: MiniPlayerBinding.optionKeys,
                 methods: [], readings: ["dragOffset", "isExpanded", "layout", "name", "progress"], interactive: true),
        .onStage("vinyl", VinylBinding.self, options: VinylBinding.optionKeys,
                 methods: ["set"], readings: ["angle", "isEasing", "isPlaying", "name", "rpm", "speed", "updates"],
                 interactive: true),
        .onStage("borderBeam", BorderBeamBinding.self, options: BorderBeamBinding.optionKeys,
                 methods: [], readings: ["heads", "length", "name"], interactive: false),
        .onStage("metalButton", MetalButtonBinding.self, options: MetalButtonBinding.buttonKeys,
                 methods: [], readings: ["frame", "name", "title"], interactive: true),
        .onStage("glassGroup", GlassGroupBinding.self, options: GlassGroupBinding.optionKeys,
                 methods: ["insert", "remove", "set"], readings: ["ids", "merged", "name", "spacing"], interactive: true),
        .onStage("tools", ToolsBinding.self, options: ToolsBinding.optionKeys,
                 methods: ["setExpanded", "toggle"], readings: ["expanded", "ids", "merged", "name", "spacing"],
                 interactive: true),
        .onStage("sheet", SheetBinding.self, options: SheetBinding.optionKeys,
                 methods: ["dismiss", "present", "setDetent"],
                 readings: ["detent", "detents", "layout", "name", "presented"], interactive: true),
        .onStage("tabBar", TabBarBinding.self, options: TabBarBinding.optionKeys,
                 methods: ["select", "setMinimized"], readings: ["minimized", "name", "selected"], interactive: true),
        .onStage("buds", BudBinding.self, options: BudBinding.optionKeys,
                 methods: ["bloom", "contains", "gather", "isOut", "place"], readings: ["name", "out", "present"],
                 interactive: false),
        .other("work", StageWorkBinding.self, made: .returnedBy(["stage:after(...)", "stage:every(...)"]),
               options: StageWorkBinding.workOptions, methods: ["cancel"], readings: ["active", "label"],
               pluginsMayExtend: false),
        .other("spring", SpringBinding.self, made: .returnedBy(["motion.spring{...}", "motion.tiers.<tier>"]),
               options: MotionBinding.springKeys, methods: ["animation", "value", "velocity"],
               readings: ["bounce", "damping", "dampingRatio", "duration", "mass", "response", "settlingDuration",
                          "stiffness"], pluginsMayExtend: false),
        .other("animation", AnimationBinding.self,
               made: .returnedBy(["motion.roles.<role>", "motion.easeIn(...)", "<spring>:animation()"]),
               methods: ["delay", "isFinished", "speed", "value", "velocity"], readings: ["description", "duration"],
               pluginsMayExtend: false),
        .other("tokens", TokenViewBinding.self, made: .returnedBy(["motion.tiers", "motion.roles", "motion.reduced.*"]),
               methods: [], readings: [], pluginsMayExtend: false, answersAnyName: true),
    ]

    /// The entry called `name`, if any.
    public static func entry(named name: String) -> BindingEntry? { entries.first { $0.name == name } }

    /// The names of the classes plugins may add methods to, in the table's order.
    public static var extensible: [String] { entries.filter(\.pluginsMayExtend).map(\.name) }

    /// The names a plugin may not take for a method of `name`: the class's own members, and for the stage the
    /// constructors of the types made on it too.
    public static func builtInMembers(of name: String) -> Set<String> {
        guard let entry = entry(named: name) else { return [] }
        var names = Set(entry.methods + entry.readings)
        if name == "stage" { names.formUnion(entries.filter { $0.made == .stageMethod }.map(\.name)) }
        return names
    }

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
