/// Calls a host makes into code of its own while a stage works or waits (a script's key handler, a layout or a
/// timer written in a script), shared by every stage the host makes.
///
/// While one runs, no stage that shares this may move its clock: frames rendered there would be rendered inside
/// the handler, and the handler could be called again from them, nested without end. The stage refuses with a
/// message naming the call (`Stage.clockMoveRefusal`); the host only says when its calls begin and end.
public final class StageCallouts {
    /// One call out: who is called and what of it.
    public struct Call: Sendable {
        public enum Kind: Sendable {
            /// A piece's function: its layout, a handler (`onKey`), its accessibility.
            case piece
            /// A function of a player written by the host's user (`onSkip`).
            case player
            /// Work the user scheduled on the clock (`s:after`, `s:every`); `owner` is its label.
            case scheduled
        }

        /// The piece's name, the player's name, or the scheduled work's label (a part of a string held elsewhere,
        /// so marking a call copies no text).
        public let owner: Substring
        /// What of it runs: "onKey", "layout", "onSkip", "s:after".
        public let role: String
        public let kind: Kind
        /// A call that only reads what the piece shows (its layout, accessibility, a task's id, whether its timeline
        /// is paused): the stage calls these while it lays pieces out, so no state may change inside one.
        public let reads: Bool

        public init(_ kind: Kind, owner: Substring, role: String, reads: Bool = false) {
            self.kind = kind; self.owner = owner; self.role = role; self.reads = reads
        }

        public init(_ kind: Kind, owner: String, role: String, reads: Bool = false) {
            self.init(kind, owner: Substring(owner), role: role, reads: reads)
        }

        /// How a refusal names it: "card's onKey handler", "the Lua player's onSkip", "the s:every callback
        /// 'every(0.1)'". A long label is cut, so the message stays readable.
        public var described: String {
            switch kind {
            case .piece:
                return reads || role == "layout" || role == "accessibility" ? "\(owner)'s \(role)" : "\(owner)'s \(role) handler"
            case .player: return "the Lua \(owner)'s \(role)"
            case .scheduled: return "the \(role) callback '\(Self.clipped(owner))'"
            }
        }

        /// A label as messages show it: whole up to 80 bytes, else its start and its length.
        public static func clipped(_ text: Substring) -> String {
            text.utf8.count <= 80 ? String(text) : String(text.prefix(60)) + "... (\(text.utf8.count) bytes)"
        }
    }

    /// The calls running now, innermost last.
    public private(set) var running: [Call] = []

    public init() {}

    /// Marks `call` as running until the matching `end()`.
    public func begin(_ call: Call) { running.append(call) }

    public func end() { if !running.isEmpty { running.removeLast() } }
}

extension Stage {
    /// Why the clock may not move now, as "cannot <action> inside <the call that runs> ...", or nil when it may.
    /// The one rule for every operation that moves the clock or renders frames (`renderFrame`, `jump`, and
    /// gestures before they put a finger down), asked before anything moves.
    public func clockMoveRefusal(_ action: String) -> String? {
        guard let call = callouts?.running.last else { return nil }
        return "cannot \(action) inside \(call.described) (frames rendered there would run inside it, and could call "
            + "it again); move the clock from the scenario instead"
    }

    /// Why no state may change now, as "cannot <action> inside <the reading call that runs> ...", or nil when it
    /// may. A layout (or what the stage reads with it) that changed a state would be asked again inside itself by
    /// the change's re-layout, changing it again, without end: the one rule for every change a host makes for a
    /// script (a piece's `set`, the environment, a player's or a piece's own controls), asked before it changes.
    public func stateChangeRefusal(_ action: String) -> String? {
        guard let call = callouts?.running.last(where: \.reads) else { return nil }
        return "cannot \(action) inside \(call.described) (it only reads what is shown: a change there would lay the "
            + "pieces out again inside it, without end); change it from a handler, a task's run or the scenario instead"
    }
}
