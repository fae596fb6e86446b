/// The piece's fixed numbers and the decisions its specification leaves open (docs/pieces/vinyl.md).
public enum Vinyl {
    /// Revolutions per minute by default: an LP's speed.
    public static let defaultRPM = 33.0
    /// Seconds a change of speed takes to complete.
    public static let defaultRamp = 0.9
    /// The fastest the disc turns either way, in revolutions per minute.
    public static let rpmLimit = 1_000.0
    /// After a pause the timeline keeps drawing for the ramp plus this, then stops (the disc is still by then).
    public static let easingTail = 0.05
    /// The timeline's minimum interval: at most 60 drawings a second (see `StageTimeline` for which frames).
    public static let minimumInterval = 1.0 / 60.0
    /// What VoiceOver calls the disc by default.
    public static let defaultAccessibilityName = "Album art"
    /// The default frame's distance from the stage's left and right sides (the usage example's padding).
    public static let defaultSideInset = 28.0

    /// Degrees per second for `rpm`: held to ±1000 rpm, and 0 for a value that is not a number or infinite.
    public static func degreesPerSecond(rpm: Double) -> Double {
        rpm.isFinite ? min(max(rpm, -rpmLimit), rpmLimit) * 6 : 0
    }

    /// Decision: when Reduce Motion turns off again, the disc carries on from the spin the model kept while it was
    /// held upright: the same call a change of `isPlaying` makes (set the speed for the current `isPlaying`, ease
    /// to a stop if paused). The angle is where the undisturbed spin would be by then, so the disc reappears
    /// turned (not from 0°), already at the speed it had, and heads for the current rpm over the ramp.
    public static let reduceMotionOffResumesTheKeptSpin = true

    /// Decision: a disc that appears already playing starts from rest at 0° and ramps up over the ramp, from the
    /// moment it is put on the stage (its first speed change happens then, as the view's task runs on appearing).
    public static let appearingPlayingRampsUpFromRest = true

    // MARK: Drawing (the specification's white levels)

    /// The disc and the spindle: white 0.08.
    public static let discWhite = 0.08
    /// The grooves: seven 1-point white rings at opacity 0.06.
    public static let ringCount = 7
    public static let ringStroke = 1.0
    public static let ringOpacity = 0.06
    /// Each ring k (1…7) is inset `side · k · ringStep` from the disc's edge.
    public static let ringStep = 0.028
    /// The artwork circle's and the spindle's diameters as fractions of the side.
    public static let artFraction = 0.6
    public static let spindleFraction = 0.05
    /// The sheen: an angular gradient over the whole disc that does not turn, clear → white 0.22 → clear →
    /// white 0.16 → clear, its stops evenly spaced from 0° (Apple's convention: +x, clockwise).
    public static let sheenWhites = [0.0, 0.22, 0.0, 0.16, 0.0]
}
