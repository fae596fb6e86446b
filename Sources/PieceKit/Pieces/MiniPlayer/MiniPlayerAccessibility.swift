import Foundation

/// VoiceOver's view of the MiniPlayer. Closed: the bar's open button ("Open player", with the title and
/// subtitle as its value) and play. Open: the close button, the title and subtitle, the playback position, and
/// previous, play and next; the artwork is hidden, and so is the app's content behind the player. Escape closes
/// from anywhere in the open player. A title or subtitle that is empty (a track with no artist) has no element, as
/// SwiftUI gives an empty `Text` none. No element takes focus on its own and no haptics play: the specification
/// asks for neither.
extension MiniPlayerPiece {
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        let g = layout(in: context.environment)
        let m = messages
        let playLabel = inputs.isPlaying ? m.pause : m.play
        let escape = AccessibilityAction("escape") { self.setExpanded(false) }
        func press(_ button: Button) -> AccessibilityAction { AccessibilityAction("activate") { self.press(button) } }
        if !state.isExpanded {
            let lift = MiniPlayer.barOffset(dragOffset: state.dragOffset)
            return [
                AccessibilityElement(id: "bar", label: m.openPlayer, value: "\(inputs.title), \(inputs.subtitle)",
                                     traits: ["button"], offering: [press(.bar)],
                                     frame: g.openButton.offsetBy(dx: 0, dy: lift)),
                AccessibilityElement(id: "play", label: playLabel, traits: ["button"], offering: [press(.play)],
                                     frame: g.miniPlay.offsetBy(dx: 0, dy: lift)),
            ]
        }
        let follow = MiniPlayer.playerOffset(dragOffset: state.dragOffset)
        func element(_ button: Button, _ label: String, _ frame: Rect) -> AccessibilityElement {
            AccessibilityElement(id: button.rawValue, label: label, traits: ["button"], offering: [press(button), escape],
                                 frame: frame.offsetBy(dx: 0, dy: follow))
        }
        func line(_ id: String, _ text: String, _ frame: Rect) -> AccessibilityElement? {
            .text(id: id, text, offering: [escape], frame: frame.offsetBy(dx: 0, dy: follow))
        }
        return [
            element(.chevron, m.closePlayer, g.chevron),
            line("title", inputs.title, g.title),
            line("subtitle", inputs.subtitle, g.subtitle),
            AccessibilityElement(id: "progress", label: m.position, value: Self.spokenProgress(progress),
                                 offering: [escape], frame: g.progress.offsetBy(dx: 0, dy: follow)),
            element(.previous, m.previous, g.previous),
            element(.play, playLabel, g.play),
            element(.next, m.next, g.next),
        ].compactMap { $0 }
    }

    /// A `ProgressView`'s value as VoiceOver reads it: whole percent, rounded to the nearest ("20%"). The
    /// specification gives the label only; this is the control's own default.
    public static func spokenProgress(_ progress: Double) -> String {
        "\(Int((MiniPlayer.safeProgress(progress) * 100).rounded()))%"
    }

    /// The only whole-screen action is the open player's escape, which closes it.
    public func screenActions(on context: any PieceContext) -> [AccessibilityAction]? {
        state.isExpanded ? [AccessibilityAction("escape") { self.setExpanded(false) }] : []
    }
}
