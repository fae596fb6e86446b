/// Fingers, keys and VoiceOver on the sheet.
///
/// A touch on the presented sheet (its grabber included) holds it: the sheet follows the finger one for one, and
/// above the large detent through a rubber band that never passes `SheetPiece.pullLimit`. On release it goes to the
/// detent nearest where it would coast (`SheetLayout.destination`), or away (the app hears `onDismiss`), on the snap
/// spring leaving at the finger's speed. A change of detent is reported as `onDetentChange`. A tap on the grabber
/// moves to the next detent (the largest wraps to the smallest), as VoiceOver's activate on it does; escape
/// dismisses. A disabled stage takes no touches.
extension SheetPiece {
    /// The sheet and its grabber; any other element it draws may be aimed at by its name too.
    public var parts: [Part] { [Part("sheet"), Part("grabber"), .anyElement] }

    public func handle(_ touch: Touch, on context: any PieceContext) {
        let env = context.environment
        let layout = self.layout(in: env)
        switch touch.phase {
        case .began:
            guard env.isEnabled, isPresented, let sheet = elementRect("sheet", on: context),
                  sheet.contains(touch.location) else { return }
            let start = context.latestFrame?[name, "sheet"]?["y"] ?? restingTop(in: env)
            dragStart = start
            // A system sheet: the finger takes it where it shows, stopping the motion that carried it.
            context.hold { dragTop = start }
        case .moved:
            guard let start = dragStart else { return }
            let raw = start + touch.translation.height
            let high = layout.top(of: .large)
            let top = raw < high ? high + GesturePhysics.rubberBand(raw - high, limit: Self.pullLimit) : raw
            context.hold { dragTop = top }
        case .ended:
            guard let start = dragStart else { return }
            dragStart = nil
            let top = dragTop ?? start
            let moved = abs(touch.translation.height) > 0
            if !moved, let grabber = elementRect("grabber", on: context), grabber.insetBy(dx: -22, dy: -19).contains(touch.location) {
                // The finger held the sheet where it was (mid-rise, say): it lets go on the snap spring, never
                // with a snap from the held place to the detent.
                context.transact(context.tokens.snap) { dragTop = nil }
                cycleDetent()
                return
            }
            release(from: top, velocity: touch.velocity.y, on: context)
        case .cancelled:
            guard dragStart != nil, let top = dragTop else { return }
            dragStart = nil
            release(from: top, velocity: 0, on: context)
        }
    }

    /// The finger lets go at `top`: the sheet lands where its coast is nearest.
    private func release(from top: Double, velocity: Double, on context: any PieceContext) {
        let layout = self.layout(in: context.environment)
        let before = shownDetent(in: context.environment)
        let destination = layout.destination(top: top, velocity: velocity, dismissible: true)
        let target = destination.map { layout.top(of: $0) } ?? layout.dismissedTop
        let animation = context.tokens.settle(velocity: velocity, from: top, to: target,
                                            spring: context.tokens.tier(.responsive))
        context.transact(animation) {
            dragTop = nil
            if let destination { self.setDetentDirectly(destination) } else { self.setDismissed() }
        }
        if destination == nil {
            callback("onDismiss")
        } else if let destination, destination != before {
            callback("onDetentChange", NamedValue("detent", .text(destination.rawValue)))
        }
    }

    /// The grabber's action: the next detent up, the largest wrapping to the smallest.
    func cycleDetent() {
        guard let context, isPresented else { return }
        let active = layout(in: context.environment).detents
        guard active.count > 1, let current = shownDetent(in: context.environment),
              let i = active.firstIndex(of: current) else { return }
        let next = active[(i + 1) % active.count]
        context.transact(context.tokens.snap) { setDetentDirectly(next) }
        callback("onDetentChange", NamedValue("detent", .text(next.rawValue)))
    }

    @discardableResult
    public func handle(_ key: Key, on context: any PieceContext) -> Bool {
        guard key == .escape, isPresented, context.environment.isEnabled else { return false }
        dismiss()
        callback("onDismiss")
        return true
    }

    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        guard isPresented, let grabber = elementRect("grabber", on: context),
              let sheet = elementRect("sheet", on: context) else { return [] }
        let detent = shownDetent(in: context.environment)
        let escape = AccessibilityAction("escape") { self.escape() }
        var result: [AccessibilityElement] = []
        if layout(in: context.environment).detents.count > 1 {
            result.append(AccessibilityElement(id: "grabber", label: "Sheet Grabber",
                                               value: detent == .large ? "Full screen" : "Half screen",
                                               traits: ["button"],
                                               offering: [AccessibilityAction("activate") { self.cycleDetent() }, escape],
                                               frame: grabber))
        }
        result.append(AccessibilityElement(id: "sheet", label: "Sheet", offering: [escape], frame: sheet))
        return result
    }

    /// The two-finger scrub dismisses the sheet from anywhere.
    public func screenActions(on context: any PieceContext) -> [AccessibilityAction]? {
        [AccessibilityAction("escape") { self.escape() }]
    }

    /// VoiceOver's escape: the sheet goes away and the app hears `onDismiss`.
    private func escape() {
        guard isPresented else { return }
        dismiss()
        callback("onDismiss")
    }
}
