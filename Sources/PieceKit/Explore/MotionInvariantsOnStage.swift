/// The motion rules over a stage's kept frames from a time on, as a scenario's matchers and an exploration's steps
/// ask them. Which frames a rule reads is decided here, once: `finite` reads every frame from `time` on,
/// `continuous` only those drawn without Reduce Motion (under it a state may change at once, by design), `still`
/// only those drawn with it. The frames are the stage's own, read in place (`Stage.keptFrames(from:)`), and walked
/// by the same rules as any frames, specialised for them here: an exploration asks after every step, so a walk
/// costs the step's frames and nothing per frame kept before them.
extension MotionInvariants {
    public static func finite(on stage: Stage, from time: Double,
                              work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        try finite(stage.keptFrames(from: time), work: &work)
    }

    public static func continuous(on stage: Stage, from time: Double, limits: StepLimits,
                                  work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        let moving = stage.keptFrames(from: time).lazy.filter { !stage.reduceMotion(atFrame: $0.index) }
        return try continuous(moving, limits: limits, work: &work)
    }

    public static func still(on stage: Stage, from time: Double, moving: Set<String> = [],
                             work: inout HostWork) throws(HostLimitReached) -> InvariantBreach? {
        let calm = stage.keptFrames(from: time).lazy.filter { stage.reduceMotion(atFrame: $0.index) }
        return try still(calm, moving: moving, work: &work)
    }
}
