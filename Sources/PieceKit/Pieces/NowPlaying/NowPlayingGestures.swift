extension NowPlaying {
    /// The one drag on the glass surface. Collapsed: a tap opens and an upward pull stretches the bar. Open: a
    /// downward drag carries the card, and a tap on the grabber closes it. Sideways drags pass through.
    public enum DragMode: String, Sendable {
        case idle, pressing
        case pulling, dropping, passing
    }

    /// What the surface does when the finger lifts.
    public enum Release: Equatable, Sendable {
        case none
        /// A tap on the bar, or a strong enough pull: open, carrying the finger's velocity when there is one.
        case open(velocity: Double?)
        /// A tap on the grabber, or a far enough drop: close.
        case close(velocity: Double?)
        /// A weak pull: the stretch springs back to 0 leaving at `speed` (points per second).
        case stretchBack(speed: Double)
        /// A short drop: the card springs back up, leaving at the finger's `velocity`.
        case dropBack(velocity: Double)
    }

    /// The drag's state and its decisions, as plain numbers: translations and velocities in points and points per
    /// second, y down.
    public struct SurfaceDrag: Sendable, Equatable {
        /// A touch that moves further than this becomes a pull, a drop or a pass; until then it may be a tap.
        public static let decisionDistance = 8.0
        /// How far an upward drag of the open card can go, through a stiff band.
        public static let dropBandLimit = 36.0
        /// A pull opens when the flick would carry it past this.
        public static let openingPull = 72.0
        /// A drop closes when the flick would carry it past the larger of this and `closingShare` of the card.
        public static let closingDropMinimum = 110.0
        public static let closingShare = 0.22
        /// One frame at 120 fps: the step over which the stretch's own release speed is measured.
        public static let releaseFrame = 1.0 / 120

        public private(set) var mode: DragMode = .idle
        /// The bar sinks under a touch that may still be a tap (never while open).
        public private(set) var pressing = false

        public init() {}

        /// The finger moved (translation from where it went down). Returns the new stretch or drop to set directly,
        /// untransformed by any animation, so the glass stays under the finger.
        public mutating func changed(dx: Double, dy: Double, open: Bool, reduceMotion: Bool) -> (stretch: Double?, drop: Double?) {
            if mode == .idle {
                mode = .pressing
                pressing = !open
            }
            if mode == .pressing, (dx * dx + dy * dy).squareRoot() > Self.decisionDistance {
                mode = abs(dy) > abs(dx) ? (open ? .dropping : .pulling) : .passing
                pressing = false
            }
            switch mode {
            case .pulling: return (Self.stretch(forDY: dy, reduceMotion: reduceMotion), nil)
            case .dropping: return (nil, Self.drop(forDY: dy))
            default: return (nil, nil)
            }
        }

        /// The bar reaches up after the finger through a band that never passes `NowPlayingLayout.pullLimit`.
        /// Under Reduce Motion it stays put.
        public static func stretch(forDY dy: Double, reduceMotion: Bool) -> Double {
            reduceMotion ? 0 : GesturePhysics.rubberBand(max(-dy, 0), limit: NowPlayingLayout.pullLimit)
        }

        /// The card follows a downward drag one to one and resists an upward one.
        public static func drop(forDY dy: Double) -> Double {
            dy >= 0 ? dy : GesturePhysics.rubberBand(dy, limit: dropBandLimit)
        }

        /// How far a drop must coast to close a card `cardHeight` tall.
        public static func closingDrop(cardHeight: Double) -> Double {
            max(closingDropMinimum, cardHeight * closingShare)
        }

        /// The finger lifts. A touch that never became a drag is a tap: it opens the bar, or closes the card when it
        /// began on the grabber. A pull or a drop decides by where the flick would coast to.
        public mutating func ended(dx: Double, dy: Double, velocity: Double, open: Bool, startedOnGrabber: Bool,
                                   stretch: Double, cardHeight: Double) -> Release {
            if mode == .pressing {
                mode = .idle
                pressing = false
                if !open { return .open(velocity: nil) }
                return startedOnGrabber ? .close(velocity: nil) : .none
            }
            return letGo(dy: dy, velocity: velocity, stretch: stretch, cardHeight: cardHeight)
        }

        /// The system took the touch: a pull or drop lets go where it is, at rest; a possible tap does nothing.
        public mutating func cancelled(stretch: Double, cardHeight: Double) -> Release {
            letGo(dy: 0, velocity: 0, stretch: stretch, cardHeight: cardHeight)
        }

        private mutating func letGo(dy: Double, velocity v: Double, stretch: Double, cardHeight: Double) -> Release {
            let was = mode
            mode = .idle
            pressing = false
            switch was {
            case .pulling:
                if GesturePhysics.project(-dy, velocity: -v) > Self.openingPull { return .open(velocity: v) }
                // The bar's own speed: the finger's, slowed by the band, over one frame.
                let pull = max(-dy, 0)
                let banded = GesturePhysics.rubberBand(max(pull - v * Self.releaseFrame, 0),
                                                       limit: NowPlayingLayout.pullLimit)
                return .stretchBack(speed: (banded - stretch) / Self.releaseFrame)
            case .dropping:
                if GesturePhysics.project(dy, velocity: v) > Self.closingDrop(cardHeight: cardHeight) {
                    return .close(velocity: v)
                }
                return .dropBack(velocity: v)
            default:
                return .none
            }
        }
    }
}
