extension NowPlaying {
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

    /// The piece's elements in reading order, each action running its `Action` through `run`. Collapsed, only the
    /// bar (its children are folded into its label); it keeps its escape action, which does nothing until the card
    /// is open (the seed's `if shown`). Open: the title (where focus lands), the artist, then, once the controls are
    /// in, the grabber, the scrubber (unless live) and the Live text (the times themselves are hidden: the scrubber
    /// reads them), then each bubble that is out, then play. `frame` says where an element is, `focused` which has
    /// VoiceOver's focus.
    public static func accessibilityElements(open: Bool, controlsShown: Bool, bubblesOut: [Bubble],
                                             shownTime: Double, _ inputs: Inputs,
                                             frame: (String) -> Rect = { _ in .zero }, focused: String? = nil,
                                             run: @escaping (Action) -> Void = { _ in }) -> [AccessibilityElement] {
        /// One element: VoiceOver's standard actions by their names, in its order, then the custom ones.
        func element(_ id: String, _ label: String, value: String? = nil, traits: [String] = [],
                     activate: Action? = nil, increment: Action? = nil, decrement: Action? = nil,
                     escape: Action? = nil, custom: [(String, Action)] = []) -> AccessibilityElement {
            let standard = [("activate", activate), ("increment", increment), ("decrement", decrement),
                            ("escape", escape)].compactMap { name, action in action.map { (name, $0) } }
            let offered = (standard + custom).map { name, action in AccessibilityAction(name) { run(action) } }
            return AccessibilityElement(id: id, label: label, value: value?.isEmpty == false ? value : nil,
                                        traits: traits, offering: offered, frame: frame(id), isFocused: focused == id)
        }
        guard open else {
            var actions: [(String, Action)] = [(playLabel(inputs), .playPause)]
            if inputs.hasForward { actions.append((inputs.label(for: .next), .skip(.next))) }
            actions.append((inputs.messages.openPlayer, .open))
            return [element("surface", barLabel(inputs), value: barValue(inputs), traits: ["button"], activate: .open,
                            escape: .ignored, custom: actions)]
        }
        var elements = [element("title", inputs.shownTitle, traits: ["header"], escape: .close)]
        if !inputs.artist.isEmpty {
            elements.append(element("artist", inputs.artist, escape: .close))
        }
        if controlsShown {
            elements.append(element("grabber", inputs.messages.closePlayer, traits: ["button"], activate: .close,
                                    escape: .close))
            if inputs.live {
                elements.append(element("times", inputs.messages.live, escape: .close))
            } else {
                // The scrubber stays adjustable when it cannot seek; adjusting it then does nothing, as the seed's
                // action returns early.
                let seeks = inputs.canSeek
                elements.append(element(
                    "scrubber", inputs.messages.position, value: scrubberValue(shown: shownTime, inputs),
                    traits: ["adjustable"], increment: seeks ? .seek(by: keySeekStep) : .ignored,
                    decrement: seeks ? .seek(by: -keySeekStep) : .ignored, escape: .close))
            }
        }
        for bubble in bubblesOut where bubble != .forward {
            elements.append(element(bubble.rawValue, inputs.label(for: bubble), traits: ["button"],
                                    activate: .skip(bubble)))
        }
        elements.append(element("play", playLabel(inputs), traits: ["button"], activate: .playPause))
        return elements
    }
}
