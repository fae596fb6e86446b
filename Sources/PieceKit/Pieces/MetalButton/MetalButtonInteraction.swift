/// The metal button as something people press: a finger lifting inside the capsule, or VoiceOver's activate, calls
/// its action, which reaches the app as a `callback` event named "action". A plain-style button draws no pressed
/// look of its own that is published, so the frames do not change under a finger. It answers no keys.
extension MetalButtonPiece: InteractivePiece {
    /// The capsule, its rim, the symbol and the title; any other element it draws by its name too.
    public var parts: [Part] { [Part("capsule"), Part("rim"), Part("symbol"), Part("title"), .anyElement] }

    public func handle(_ touch: Touch, on context: any PieceContext) {
        guard touch.phase == .ended, frame(in: context.environment).contains(touch.location),
              frame(in: context.environment).contains(touch.startLocation) else { return }
        run(on: context)
    }

    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// One button, labelled by its title; its activate runs the button's action.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        [AccessibilityElement(id: "button", label: title, traits: ["button"],
                              offering: [AccessibilityAction("activate") { self.run(on: context) }],
                              frame: frame(in: context.environment))]
    }

    /// A bare action goes to the button.
    public func defaultElement(on context: any PieceContext) -> String? { "button" }

    /// The button's action: its callback.
    private func run(on context: any PieceContext) {
        context.emit(.callback, piece: name, details: [NamedValue("name", .text("action"))])
    }
}
