/// Placing what is inside each kind of view, and writing what only the view itself knows (its text, symbol and
/// corner radius) into the named views that wrap it.
extension Placer {
    mutating func placeBase(_ n: Int, _ p: ProposedSize, _ frame: Rect, _ drawing: Drawing, _ chain: Chain) {
        let node = pass.tree.nodes[n]
        switch node.base {
        case .stack(let axis, let alignment, let gaps, let children):
            placeStack(axis, alignment, gaps, children, p, frame, drawing)
        case .zStack(let alignment, let children):
            let proposal = ProposedSize(frame.size)
            for i in drawingOrder(children) {
                let child = children[i]
                let size = pass.size(child, proposal)
                place(child, full(child), proposal, alignment.origin(of: size, in: frame), drawing, Chain())
            }
        case .text(let string):
            let text = pass.textLayout(n, p)
            for i in chain.pending {
                views[i].text = string
                views[i].lines = text.lines
                views[i].truncated = text.truncated
                views[i].font = node.font
            }
        case .image(let name):
            for i in chain.pending {
                views[i].symbol = name
                views[i].font = node.font
            }
        case .shape(let shape):
            for i in chain.pending where views[i].cornerRadius == nil {
                views[i].cornerRadius = Self.cornerRadius(shape, frame.size)
            }
        case .spacer, .color, .empty:
            break
        }
    }

    private func full(_ n: Int) -> Int { pass.tree.nodes[n].layers.count }

    /// The positions of `children` by `zIndex`, then as written: the order they are drawn in.
    private func drawingOrder(_ children: [Int]) -> [Int] {
        let positions = Array(children.indices)
        guard children.contains(where: { pass.tree.nodes[$0].zIndex != 0 }) else { return positions }
        return positions.sortedStably { pass.tree.nodes[children[$0]].zIndex < pass.tree.nodes[children[$1]].zIndex }
    }

    /// A stack shares out again with the proposal it was placed with (across, its own length when it was proposed
    /// nothing), then lays its children end to end from its leading (top) edge, each lined up across on the
    /// alignment guide and placed with the proposal it answered.
    private mutating func placeStack(_ axis: LayoutAxis, _ alignment: MinorAlignment, _ gaps: [Double],
                                     _ children: [Int], _ p: ProposedSize, _ frame: Rect, _ drawing: Drawing) {
        let proposal = p.with(axis.other, p[axis.other] ?? frame.size[axis.other])
        let d = pass.distribute(axis, gaps: gaps, children: children, proposal)
        let span = pass.minorSpan(axis, alignment, children: children, d)
        var cursor = axis == .horizontal ? frame.x : frame.y
        let cross = axis == .horizontal ? frame.y : frame.x
        var origins: [Point] = []
        for i in children.indices {
            origins.append(Point(axis, major: cursor, minor: cross - span.guides[i] - span.lo))
            cursor += d.sizes[i][axis] + (i < gaps.count ? gaps[i] : 0)
        }
        for i in drawingOrder(children) {
            place(children[i], full(children[i]), d.proposals[i], origins[i], drawing, Chain())
        }
    }
}
