extension NowPlaying {
    /// One element of the piece as VoiceOver sees it. `name` is the element's name in the frame log.
    public struct AccessibilityElement: Equatable, Sendable {
        public enum Trait: String, Sendable { case button, header, adjustable }

        public var name: String
        public var label: String
        public var value: String = ""
        public var traits: [Trait] = []
        /// The double-tap action, if any.
        public var activate: Action?
        /// Named custom actions, in the rotor's order.
        public var actions: [(name: String, action: Action)] = []
        /// The two-finger scrub.
        public var escape: Action?
        /// Swipe up and down on an adjustable element.
        public var increment: Action?
        public var decrement: Action?

        /// The action VoiceOver's `name` runs: its standard actions by their names, custom ones by theirs.
        public func action(named name: String) -> Action? {
            switch name {
            case "activate": return activate
            case "increment": return increment
            case "decrement": return decrement
            case "escape": return escape
            default: return actions.first { $0.name == name }?.action
            }
        }

        /// The names of the actions it answers to, in the order VoiceOver offers them.
        public var actionNames: [String] {
            [("activate", activate), ("increment", increment), ("decrement", decrement), ("escape", escape)]
                .compactMap { $0.1 == nil ? nil : $0.0 } + actions.map(\.name)
        }

        public static func == (a: Self, b: Self) -> Bool {
            a.name == b.name && a.label == b.label && a.value == b.value && a.traits == b.traits
                && a.activate == b.activate && a.escape == b.escape && a.increment == b.increment
                && a.decrement == b.decrement && a.actions.map(\.name) == b.actions.map(\.name)
                && a.actions.map(\.action) == b.actions.map(\.action)
        }
    }

    /// The collapsed bar is one button that reads the whole track.
    public static func barLabel(_ inputs: Inputs) -> String {
        "\(inputs.messages.nowPlaying), \(inputs.shownTitle), \(inputs.artist)"
    }

    public static func barValue(_ inputs: Inputs) -> String {
        inputs.isPlaying ? inputs.messages.playing : inputs.messages.paused
    }

    /// Play's label names what a tap will do.
    public static func playLabel(_ inputs: Inputs) -> String {
        inputs.isPlaying ? inputs.messages.pause : inputs.messages.play
    }

    /// The scrubber's value: "1 minute, 12 seconds of 3 minutes, 42 seconds".
    public static func scrubberValue(shown: Double, _ inputs: Inputs) -> String {
        "\(spoken(shown)) of \(spoken(inputs.duration))"
    }

    /// What VoiceOver announces after a skip between tracks, once the new track arrives.
    public static func trackAnnouncement(_ inputs: Inputs) -> String {
        "\(inputs.shownTitle), \(inputs.artist)"
    }

    /// The piece's elements in reading order. Collapsed, only the bar (its children are folded into its label); it
    /// keeps its escape action, which does nothing until the card is open (the seed's `if shown`).
    /// Open: the title (where focus lands), the artist, then, once the controls are in, the grabber, the scrubber
    /// (unless live) and the Live text (the times themselves are hidden: the scrubber reads them), then each bubble
    /// that is out, then play.
    public static func accessibilityElements(open: Bool, controlsShown: Bool, bubblesOut: [Bubble],
                                             shownTime: Double, _ inputs: Inputs) -> [AccessibilityElement] {
        guard open else {
            var actions: [(name: String, action: Action)] = [(playLabel(inputs), .playPause)]
            if inputs.hasForward { actions.append((inputs.label(for: .next), .skip(.next))) }
            actions.append((inputs.messages.openPlayer, .open))
            return [AccessibilityElement(name: "surface", label: barLabel(inputs), value: barValue(inputs),
                                         traits: [.button], activate: .open, actions: actions,
                                         escape: .ignored)]
        }
        var elements = [AccessibilityElement(name: "title", label: inputs.shownTitle, traits: [.header],
                                             escape: .close)]
        if !inputs.artist.isEmpty {
            elements.append(AccessibilityElement(name: "artist", label: inputs.artist, escape: .close))
        }
        if controlsShown {
            elements.append(AccessibilityElement(name: "grabber", label: inputs.messages.closePlayer,
                                                 traits: [.button], activate: .close, escape: .close))
            if inputs.live {
                elements.append(AccessibilityElement(name: "times", label: inputs.messages.live, escape: .close))
            } else {
                // The scrubber stays adjustable when it cannot seek; adjusting it then does nothing, as the seed's
                // action returns early.
                let seeks = inputs.canSeek
                elements.append(AccessibilityElement(
                    name: "scrubber", label: inputs.messages.position, value: scrubberValue(shown: shownTime, inputs),
                    traits: [.adjustable], escape: .close,
                    increment: seeks ? .seek(by: keySeekStep) : .ignored,
                    decrement: seeks ? .seek(by: -keySeekStep) : .ignored))
            }
        }
        for bubble in bubblesOut where bubble != .forward {
            elements.append(AccessibilityElement(name: bubble.rawValue, label: inputs.label(for: bubble),
                                                 traits: [.button], activate: .skip(bubble)))
        }
        elements.append(AccessibilityElement(name: "play", label: playLabel(inputs), traits: [.button],
                                             activate: .playPause))
        return elements
    }
}
