/// HStack and VStack: one rule with the axes swapped.
///
/// With a length to share along the axis, every child is asked for its minimum (proposed 0) and maximum (proposed
/// infinity) along it. Children are taken in groups by layout priority, highest first, and within a group the least
/// flexible (maximum − minimum) first; two endlessly flexible children go larger minimum first; otherwise the order
/// written. The highest group starts with the proposal less the gaps and less the minimums of every lower group;
/// each later group gets its own minimums back. Each child in turn is offered what is left divided by the children
/// left in its group (never below 0) and takes what it answers. The stack is as long as its children and gaps,
/// even when that is more than it was offered. With nothing to share (nil), every child is asked for its ideal
/// length.
struct StackDistribution {
    /// What each child, in declaration order, was proposed and answered.
    var proposals: [ProposedSize]
    var sizes: [Size]
}

extension LayoutPass {
    func distribute(_ axis: LayoutAxis, gaps: [Double], children: [Int], _ p: ProposedSize) -> StackDistribution {
        let minor = p[axis.other]
        guard let major = p[axis] else {
            let proposal = ProposedSize.unspecified.with(axis.other, minor)
            return StackDistribution(proposals: children.map { _ in proposal },
                                     sizes: children.map { size($0, proposal) })
        }
        let count = children.count
        var mins = [Double](repeating: 0, count: count), flex = mins
        for (i, child) in children.enumerated() {
            let low = size(child, ProposedSize.zero.with(axis.other, minor))[axis]
            let high = size(child, ProposedSize.infinity.with(axis.other, minor))[axis]
            mins[i] = low
            let f = high - low
            flex[i] = f.isNaN ? .infinity : f
        }
        let order = Array(0..<count).sortedStably { a, b in
            let pa = tree.nodes[children[a]].priority, pb = tree.nodes[children[b]].priority
            if pa != pb { return pa > pb }
            if flex[a] != flex[b] { return flex[a] < flex[b] }
            if flex[a] == .infinity { return mins[a] > mins[b] }
            return false
        }
        var available = major - gaps.reduce(0, +)
        let top = order.first.map { tree.nodes[children[$0]].priority }
        for i in 0..<count where tree.nodes[children[i]].priority != top { available -= mins[i] }
        var proposals = [ProposedSize](repeating: .unspecified, count: count)
        var sizes = [Size](repeating: .zero, count: count)
        var start = 0
        while start < count {
            let priority = tree.nodes[children[order[start]]].priority
            var end = start
            while end < count, tree.nodes[children[order[end]]].priority == priority { end += 1 }
            if start > 0 { for k in start..<end { available += mins[order[k]] } }
            for k in start..<end {
                let i = order[k]
                let share = max(available / Double(end - k), 0)
                let proposal = ProposedSize.unspecified.with(axis, share).with(axis.other, minor)
                let answer = size(children[i], proposal)
                proposals[i] = proposal
                sizes[i] = answer
                // Endless room stays endless (a maximum probe): ∞ − ∞ would leave the next child nothing defined.
                if available != .infinity { available -= answer[axis] }
            }
            start = end
        }
        return StackDistribution(proposals: proposals, sizes: sizes)
    }

    /// The stack's size for a distribution: its children and gaps end to end, and across, the span of the
    /// children lined up on the alignment guide.
    func stackSize(_ axis: LayoutAxis, _ alignment: MinorAlignment, gaps: [Double], children: [Int],
                   _ d: StackDistribution) -> Size {
        let major = d.sizes.reduce(0) { $0 + $1[axis] } + gaps.reduce(0, +)
        let span = minorSpan(axis, alignment, children: children, d)
        return Size(axis, major: max(major, 0), minor: span.hi - span.lo)
    }

    /// Each child's guide across the stack, and the span of all children with their guides on one line (lo is
    /// where the stack's cross edge sits relative to that line).
    func minorSpan(_ axis: LayoutAxis, _ alignment: MinorAlignment, children: [Int],
                   _ d: StackDistribution) -> (lo: Double, hi: Double, guides: [Double]) {
        guard !children.isEmpty else { return (0, 0, []) }
        var lo = Double.infinity, hi = -Double.infinity
        var guides: [Double] = []
        for (i, child) in children.enumerated() {
            let length = d.sizes[i][axis.other]
            let guide: Double
            switch alignment {
            case .fraction(let f): guide = Alignment.share(length, f)
            case .firstTextBaseline: guide = baseline(child, d.proposals[i], last: false) ?? length
            case .lastTextBaseline: guide = baseline(child, d.proposals[i], last: true) ?? length
            }
            guides.append(guide)
            lo = min(lo, -guide)
            hi = max(hi, length == .infinity ? .infinity : length - guide)
        }
        return (lo, hi, guides)
    }

    /// A view's first or last text baseline from its top, where it has text that is not wrapped in anything that
    /// moves it unpredictably: a text, through padding and modifiers that do not size. Anything else has none
    /// (its bottom stands in). Baselines of stacks and frames are not modelled.
    func baseline(_ n: Int, _ p: ProposedSize, last: Bool) -> Double? {
        let node = tree.nodes[n]
        var top = 0.0
        var proposal = p
        for layer in node.layers.reversed() {
            switch layer {
            case .padding(let e), .safeAreaPadding(let e):
                top += e.top
                proposal = proposal.inset(e)
            case .frame, .flexibleFrame, .fixedSize, .aspectRatio:
                return nil
            default:
                continue
            }
        }
        guard case .text = node.base else { return nil }
        let text = textLayout(n, proposal)
        guard text.lines > 0 else { return nil }
        let box = metrics.lineBoxHeight(for: node.font, displayScale: context.displayScale)
        return top + Double(last ? text.lines - 1 : 0) * box + metrics.ascender(for: node.font)
    }
}

extension Array {
    /// Sorted by `before`, keeping the written order of elements neither comes before: stacks and drawing order
    /// rely on it, so ties are broken by position rather than by the library sort's own behaviour.
    func sortedStably(by before: (Element, Element) -> Bool) -> [Element] {
        enumerated().sorted { a, b in
            if before(a.element, b.element) { return true }
            if before(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }
}
