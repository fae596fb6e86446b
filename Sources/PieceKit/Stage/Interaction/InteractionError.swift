/// Why a gesture, key or accessibility action could not be delivered. Thrown, never trapped: each case comes
/// from a script and names what was wrong.
public enum InteractionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The piece has no part by that name (with the names it has).
    case unknownPart(piece: String, part: String, known: [String])
    /// The part exists but a finger cannot reach it now; `reason` says why and what to do.
    case unreachablePart(piece: String, part: String, reason: String)
    /// No accessibility element by that id.
    case unknownElement(piece: String, element: String, known: [String])
    /// The element exists but does not answer to the action (with the actions it has). An empty `element`
    /// stands for the whole screen (VoiceOver's "escape" and "magic tap" need no element).
    case unsupportedAction(piece: String, element: String, action: String, supported: [String])
    /// The element lists the action, but the piece has nothing that performs actions (a Lua piece with no
    /// `perform` handler): the list promises what nothing keeps.
    case noPerformer(piece: String, element: String, action: String)
    /// A key name the stage does not know.
    case unknownKey(String)
    /// The finger already lifted (or was cancelled) and was used again.
    case touchEnded(piece: String)
    /// A gesture parameter out of range (a negative duration, a zero-velocity fling that must travel).
    case badGesture(String)

    public var description: String {
        switch self {
        case .unknownPart(let piece, let part, let known):
            return "\(piece) has no part named \"\(part)\"" + Self.choices(known)
        case .unreachablePart(let piece, let part, let reason):
            return "\(piece) \(part) cannot be touched now: \(reason)"
        case .unknownElement(let piece, let element, let known):
            return "\(piece) has no accessibility element \"\(element)\"" + Self.choices(known)
        case .unsupportedAction(let piece, let element, let action, let supported):
            return (element.isEmpty ? "\(piece) has no whole-screen" : "\(piece).\(element) has no")
                + " accessibility action \"\(action)\""
                + (supported.isEmpty ? " (it has none)" : " (it has: " + supported.joined(separator: ", ") + ")")
        case .noPerformer(let piece, let element, let action):
            return "\(piece).\(element) lists the accessibility action \"\(action)\", but \(piece) has no perform handler "
                + "to run it (give the piece perform = function(state, action, element, env) ... end)"
        case .unknownKey(let name):
            return "unknown key \"\(name)\" (known: " + Key.known.map(\.rawValue).joined(separator: ", ") + ")"
        case .touchEnded(let piece):
            return "this touch on \(piece) has already lifted; start a new one with touch()"
        case .badGesture(let reason):
            return reason
        }
    }

    private static func choices(_ names: [String]) -> String {
        names.isEmpty ? "" : " (it has: " + names.joined(separator: ", ") + ")"
    }
}
