/// The second half of a pass: every view told where it is, and every named view written down with what is drawn.
///
/// Placement walks the tree in drawing order (a background before what it is behind, an overlay after, siblings by
/// `zIndex` and then as written), so the order the named views are written in is the order they are drawn in.
/// Frames are worked out left to right; a right-to-left layout mirrors them all at the end, which runs HStacks from
/// the trailing edge, flips leading and trailing alignments and paddings, and mirrors x offsets.
struct Placer {
    let pass: LayoutPass
    var views: [LaidOutView] = []

    init(pass: LayoutPass) { self.pass = pass }

    /// What reaches a view from the views outside it.
    struct Drawing {
        var opacity = 1.0
        var scaleX = 1.0
        var scaleY = 1.0
        var rotation = 0.0
        var hidden = false
        /// The safe areas around the view, innermost first (a `safeAreaPadding`'s, then the window's).
        var regions: [SafeRegion]
    }

    /// A safe area: the rect content keeps to, inside the rect it may grow to when it ignores it.
    struct SafeRegion {
        var inner: Rect
        var outer: Rect
    }

    /// What one view's modifier chain has gathered so far on the way in: the named views waiting for what only the
    /// base knows (its text, symbol, corner radius), and the accessibility label and content shape seen outside.
    struct Chain {
        var pending: [Int] = []
        var label: String?
        var contentShape: LayoutShape?
    }

    mutating func place(_ n: Int, _ level: Int, _ p: ProposedSize, _ origin: Point, _ drawing: Drawing,
                        _ chain: Chain) {
        let node = pass.tree.nodes[n]
        let size = pass.size(n, level, p)
        let frame = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        guard level > 0 else { return placeBase(n, p, frame, drawing, chain) }
        let inner = level - 1
        var drawing = drawing, chain = chain
        switch node.layers[inner] {
        case .frame(let width, let height, let alignment):
            let proposal = ProposedSize(width: width ?? p.width, height: height ?? p.height)
            placeAligned(n, inner, proposal, in: frame, alignment, drawing, chain)
        case .flexibleFrame(let f):
            let h = FlexAxis(min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth, proposal: p.width)
            let v = FlexAxis(min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight, proposal: p.height)
            let proposal = ProposedSize(width: h.placement(frame.width), height: v.placement(frame.height))
            placeAligned(n, inner, proposal, in: frame, f.alignment, drawing, chain)
        case .padding(let e):
            place(n, inner, p.inset(e), Point(x: frame.x + e.leading, y: frame.y + e.top), drawing, chain)
        case .safeAreaPadding(let e):
            let content = Rect(x: frame.x + e.leading, y: frame.y + e.top,
                               width: max(frame.width - e.leading - e.trailing, 0),
                               height: max(frame.height - e.top - e.bottom, 0))
            drawing.regions.insert(SafeRegion(inner: content, outer: frame), at: 0)
            place(n, inner, p.inset(e), content.origin, drawing, chain)
        case .offset(let x, let y):
            place(n, inner, p, Point(x: frame.x + x, y: frame.y + y), drawing, chain)
        case .fixedSize(let horizontal, let vertical):
            placeAligned(n, inner, p.fixed(horizontal: horizontal, vertical: vertical), in: frame, .center,
                         drawing, chain)
        case .aspectRatio(let ratio, let mode):
            placeAligned(n, inner, pass.aspectProposal(n, inner, ratio, mode, p), in: frame, .center, drawing, chain)
        case .background(let content, let alignment):
            placeSecondary(content, on: frame, alignment, drawing)
            place(n, inner, p, origin, drawing, chain)
        case .overlay(let content, let alignment):
            place(n, inner, p, origin, drawing, chain)
            placeSecondary(content, on: frame, alignment, drawing)
        case .ignoresSafeArea(let edges):
            let grown = grow(frame, edges, drawing.regions)
            let proposal = ProposedSize(width: p.width.map { $0 + grown.width - frame.width },
                                        height: p.height.map { $0 + grown.height - frame.height })
            place(n, inner, proposal, grown.origin, drawing, chain)
        case .id(let name):
            guard pass.keepGoing(steps: 1, bytes: MemoryLayout<LaidOutView>.stride + HostBytes.string(name.utf8.count))
            else { return }
            chain.pending.append(views.count)
            views.append(named(name, frame, node, drawing, chain))
            place(n, inner, p, origin, drawing, chain)
        default:
            apply(node.layers[inner], frame, &drawing, &chain)
            place(n, inner, p, origin, drawing, chain)
        }
    }

    /// Drawing-only layers: they change what the views inside are drawn with, never where.
    private mutating func apply(_ layer: NodeLayer, _ frame: Rect, _ drawing: inout Drawing, _ chain: inout Chain) {
        switch layer {
        case .opacity(let o): drawing.opacity *= o
        case .scale(let x, let y): drawing.scaleX *= x; drawing.scaleY *= y
        case .rotation(let degrees): drawing.rotation += degrees
        case .accessibilityHidden(let hidden): drawing.hidden = drawing.hidden || hidden
        case .accessibilityLabel(let label): chain.label = label
        case .contentShape(let shape): chain.contentShape = shape
        case .clipShape(let shape):
            for i in chain.pending where views[i].cornerRadius == nil {
                views[i].cornerRadius = Self.cornerRadius(shape, frame.size)
            }
        default: break
        }
    }

    private mutating func placeAligned(_ n: Int, _ inner: Int, _ proposal: ProposedSize, in frame: Rect,
                                       _ alignment: Alignment, _ drawing: Drawing, _ chain: Chain) {
        let child = pass.size(n, inner, proposal)
        place(n, inner, proposal, alignment.origin(of: child, in: frame), drawing, chain)
    }

    /// A background or overlay: proposed the size of the view it is on, and lined up with it.
    private mutating func placeSecondary(_ content: Int, on frame: Rect, _ alignment: Alignment, _ drawing: Drawing) {
        let proposal = ProposedSize(frame.size)
        let full = pass.tree.nodes[content].layers.count
        let size = pass.size(content, full, proposal)
        place(content, full, proposal, alignment.origin(of: size, in: frame), drawing, Chain())
    }

    /// `frame` grown, on each edge in `edges` that reaches a safe area's inner edge (within half a pixel), out to
    /// that area's outer edge; then the same against the next area out.
    func grow(_ frame: Rect, _ edges: Edges, _ regions: [SafeRegion]) -> Rect {
        let tolerance = 0.5 / max(pass.context.displayScale, 1) + LayoutConstants.safeAreaTouchTolerance
        var minX = frame.minX, minY = frame.minY, maxX = frame.maxX, maxY = frame.maxY
        for region in regions {
            if edges.contains(.top), minY <= region.inner.minY + tolerance { minY = min(minY, region.outer.minY) }
            if edges.contains(.leading), minX <= region.inner.minX + tolerance { minX = min(minX, region.outer.minX) }
            if edges.contains(.bottom), maxY >= region.inner.maxY - tolerance { maxY = max(maxY, region.outer.maxY) }
            if edges.contains(.trailing), maxX >= region.inner.maxX - tolerance {
                maxX = max(maxX, region.outer.maxX)
            }
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private func named(_ name: String, _ frame: Rect, _ node: LayoutNode, _ drawing: Drawing,
                       _ chain: Chain) -> LaidOutView {
        var view = LaidOutView(id: name, frame: frame)
        view.opacity = drawing.opacity
        view.scaleX = drawing.scaleX
        view.scaleY = drawing.scaleY
        view.rotation = drawing.rotation
        view.zIndex = node.zIndex
        view.style = node.style
        view.accessibilityLabel = chain.label
        view.accessibilityHidden = drawing.hidden
        view.contentShape = chain.contentShape
        return view
    }

    static func cornerRadius(_ shape: LayoutShape, _ size: Size) -> Double? {
        switch shape {
        case .rectangle: 0
        case .roundedRectangle(let r): r
        case .capsule, .circle: min(size.width, size.height) / 2
        case .ellipse: nil
        }
    }
}

extension Rect {
    var origin: Point { Point(x: x, y: y) }
}
