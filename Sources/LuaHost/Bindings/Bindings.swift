/// Installs every binding a scenario sees: the `motion` library, then `Stage{...}` (whose methods make every type
/// `BindingRegistry` says is made on a stage), then the other registered classes.
enum Bindings {
    /// When the classes beyond the stage are described.
    enum Describe {
        /// All of them now: what checks of the whole surface (the registry, the stubs) look at.
        case all
        /// Each the first time the state needs it (its first value pushed, a plugin's clash check). What a script
        /// sees is the same either way: a class's metatable is made at its first push in both cases, and describing
        /// runs no Lua. A file that touches two classes no longer pays for describing twenty.
        case onFirstUse
    }

    static func install(into context: ScenarioContext, describe: Describe = .all) {
        MotionBinding.install(into: context)
        StageBinding.install(into: context)
        FoundationBinding.install(into: context)
        if describe == .all { BindingRegistry.describeAll(in: context) }
    }
}
