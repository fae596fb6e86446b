/// The metal button as something people press: a finger lifting inside the capsule, or VoiceOver's activate, calls
/// its action, which reaches the app as a `callback` event named "action". A plain-style button draws no pressed
/// look of its own that is published, so the frames do not change under a finger. It answers no keys.
extension MetalButtonPiece: InteractivePiece {
    public var defaultPart: String { "capsule" }
    public var partNames: [String] { ["capsule", "rim", "symbol", "title"] }

    public func handle(_ touch: Touch, on context: any PieceContext) {
        guard touch.phase == .ended, frame(in: context.environment).contains(touch.location),
              frame(in: context.environment).contains(touch.startLocation) else { return }
        act(on: context)
    }

    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// One button, labelled by its title.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        [AccessibilityElement(id: "button", label: title, traits: ["button"], actions: ["activate"],
                              frame: frame(in: context.environment))]
    }

    public func perform(_ action: String, on element: String?, context: any PieceContext) throws(InteractionError) {
        let id = element ?? "button"
        guard id == "button" else { throw .unknownElement(piece: name, element: id, known: ["button"]) }
        guard action == "activate" else {
            throw .unsupportedAction(piece: name, element: id, action: action, supported: ["activate"])
        }
        act(on: context)
    }

    private func act(on context: any PieceContext) {
        context.emit(.callback, piece: name, details: [NamedValue("name", .text("action"))])
    }
}
