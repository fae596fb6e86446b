/// What each kind of view answers to a proposal, before its modifiers.
extension LayoutPass {
    func baseSize(_ n: Int, _ p: ProposedSize) -> Size {
        let node = tree.nodes[n]
        switch node.base {
        case .stack(let axis, let alignment, let gaps, let children):
            let d = distribute(axis, gaps: gaps, children: children, p)
            return stackSize(axis, alignment, gaps: gaps, children: children, d)
        case .zStack(_, let children):
            return zStackSize(children, p)
        case .spacer(let minLength, let axis):
            return spacerSize(minLength, axis, p)
        case .text:
            return textLayout(n, p).size
        case .image(let name):
            return symbols.box(name, font: node.font, metrics: metrics)
        case .shape(.circle):
            let side = min(p.width ?? LayoutConstants.unspecifiedLength, p.height ?? LayoutConstants.unspecifiedLength)
            return Size(width: side, height: side)
        case .shape, .color:
            return Size(width: p.width ?? LayoutConstants.unspecifiedLength,
                        height: p.height ?? LayoutConstants.unspecifiedLength)
        case .empty:
            return .zero
        }
    }

    /// The largest width and the largest height among the children of the highest priority (a lower-priority
    /// child, such as a background given priority −1, does not size the stack).
    func zStackSize(_ children: [Int], _ p: ProposedSize) -> Size {
        guard let top = children.map({ tree.nodes[$0].priority }).max() else { return .zero }
        var out = Size.zero
        for child in children where tree.nodes[child].priority == top {
            let s = size(child, p)
            out.width = max(out.width, s.width)
            out.height = max(out.height, s.height)
        }
        return out
    }

    /// In a stack, a spacer is at least its minimum length along the stack and nothing across it; outside a stack
    /// it grows both ways. Proposed nothing, it is its minimum.
    func spacerSize(_ minLength: Double, _ axis: LayoutAxis?, _ p: ProposedSize) -> Size {
        func along(_ proposed: Double?) -> Double { max(proposed ?? minLength, minLength) }
        guard let axis else { return Size(width: along(p.width), height: along(p.height)) }
        return Size(axis, major: along(p[axis]), minor: 0)
    }
}
