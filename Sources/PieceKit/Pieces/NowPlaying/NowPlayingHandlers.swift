/// Touches, keys and VoiceOver, as the SwiftUI piece's gestures, key presses and accessibility actions.
extension NowPlayingPiece {

    /// Parts a gesture can aim at: every element, plus `bar` and `card` for the surface.
    public var partNames: [String] {
        ["surface", "bar", "card", "art", "title", "artist", "hairline", "grabber", "scrubber", "thumb", "times",
         "forward", "previous", "next", "play"]
    }

    public func partRect(_ part: String, index: Int?, on context: any PieceContext) -> Rect? {
        guard index == nil else { return nil }
        let key = part == "bar" || part == "card" ? "surface" : part
        guard partNames.contains(part) else { return nil }
        return presentedRect(key, on: context)
    }

    /// Parts that belong to the card cannot be touched while the bar is on screen, and the bar's own while the
    /// card is; a part the current mode leaves out (the bubbles of a live stream) is not on screen at all.
    public func unreachable(_ part: String, index: Int?, on context: any PieceContext) -> String? {
        guard index == nil, partNames.contains(part) else { return nil }
        let cardParts: Set<String> = ["grabber", "scrubber", "thumb", "times", "previous", "next"]
        let barParts: Set<String> = ["hairline", "forward"]
        if cardParts.contains(part), !state.shown { return "the card is closed (open it first, e.g. tap the bar)" }
        if barParts.contains(part), state.shown { return "the card is open; the \(part) belongs to the bar" }
        let key = part == "bar" || part == "card" ? "surface" : part
        if presentedRect(key, on: context) == nil { return "it is not on screen now" }
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

    /// The rules' elements with the piece's own names: the collapsed bar is `surface` (also found as `bar`).
    private func ruleElements(on context: any PieceContext) -> [NowPlaying.AccessibilityElement] {
        let out = buds.present.filter { buds.isOut($0) }
        return NowPlaying.accessibilityElements(open: state.shown, controlsShown: state.controlsShown, bubblesOut: out,
                                                shownTime: shownTime, inputs(in: context.environment))
    }

    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        ruleElements(on: context).map { element in
            AccessibilityElement(id: element.name, label: element.label,
                                 value: element.value.isEmpty ? nil : element.value,
                                 traits: element.traits.map(\.rawValue), actions: element.actionNames,
                                 frame: presentedRect(element.name, on: context) ?? .zero,
                                 isFocused: focusedElement == element.name)
        }
    }

    /// The whole screen's escape closes the open card, from wherever focus is; on the collapsed bar it reaches the
    /// bar's own escape, which does nothing.
    public func screenActions(on context: any PieceContext) -> [String]? { ["escape"] }

    /// The collapsed bar is `surface`, also found as `bar`.
    public var elementAliases: [String: String] { ["bar": "surface"] }

    /// Runs the rule's action the element names (`perform` has checked the element lists it).
    public func act(_ action: String, on element: String?, context: any PieceContext) -> Bool {
        guard let element else {
            run(state.shown ? .close : .ignored)
            return true
        }
        guard let found = ruleElements(on: context).first(where: { $0.name == element }),
              let chosen = found.action(named: action) else { return false }
        run(chosen)
        return true
    }
}
