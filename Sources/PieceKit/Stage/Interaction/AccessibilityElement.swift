/// One element of a piece's accessibility tree, as VoiceOver would meet it. Pieces build these from their state
/// and layout, with what each action does; scripts read them (`accessibility()`) and act on them (`perform`).
public struct AccessibilityElement: Equatable {
    /// Stable name scripts use to address it ("bar", "grabber", "scrubber", "row.3").
    public let id: String
    public var label: String
    public var value: String?
    public var hint: String?
    /// SwiftUI's traits by name: "button", "adjustable", "header", "selected", "notEnabled", "updatesFrequently".
    public var traits: [String]
    /// Actions it answers to, each a name and what it does, in the order VoiceOver offers them: "activate",
    /// "increment", "decrement", "escape", "magicTap", and custom actions by their names ("Next track").
    public var offered: [AccessibilityAction]
    /// Where it is on screen (the focus ring).
    public var frame: Rect
    /// True for the element VoiceOver's focus is on.
    public var isFocused: Bool

    /// The names of its actions, in VoiceOver's order.
    public var actions: [String] { offered.map(\.name) }

    public init(id: String, label: String, value: String? = nil, hint: String? = nil, traits: [String] = [],
                offering offered: [AccessibilityAction] = [], frame: Rect, isFocused: Bool = false) {
        self.id = id; self.label = label; self.value = value; self.hint = hint; self.traits = traits
        self.offered = offered; self.frame = frame; self.isFocused = isFocused
    }

    /// An element whose actions only answer (they change nothing): what a test reading a tree needs.
    public init(id: String, label: String, value: String? = nil, hint: String? = nil, traits: [String] = [],
                actions: [String], frame: Rect, isFocused: Bool = false) {
        self.init(id: id, label: label, value: value, hint: hint, traits: traits,
                  offering: actions.map { AccessibilityAction($0) {} }, frame: frame, isFocused: isFocused)
    }

    /// A `Text` a piece shows as VoiceOver meets it, or nil when the text is empty: SwiftUI gives an empty `Text`
    /// no accessibility element (there is nothing to read or to focus), so the tree leaves it out. Every piece that
    /// shows text it was given (a track's artist, a section's title) builds its element here.
    public static func text(id: String, _ text: String, value: String? = nil, traits: [String] = [],
                            offering offered: [AccessibilityAction] = [], frame: Rect) -> AccessibilityElement? {
        guard !text.isEmpty else { return nil }
        return AccessibilityElement(id: id, label: text, value: value, traits: traits, offering: offered, frame: frame)
    }

    /// Two elements are equal when everything VoiceOver reads of them is: what an action does cannot be compared.
    public static func == (a: Self, b: Self) -> Bool {
        a.id == b.id && a.label == b.label && a.value == b.value && a.hint == b.hint && a.traits == b.traits
            && a.actions == b.actions && a.frame == b.frame && a.isFocused == b.isFocused
    }
}

/// One accessibility action as a value: its name and what it does. A piece offers it with its element (or the
/// whole screen's); `perform` (`AccessibilityActions.swift`) finds it by name and runs it.
public struct AccessibilityAction {
    public let name: String
    let run: () throws(InteractionError) -> Bool

    /// An action that does `body`; it always answers.
    public init(_ name: String, _ body: @escaping () -> Void) {
        self.name = name
        run = { body(); return true }
    }

    /// An action whose body says whether anything answered (false: `perform` refuses it as unsupported) and may
    /// refuse with an error of its own (a listed action nothing runs).
    public static func answering(_ name: String, _ body: @escaping () throws(InteractionError) -> Bool) -> Self {
        Self(name: name, run: body)
    }

    private init(name: String, run: @escaping () throws(InteractionError) -> Bool) {
        self.name = name
        self.run = run
    }

    /// Does the action now; false when nothing answered.
    public func callAsFunction() throws(InteractionError) -> Bool { try run() }
}
