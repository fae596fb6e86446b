/// The metal button as something people press: a finger lifting inside the capsule, or VoiceOver's activate, calls
/// its action, which reaches the app as a `callback` event named "action". A plain-style button draws no pressed
/// look of its own that is published, so the frames do not change under a finger. It answers no keys.
extension MetalButtonPiece: InteractivePiece {
    public var partNames: [String] { ["capsule", "rim", "symbol", "title"] }

    public func handle(_ touch: Touch, on context: any PieceContext) {
        guard touch.phase == .ended, frame(in: context.environment).contains(touch.location),
              frame(in: context.environment).contains(touch.startLocation) else { return }
        run(on: context)
    }

    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// One button, labelled by its title.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        [AccessibilityElement(id: "button", label: title, traits: ["button"], actions: ["activate"],
                              frame: frame(in: context.environment))]
    }

    /// A bare action goes to the button.
    public func defaultElement(on context: any PieceContext) -> String? { "button" }

    /// The button's activate runs its action (`perform` has checked it).
    public func act(_ action: String, on element: String?, context: any PieceContext) -> Bool {
        run(on: context)
        return true
    }

    /// The button's action: its callback.
    private func run(on context: any PieceContext) {
        context.emit(.callback, piece: name, details: [NamedValue("name", .text("action"))])
    }
}
