extension NowPlaying {
    /// The piece's parameters, as the app passes them to the SwiftUI view (the callbacks reduced to whether each is
    /// given, which is all the rules need to know). A stage fills it from a `MockPlayer`.
    public struct Inputs: Sendable, Equatable {
        public var title: String
        public var artist: String
        public var isPlaying: Bool
        /// The player's position; a NaN or infinite one is taken as 0, as the piece's initialiser does.
        public var time: Double {
            didSet { if !time.isFinite { time = 0 } }
        }
        /// The length. Zero, negative, NaN or infinite is a live stream.
        public var duration: Double
        public var skipping: Skipping
        /// Whether `onSkip` is given: without it `.tracks` mode has no skip bubbles.
        public var hasOnSkip: Bool
        /// Whether `onSeek` is given: without it the scrubber only displays and `.seconds` mode has no bubbles.
        public var hasOnSeek: Bool
        /// SwiftUI's `isEnabled`.
        public var isEnabled: Bool
        public var messages: Messages

        public init(title: String, artist: String, isPlaying: Bool = false, time: Double = 0, duration: Double,
                    skipping: Skipping = .tracks, hasOnSkip: Bool = true, hasOnSeek: Bool = true,
                    isEnabled: Bool = true, messages: Messages = .standard) {
            self.title = title
            self.artist = artist
            self.isPlaying = isPlaying
            self.time = time.isFinite == false ? 0 : time
            self.duration = duration
            self.skipping = skipping
            self.hasOnSkip = hasOnSkip
            self.hasOnSeek = hasOnSeek
            self.isEnabled = isEnabled
            self.messages = messages
        }

        /// A stream: no hairline, no scrubber, no times, no seeking.
        public var live: Bool { !(duration.isFinite && duration > 0) }

        /// Whether the scrubber, the arrow keys and VoiceOver's adjust may seek.
        public var canSeek: Bool { hasOnSeek && !live && isEnabled }

        /// The title line: the untitled message stands in for an empty title.
        public var shownTitle: String { title.isEmpty ? messages.untitled : title }

        /// The skip bubbles the card has: both, or none when the skip mode could not act (no `onSkip` for tracks;
        /// no `onSeek`, or a live stream, for seconds).
        public var skipBubbles: [Bubble] {
            switch skipping {
            case .tracks: hasOnSkip ? [.previous, .next] : []
            case .seconds: hasOnSeek && !live ? [.previous, .next] : []
            }
        }

        /// The bar has a forward bubble exactly when the card has skip bubbles.
        public var hasForward: Bool { !skipBubbles.isEmpty }

        /// The bubbles that belong out for a layout: forward in the bar, the skips on the card.
        public func bubbles(open: Bool) -> [Bubble] {
            open ? skipBubbles : (hasForward ? [.forward] : [])
        }

        /// One track's identity: a change of title or artist is a new track (the artwork blurs across, any scrub or
        /// pending seek is dropped, and a skip's announcement is made).
        public var trackKey: String { "\(title)\u{1F}\(artist)" }
        /// The track as the art's `track` attribute reads: the key with its separator written as " — ".
        public var trackLabel: String {
            let separator = UInt8(0x1F)
            guard !title.utf8.contains(separator), !artist.utf8.contains(separator) else {
                return trackKey.split(separator: "\u{1F}", omittingEmptySubsequences: false).joined(separator: " — ")
            }
            return "\(title) — \(artist)"
        }

        /// A bubble's label: "Previous track", or in seconds mode "Skip back, 15 seconds". Forward reads as next.
        public func label(for bubble: Bubble) -> String {
            switch skipping {
            case .tracks:
                return bubble.goesBack ? messages.previous : messages.next
            case let .seconds(back, forward):
                let amount = NowPlaying.spokenJump(bubble.goesBack ? back : forward)
                return "\(bubble.goesBack ? messages.skipBack : messages.skipForward), \(amount)"
            }
        }
    }
}
