/// Installs every binding a scenario sees: the `motion` library, then `Stage{...}` (whose methods make every type
/// `BindingRegistry` says is made on a stage), then every registered class, described before any script runs.
enum Bindings {
    static func install(into context: ScenarioContext) {
        MotionBinding.install(into: context)
        StageBinding.install(into: context)
        FoundationBinding.install(into: context)
        BindingRegistry.describeAll(in: context)
    }
}
