/// Touches and keys, as the SwiftUI piece's buttons and its one drag.
///
/// A touch lands on a button (the bar's open button or play; the close button, previous, play or next) or just
/// on the bar or the full player. It becomes the drag once the finger is `minimumDragDistance` from where it went
/// down; a touch that lifts before that is a tap on its button, if it has one. The drag goes on the bar's buttons
/// as well as between them (a simultaneous gesture on the bar; on the full player a drag from a button is a drag,
/// since the button's tap gives way once the finger moves).
///
/// The bar's drag is measured on the screen (its gesture sits outside its offset); the full player's in its own
/// moving space unless the piece's `dragSpace` is `.screen` (see `MiniPlayer.DragSpace`). Every sample, the lift's
/// included, is turned into that space with the player's offset at the moment it arrives; the lift adds no sample
/// to the speed's, as a finger at rest gives none.
extension MiniPlayerPiece {
    /// The buttons, by the names scripts use.
    public enum Button: String, Sendable {
        case bar, play, chevron, previous, next
    }

    /// A touch in progress.
    struct TouchState {
        /// The button it landed on, if any.
        var button: Button?
        var dragging = false
        /// The full player's drag in its own space; nil on the bar, or measured on the screen.
        var local: LocalDrag?
    }

    /// The bar while it is on screen; the full player's background once it is open, so a gesture with no part
    /// named lands on whatever is there. Written by hand because it moves with the state: a list's first part
    /// cannot say that.
    public var defaultPart: String { state.isExpanded ? "background" : "bar" }

    /// Where each part is as the latest frame shows it: `bar` is the background while the bar is on screen (its
    /// resting place while the player is open), and cannot be touched while the player is open; `play` is the
    /// bar's play button or the full player's; the full player's own buttons cannot be touched while it is closed.
    public var parts: [Part] {
        let closed: (PartLookup) -> String? = { _ in
            self.state.isExpanded ? nil : "the player is closed (open it first, e.g. tap the bar)"
        }
        let open: (PartLookup) -> String? = { _ in
            self.state.isExpanded ? "the player is open (close it first, e.g. tap the chevron)" : nil
        }
        return [
            .at("bar", unless: open) { here in
                self.state.isExpanded ? self.layout(in: here.context.environment).bar : here.element("background")
            },
            Part("background"),
            .at("play") { here in here.element(self.state.isExpanded ? nil : "miniPlay") },
            Part("chevron", unless: closed), Part("previous", unless: closed), Part("next", unless: closed),
        ]
    }

    // MARK: Touches

    public func handle(_ touch: Touch, on context: any PieceContext) {
        if touch.phase == .began {
            touchState = context.environment.isEnabled ? hitTest(touch.location, on: context) : nil
            if touchState != nil, state.isExpanded, dragSpace == .view {
                touchState?.local = LocalDrag(touch: touch, viewOffset: playerViewOffset(on: context))
            }
        }
        guard var current = touchState else { return }
        // The full player's view offset is read once per sample, and only for its own drag.
        let viewOffset = current.local == nil ? 0 : playerViewOffset(on: context)
        let t = current.local?.translation(touch, viewOffset: viewOffset) ?? touch.translation
        switch touch.phase {
        case .began, .moved:
            if touch.phase == .moved { current.local?.add(touch, viewOffset: viewOffset) }
            if !current.dragging,
               (t.width * t.width + t.height * t.height).squareRoot() >= MiniPlayer.minimumDragDistance {
                current.dragging = true
            }
            touchState = current
            // The offset follows the translation; the implicit drag spring carries it.
            if current.dragging { context.update { state.dragOffset = t.height } }
        case .ended:
            touchState = nil
            if current.dragging {
                let predicted = current.local?.predictedEnd(t, touch) ?? touch.predictedEndTranslation
                release(translation: t.height, predicted: predicted.height, on: context)
            } else if let button = current.button {
                press(button)
            }
        case .cancelled:
            // The gesture state goes back to 0; nothing is decided.
            touchState = nil
            if current.dragging { context.update { state.dragOffset = 0 } }
        }
    }

    /// How far the full player's offset has moved it, by `dragGeometry`: as the latest frame drew it (the
    /// chevron moves with the offset alone, so its drawn place less its resting place), or where the drag's
    /// translation has set it to go.
    func playerViewOffset(on context: any PieceContext) -> Double {
        let target = MiniPlayer.playerOffset(dragOffset: state.dragOffset)
        guard dragGeometry == .drawn,
              let drawn = context.latestFrame?.piece(name)?.element("chevron")?.rect else { return target }
        return drawn.y - layout(in: context.environment).chevron.y
    }

    /// The drag ends: the offset goes back to 0 and, past a threshold, the player opens or closes, in one update
    /// (see `MiniPlayer.releaseAnimation` for which spring carries it).
    private func release(translation: Double, predicted: Double, on context: any PieceContext) {
        let decision = MiniPlayer.release(isExpanded: state.isExpanded, translation: translation,
                                                   predicted: predicted)
        guard let decision else {
            context.update { state.dragOffset = 0 }
            return
        }
        let animation = MiniPlayer.releaseAnimation(offsetChanged: state.dragOffset != 0,
                                                             reduceMotion: context.environment.reduceMotion)
        switchState(to: decision, animation: animation) { state.dragOffset = 0 }
    }

    func press(_ button: Button) {
        switch button {
        case .bar: setExpanded(true)
        case .chevron: setExpanded(false)
        case .play: togglePlay()
        case .previous: skip(.previous)
        case .next: skip(.next)
        }
    }

    /// What a finger landing at `point` touches, as the latest frame shows the parts: a button first, then the
    /// bar's background (closed) or anywhere on the full player (open, which covers the screen). Elsewhere the
    /// touch passes to the app's content.
    private func hitTest(_ point: Point, on context: any PieceContext) -> TouchState? {
        func shown(_ name: String) -> Rect? { elementRect(name, on: context) }
        func on(_ name: String) -> Bool { shown(name)?.contains(point) ?? false }
        if state.isExpanded {
            for button in [Button.chevron, .previous, .play, .next] where on(button.rawValue) {
                return TouchState(button: button)
            }
            return on("background") ? TouchState(button: nil) : nil
        }
        if on("miniPlay") { return TouchState(button: .play) }
        guard let background = shown("background"), background.contains(point) else { return nil }
        // The open button moves with the bar: where it rests, shifted as the background is.
        let g = layout(in: context.environment)
        let openButton = g.openButton.offsetBy(dx: background.x - g.bar.x, dy: background.y - g.bar.y)
        return TouchState(button: openButton.contains(point) ? .bar : nil)
    }

    /// The specification names no keys, so the piece answers to none.
    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }
}
