/// One element of a piece's accessibility tree, as VoiceOver would meet it. Pieces build these from their state
/// and layout; scripts read them (`accessibility()`) and act on them (`perform`).
public struct AccessibilityElement: Sendable, Equatable {
    /// Stable name scripts use to address it ("bar", "grabber", "scrubber", "row.3").
    public let id: String
    public var label: String
    public var value: String?
    public var hint: String?
    /// SwiftUI's traits by name: "button", "adjustable", "header", "selected", "notEnabled", "updatesFrequently".
    public var traits: [String]
    /// Actions it answers to, in the order VoiceOver offers them: "activate", "increment", "decrement",
    /// "escape", "magicTap", and custom actions by their names ("Next track").
    public var actions: [String]
    /// Where it is on screen (the focus ring).
    public var frame: Rect
    /// True for the element VoiceOver's focus is on.
    public var isFocused: Bool

    public init(id: String, label: String, value: String? = nil, hint: String? = nil, traits: [String] = [],
                actions: [String] = [], frame: Rect, isFocused: Bool = false) {
        self.id = id; self.label = label; self.value = value; self.hint = hint; self.traits = traits
        self.actions = actions; self.frame = frame; self.isFocused = isFocused
    }

    /// A `Text` a piece shows as VoiceOver meets it, or nil when the text is empty: SwiftUI gives an empty `Text`
    /// no accessibility element (there is nothing to read or to focus), so the tree leaves it out. Every piece that
    /// shows text it was given (a track's artist, a section's title) builds its element here.
    public static func text(id: String, _ text: String, value: String? = nil, traits: [String] = [],
                            actions: [String] = [], frame: Rect) -> AccessibilityElement? {
        guard !text.isEmpty else { return nil }
        return AccessibilityElement(id: id, label: text, value: value, traits: traits, actions: actions, frame: frame)
    }
}
