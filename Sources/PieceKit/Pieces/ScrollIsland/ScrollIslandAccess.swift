/// The island's hardware keyboard and VoiceOver.
///
/// Keys reach the island as if it has keyboard focus (a script pressing a key has focused it). Closed, the arrows
/// step sections (mirrored right to left: later sections lie toward the trailing side) and Return, Space or Up open;
/// open, Up and Down move the puck, Return or Space pick, Escape closes. A disabled island, or one with a single
/// section, is not focusable and takes no keys.
///
/// VoiceOver (ids scripts use): closed, one adjustable button `island` ("Contents", value "Method, Section 3 of 6,
/// 62% read", hint "Shows every section"); open, the rows `row.1`…`row.N` (buttons, the current one selected, the
/// detail as value) then the `bar` (closes the contents); the `bubble` ("Back to top") while it is out. Open, the
/// elements are listed top to bottom, as they stand on screen (a decision: the seed leaves the order to SwiftUI).
extension ScrollIslandPiece {
    @discardableResult
    public func handle(_ key: Key, on context: any PieceContext) -> Bool {
        guard count > 1, context.environment.isEnabled else { return false }
        let rtl = context.environment.isRightToLeft
        let forward: Key = rtl ? .left : .right
        let back: Key = rtl ? .right : .left
        var handled = true
        handle(on: context) {
            if isOpen {
                switch key {
                case .up: move(-1, on: context)
                case .down: move(1, on: context)
                case .return, .space: pick(puckRow, on: context)
                case .escape: setOpen(false, on: context)
                default: handled = false
                }
            } else {
                switch key {
                case forward: step(1, on: context)
                case back: step(-1, on: context)
                case .return, .space, .up: setOpen(true, on: context)
                default: handled = false
                }
            }
        }
        return handled
    }

    /// VoiceOver's tree, each element with what its actions do (none while the stage is disabled). Each action
    /// moves VoiceOver's focus to its element first.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        guard let layout = layout(in: context.environment) else { return [] }
        let enabled = context.environment.isEnabled
        let off: [String] = enabled ? [] : ["notEnabled"]
        var result: [AccessibilityElement] = []
        func add(_ id: String, label: String, value: String? = nil, hint: String? = nil, traits: [String],
                 actions: [(String, () -> Void)], frame: Rect) {
            let offered = actions.map { name, body in
                AccessibilityAction(name) { self.handle(on: context) { self.state.voiceOverFocus = id; body() } }
            }
            result.append(AccessibilityElement(id: id, label: label, value: value, hint: hint, traits: traits + off,
                                               offering: enabled ? offered : [], frame: frame,
                                               isFocused: state.voiceOverFocus == id))
        }
        let close = { self.setOpen(false, on: context) }
        if let bubble = layout.bubble, state.bubblePresent, state.bubbleOut {
            add("bubble", label: messages.backToTop, traits: ["button"], actions: [("activate", {
                if self.currentIndex != 0 {
                    self.emitTick(on: context)
                    self.commit(0, on: context)
                }
            })], frame: bubble.presentedFrame)
        }
        if layout.isOpen {
            // Read once each: both are worked out from the page on every read, so a read per row would be n².
            let sections = self.sections
            let current = currentIndex
            for (i, section) in sections.enumerated() {
                guard let row = layout.row(i, sections: sections, rowsOffset: state.rowsOffset, measure: measure)
                else { continue }
                add("row.\(i + 1)", label: section.title, value: section.detail ?? "",
                    traits: i == current ? ["button", "selected"] : ["button"],
                    actions: [("activate", { self.tapRow(i, on: context) }), ("escape", close)], frame: row.frame)
            }
            add("bar", label: messages.contents, value: messages.read(layout.readFraction), hint: messages.closeHint,
                traits: ["button"], actions: [("activate", close), ("escape", close)], frame: layout.bar.frame)
        } else {
            let many = count > 1
            let activate = ("activate", { if self.count > 1, !self.isOpen { self.setOpen(true, on: context) } })
            let adjust = [("increment", { if !self.isOpen { self.step(1, on: context) } }),
                          ("decrement", { if !self.isOpen { self.step(-1, on: context) } })]
            add("island", label: messages.contents, value: layout.spokenValue, hint: many ? messages.openHint : nil,
                traits: many ? ["button", "adjustable"] : [],
                actions: many ? [activate] + adjust + [("escape", close)] : [activate, ("escape", close)],
                frame: layout.glass)
        }
        return result
    }

    /// With no element, "escape" (the two-finger scrub) closes the contents.
    public func screenActions(on context: any PieceContext) -> [AccessibilityAction]? {
        [AccessibilityAction("escape") { self.handle(on: context) { self.setOpen(false, on: context) } }]
    }

    /// Any other bare action goes to the island (closed) or the bar (open).
    public func defaultElement(on context: any PieceContext) -> String? { isOpen ? "bar" : "island" }
}
