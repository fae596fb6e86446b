extension NowPlaying {
    /// The timing of opening and closing, in seconds, as the seed's sleeps give them.
    public enum Beats {
        /// Opening: the card's controls come in this long after the glass starts to grow (Reduce Motion: 0.06).
        public static let controlsAfterGrow = 0.22
        public static let controlsAfterGrowReduced = 0.06
        /// Opening: the landing haptic and the focus move, after the skips bloom (Reduce Motion: 0.04).
        public static let landAfterBloom = 0.22
        public static let landAfterBloomReduced = 0.04
        /// Closing: the fold starts this long after the controls go (Reduce Motion: at once).
        public static let foldAfterControls = 0.11
        /// Closing: the bar's own content comes back this long after the fold starts (Reduce Motion: 0.06).
        public static let barAfterFold = 0.28
        public static let barAfterFoldReduced = 0.06
        /// Closing: the landing haptic after forward blooms (Reduce Motion: 0.04).
        public static let landAfterForward = 0.16
        /// Reduce Motion: the fliers fade out on this ease, and the layout changes once they are gone.
        public static let fliersFade = 0.12
        /// The lines blur out on this ease whenever the layout is about to change.
        public static let linesOut = 0.1
        /// A bloom adds its bubbles home, then sends them out this long after (plus its own delay).
        public static let bloomLead = Budding.lead
        /// Bubbles leave play this far apart on opening (0.05 for any other bloom) and come home 0.04 apart.
        public static let openingStagger = 0.06
        public static let bloomStagger = Budding.bloomStagger
        public static let gatherStagger = Budding.gatherStagger
        /// A gathered bubble is removed this long (plus one stagger per bubble) after it was called home.
        public static let gatherRemoval = Budding.removal
    }

    /// What a choreography asks of the piece at each beat. The stage piece carries these out in transactions;
    /// tests record them.
    public enum Cue: Equatable, Sendable {
        /// Change state with this animation (nil snaps).
        case set(String, Animation?)
        case gather([Bubble])
        case bloom([Bubble], stagger: Double)
        /// The landing haptic; `focusTitle` moves VoiceOver to the title (on opening).
        case land(focusTitle: Bool)
    }

    /// The steps of opening or closing, as `(delay after the previous step, cue, change)`. `velocity` is a release's
    /// finger speed; with one, the glass leaves on the calm spring at that speed instead of the reveal or dismiss
    /// role. `bubblesPresent` says which bubbles exist now (a gather only calls those home).
    public static func presentation(open: Bool, reduceMotion rm: Bool, motion: MotionTokens, layout: NowPlayingLayout,
                                    inputs: Inputs, state: State, velocity: Double?,
                                    bubblesPresent: [Bubble]) -> [(delay: Double, cue: Cue, change: (inout State) -> Void)] {
        var steps: [(delay: Double, cue: Cue, change: (inout State) -> Void)] = []
        func add(_ delay: Double, _ cue: Cue, _ change: @escaping (inout State) -> Void = { _ in }) {
            steps.append((delay, cue, change))
        }
        let skips = inputs.skipBubbles
        let calm = motion.tier(.calm)
        if open {
            if bubblesPresent.contains(.forward) { add(0, .gather([.forward])) }
            add(0, .set("hairlineShown", motion.dismiss)) { $0.hairlineShown = false }
            add(0, .set("linesShown", .easeOut(duration: Beats.linesOut))) { $0.linesShown = false }
            var wait = 0.0
            if rm {
                add(0, .set("fliersShown", .easeOut(duration: Beats.fliersFade))) { $0.fliersShown = false }
                wait = Beats.fliersFade
            }
            let grow = velocity.map {
                motion.settle(velocity: $0, from: -state.stretch, to: layout.card.minY, spring: calm)
            } ?? motion.reveal
            add(wait, .set("shown", grow)) { $0.shown = true; $0.stretch = 0; $0.drop = 0 }
            add(rm ? Beats.controlsAfterGrowReduced : Beats.controlsAfterGrow, .set("controlsShown", motion.reveal)) {
                $0.controlsShown = true; $0.fliersShown = true; $0.linesShown = true
            }
            var landWait = rm ? Beats.landAfterBloomReduced : Beats.landAfterBloom
            if !skips.isEmpty {
                add(0, .bloom(skips, stagger: Beats.openingStagger))
                landWait += Beats.bloomLead
            }
            add(landWait, .land(focusTitle: true))
        } else {
            add(0, .set("controlsShown", motion.dismiss)) { $0.controlsShown = false }
            add(0, .set("linesShown", .easeOut(duration: Beats.linesOut))) { $0.linesShown = false }
            let home = skips.filter(bubblesPresent.contains)
            if !home.isEmpty { add(0, .gather(home)) }
            var wait = rm ? 0 : Beats.foldAfterControls
            if rm {
                add(0, .set("fliersShown", .easeOut(duration: Beats.fliersFade))) { $0.fliersShown = false }
                wait = Beats.fliersFade
            }
            let fold = velocity.map {
                motion.settle(velocity: $0, from: layout.card.minY + state.drop, to: 0, spring: calm)
            } ?? motion.dismiss
            add(wait, .set("shown", fold)) { $0.shown = false; $0.drop = 0; $0.stretch = 0 }
            add(rm ? Beats.barAfterFoldReduced : Beats.barAfterFold, .set("hairlineShown", motion.reveal)) {
                $0.hairlineShown = true; $0.fliersShown = true; $0.linesShown = true
            }
            var landWait = rm ? Beats.landAfterBloomReduced : Beats.landAfterForward
            if inputs.hasForward {
                add(0, .bloom([.forward], stagger: Beats.bloomStagger))
                landWait += Beats.bloomLead
            }
            add(landWait, .land(focusTitle: false))
        }
        return steps
    }

    /// The presentation as a named, cancellable `Choreography` ("present": a new open or close cancels the one
    /// running). `perform` carries out each cue with its state change.
    public static func presentationChoreography(
        _ steps: [(delay: Double, cue: Cue, change: (inout State) -> Void)],
        perform: @escaping (Cue, @escaping (inout State) -> Void) -> Void) -> Choreography {
        var choreography = Choreography(name: "present")
        for step in steps {
            let cue = step.cue, change = step.change
            choreography = choreography.then(after: step.delay, label: label(for: cue)) { perform(cue, change) }
        }
        return choreography
    }

    /// How Swift prints a cue (`"\(cue)"`), spelt out: printing an enum with a payload walks it by reflection, and
    /// every open and close names its steps' scheduled work this way.
    public static func label(for cue: Cue) -> String {
        func bubbles(_ list: [Bubble]) -> String {
            "[" + list.map { "PieceKit.NowPlaying.Bubble.\($0.rawValue)" }.joined(separator: ", ") + "]"
        }
        switch cue {
        case let .set(name, animation):
            return "set(\(name.debugDescription), \(animation.map { "Optional(\($0))" } ?? "nil"))"
        case .gather(let list):
            return "gather(\(bubbles(list)))"
        case let .bloom(list, stagger):
            return "bloom(\(bubbles(list)), stagger: \(stagger))"
        case .land(let focusTitle):
            return "land(focusTitle: \(focusTitle))"
        }
    }
}
