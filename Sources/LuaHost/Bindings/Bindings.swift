/// Installs every binding a scenario sees: the `motion` library (and `text`, `ui`), then `Stage{...}` (whose methods make every type
/// `BindingRegistry` says is made on a stage, and the globals those types bring), then the other registered classes.
package enum Bindings {
    /// When the classes are described.
    package enum Describe {
        /// All of them now, the stage's Lua-written methods and the frames' views included: what checks of the
        /// whole surface (the registry, the stubs) look at.
        case all
        /// Each the first time the state needs it (its first value pushed, a plugin's clash check); the stage's
        /// class, its Lua-written methods and the frames' views at the first `Stage{...}`. What a script sees is
        /// the same either way: a class's metatable is made at its first push in both cases, and the stage's Lua
        /// chunks set no global and only fill tables no script can reach before it holds a stage. A file that
        /// touches two classes no longer pays for describing twenty, nor one that makes no stage for the stage.
        case onFirstUse
    }

    /// With `.onFirstUse` the libraries (`motion`, `text`, `ui`) are filled the first time they are touched
    /// (`LuaState.setLazyGlobal`), in the same order and numbering as `.all` fills them now.
    package static func install(into context: BindingContext, describe: Describe = .all) {
        guard describe == .onFirstUse else {
            MotionBinding.install(into: context)
            StageBinding.install(into: context)
            FoundationBinding.install(into: context)
            UIBinding.install(into: context)
            BindingRegistry.describeAll(in: context)
            StageBinding.prepared(context)
            return
        }
        let state = context.state
        state.setLazyGlobal("motion") { MotionBinding.fill($0, context) }
        StageBinding.install(into: context)
        state.addToLazyGlobal("motion") { FoundationBinding.fillMotion($0, context) }
        state.setLazyGlobal("text") { FoundationBinding.fillText($0, context) }
        state.setLazyGlobal("ui") { UIBinding.fill($0, context) }
    }
}
