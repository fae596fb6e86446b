/// Installs every binding a scenario sees. One file per exposed type; this is the list.
enum Bindings {
    static func install(into context: ScenarioContext) {
        MotionBinding.install(into: context)
        StageBinding.install(into: context)
        FoundationBinding.install(into: context)
    }
}
