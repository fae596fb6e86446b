/// The one place an accessibility action is resolved and refused. A piece declares what VoiceOver can do as
/// values (each element's actions in its tree, each a name and what it does; the whole screen's `screenActions`;
/// the element a bare action goes to, `defaultElement`; and other names an element answers to, `elementAliases`),
/// so no piece writes a `perform` of its own, and every piece's errors are worded once, here: no such element
/// (with the ones it has), and no such action on an element or on the whole screen (with the ones it has).
extension InteractivePiece {
    public func screenActions(on context: any PieceContext) -> [AccessibilityAction]? { [] }
    public func defaultElement(on context: any PieceContext) -> String? { nil }
    public var elementAliases: [String: String] { [:] }
    public func performUnlisted(_ action: String, context: any PieceContext) throws(InteractionError) -> Bool { false }

    /// Performs `action` on the element `element` (nil: the whole screen, or the piece's default element), as
    /// VoiceOver would. Throws, naming what was wrong, when there is no such element or it does not answer to the
    /// action.
    public func perform(_ action: String, on element: String?, context: any PieceContext) throws(InteractionError) {
        var target = element
        if target == nil {
            let screen = screenActions(on: context)
            if screen == nil || screen?.contains(where: { $0.name == action }) == true {
                // A piece whose own handler decides (screen actions nil) says whether anything answered.
                let answered: Bool
                if let listed = screen?.first(where: { $0.name == action }) {
                    answered = try listed()
                } else {
                    answered = try performUnlisted(action, context: context)
                }
                guard answered else {
                    throw .unsupportedAction(piece: name, element: "", action: action, supported: names(screen))
                }
                return
            }
            guard let fallback = defaultElement(on: context) else {
                throw .unsupportedAction(piece: name, element: "", action: action, supported: names(screen))
            }
            target = fallback
        }
        guard let given = target else { return }
        let id = elementAliases[given] ?? given
        let elements = accessibilityElements(on: context)
        guard let found = elements.first(where: { $0.id == id }) else {
            throw .unknownElement(piece: name, element: given, known: elements.map(\.id))
        }
        guard let chosen = found.offered.first(where: { $0.name == action }), try chosen() else {
            throw .unsupportedAction(piece: name, element: given, action: action, supported: found.actions)
        }
    }

    private func names(_ actions: [AccessibilityAction]?) -> [String] { actions?.map(\.name) ?? [] }
}
