/// Touches, keys and VoiceOver, as the SwiftUI piece's gestures, key presses and accessibility actions.
extension NowPlayingPiece {

    /// Parts a gesture can aim at: every element, with `bar` and `card` for the surface. The card's own cannot be
    /// touched while the bar is on screen, nor the bar's own while the card is; a part the current mode leaves out
    /// (the bubbles of a live stream) is not on screen at all.
    public var parts: [Part] {
        func part(_ name: String, drawnAs element: String? = nil, on side: Side = .either) -> Part {
            Part(name, drawnAs: element) { here in self.reach(here, drawnAs: element, on: side) }
        }
        return [part("surface"), part("bar", drawnAs: "surface"), part("card", drawnAs: "surface"), part("art"),
                part("title"), part("artist"), part("hairline", on: .bar), part("grabber", on: .card),
                part("scrubber", on: .card), part("thumb", on: .card), part("times", on: .card),
                part("forward", on: .bar), part("previous", on: .card), part("next", on: .card), part("play")]
    }

    /// Which of the two faces a part belongs to.
    enum Side { case either, card, bar }

    /// Why a finger cannot reach a part now: its face is not the one on screen, or it is not drawn.
    private func reach(_ here: PartLookup, drawnAs element: String?, on side: Side) -> String? {
        if side == .card, !state.shown { return "the card is closed (open it first, e.g. tap the bar)" }
        if side == .bar, state.shown { return "the card is open; the \(here.name) belongs to the bar" }
        if here.element(element) == nil { return "it is not on screen now" }
        return nil
    }

    /// An element's rect as the latest frame shows it (what a finger would aim at), else where it is heading.
    func presentedRect(_ element: String, on context: any PieceContext) -> Rect? {
        if let shown = context.latestFrame?.piece(name)?.element(element)?.rect { return shown }
        return context.targets(of: name)?.first { $0.name == element }?.rect
    }

    private func presentedScale(_ element: String, on context: any PieceContext) -> Double {
        context.latestFrame?.piece(name)?.element(element)?["scale"] ?? 1
    }

    // MARK: Touches

    public func handle(_ touch: Touch, on context: any PieceContext) {
        if touch.phase == .began {
            touchTarget = inputs(in: context.environment).isEnabled ? hitTest(touch.location, on: context) : nil
        }
        guard let target = touchTarget else { return }
        if touch.phase == .ended || touch.phase == .cancelled { touchTarget = nil }
        switch target {
        case .surface(let startedOnGrabber):
            surfaceTouch(touch, startedOnGrabber: startedOnGrabber, on: context)
        case .scrubber(let rect):
            scrubberTouch(touch, rect: rect)
        case .button(let id):
            buttonTouch(touch, id: id, on: context)
        }
    }

    /// What is under a finger, top first: play, the bubbles that are out, the scrubber (while the card's controls
    /// are in and it can seek), then the glass. Anything else passes through.
    ///
    /// Every shape is tested as the latest frame presents it (mid-flight too), so a finger aimed at what is on
    /// screen finds it; the glass by its rounded shape (the seed's `contentShape`), at its presented radius and
    /// press scale, so a touch in a corner outside the capsule or the card passes through.
    private func hitTest(_ point: Point, on context: any PieceContext) -> TouchTarget? {
        func inCircle(_ id: String) -> Bool {
            guard let r = presentedRect(id, on: context) else { return false }
            let dx = point.x - r.midX, dy = point.y - r.midY
            let radius = r.width / 2 * presentedScale(id, on: context)
            return dx * dx + dy * dy <= radius * radius
        }
        if inCircle("play") { return .button("play") }
        for bubble in buds.present.reversed() where buds.isOut(bubble) && inCircle(bubble.rawValue) {
            return .button(bubble.rawValue)
        }
        let inputs = inputs(in: context.environment)
        if state.controlsShown, inputs.canSeek, let scrub = presentedRect("scrubber", on: context), scrub.contains(point) {
            return .scrubber(scrub)
        }
        guard inSurfaceShape(point, on: context) else { return nil }
        // The grabber is found by geometry, as the seed tests the start point against the layout's grabber.
        let environment = context.environment
        let grabber = onStage(layout(in: environment).grabber, in: environment).offsetBy(dx: 0, dy: state.drop)
        return .surface(startedOnGrabber: grabber.contains(point))
    }

    /// Whether `point` falls inside the glass as presented: the capsule or the card's rounded rect, scaled about
    /// its centre by the press.
    private func inSurfaceShape(_ point: Point, on context: any PieceContext) -> Bool {
        guard let r = presentedRect("surface", on: context) else { return false }
        let presented = context.latestFrame?.piece(name)?.element("surface")
        let target = context.targets(of: name)?.first { $0.name == "surface" }
        let scale = presented?["scale"] ?? target?.number(named: "scale") ?? 1
        let radius = presented?["radius"] ?? target?.number(named: "radius") ?? 0
        let shape = GlassShape(name: "surface", center: r.center, halfWidth: r.width / 2 * scale,
                               halfHeight: r.height / 2 * scale, radius: radius * scale)
        return shape.distance(to: point) <= 0
    }

    private func surfaceTouch(_ touch: Touch, startedOnGrabber: Bool, on context: any PieceContext) {
        let t = touch.translation
        let g = layout(in: context.environment)
        switch touch.phase {
        case .began, .moved:
            change {
                let set = state.drag.changed(dx: t.width, dy: t.height, open: state.shown,
                                             reduceMotion: context.environment.reduceMotion)
                if let stretch = set.stretch { state.stretch = stretch }
                if let drop = set.drop { state.drop = drop }
            }
        case .ended:
            var release = NowPlaying.Release.none
            change {
                release = state.drag.ended(dx: t.width, dy: t.height, velocity: touch.velocity.y, open: state.shown,
                                           startedOnGrabber: startedOnGrabber, stretch: state.stretch,
                                           cardHeight: g.card.height)
            }
            letGo(release)
        case .cancelled:
            // The system took the touch: a pull or a drop lets go where it is, at rest.
            var release = NowPlaying.Release.none
            change { release = state.drag.cancelled(stretch: state.stretch, cardHeight: g.card.height) }
            letGo(release)
        }
    }

    private func letGo(_ release: NowPlaying.Release) {
        switch release {
        case .none:
            break
        case .open(let velocity):
            setExpanded(true, velocity: velocity)
        case .close(let velocity):
            setExpanded(false, velocity: velocity)
        case .stretchBack(let speed):
            change(tokens.settle(velocity: speed, from: state.stretch, to: 0)) { state.stretch = 0 }
        case .dropBack(let velocity):
            change(tokens.settle(velocity: velocity, from: state.drop, to: 0)) { state.drop = 0 }
        }
    }

    /// Touch anywhere on the track and the thumb jumps there, growing; the seek is reported once, on release.
    private func scrubberTouch(_ touch: Touch, rect: Rect) {
        switch touch.phase {
        case .began, .moved:
            handling {
                if state.playhead.scrub(toX: touch.location.x - rect.minX, width: rect.width, inputs) {
                    haptic("grab", .selection)
                }
            }
        case .ended:
            guard let target = state.playhead.scrubTime else { return }
            handling {
                state.playhead.cancelScrub()
                seek(to: target)
            }
        case .cancelled:
            change { state.playhead.cancelScrub() }
        }
    }

    /// A glass button: it sinks under the finger and acts when the finger lifts on it.
    private func buttonTouch(_ touch: Touch, id: String, on context: any PieceContext) {
        switch touch.phase {
        case .began:
            change { pressedButton = id }
        case .moved:
            break
        case .ended, .cancelled:
            let inside = presentedRect(id, on: context)?.contains(touch.location) ?? false
            change { pressedButton = nil }
            guard touch.phase == .ended, inside else { return }
            if id == "play" {
                playPause()
            } else if let bubble = NowPlaying.Bubble(rawValue: id), buds.isOut(bubble) {
                skip(bubble)
            }
        }
    }

    // MARK: Keys

    @discardableResult
    public func handle(_ key: Key, on context: any PieceContext) -> Bool {
        let mapped: NowPlaying.Key
        switch key {
        case .space: mapped = .space
        case .return: mapped = .return
        case .escape: mapped = .escape
        case .left: mapped = .leftArrow
        case .right: mapped = .rightArrow
        default: return false
        }
        guard let action = NowPlaying.action(for: mapped, open: state.shown, inputs(in: context.environment)) else {
            return false
        }
        run(action)
        return true
    }

    // MARK: Accessibility

    /// The rules' elements, where the latest frame shows them, each action running on this piece. The collapsed
    /// bar is `surface` (also found as `bar`).
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        NowPlaying.accessibilityElements(open: state.shown, controlsShown: state.controlsShown,
                                         bubblesOut: buds.present.filter { buds.isOut($0) }, shownTime: shownTime,
                                         inputs(in: context.environment),
                                         frame: { presentedRect($0, on: context) ?? .zero },
                                         focused: focusedElement, run: { self.run($0) })
    }

    /// The whole screen's escape closes the open card, from wherever focus is; on the collapsed bar it reaches the
    /// bar's own escape, which does nothing.
    public func screenActions(on context: any PieceContext) -> [AccessibilityAction]? {
        [AccessibilityAction("escape") { self.run(self.state.shown ? .close : .ignored) }]
    }

    /// The collapsed bar is `surface`, also found as `bar`.
    public var elementAliases: [String: String] { ["bar": "surface"] }
}
