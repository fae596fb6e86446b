/// A view tree made ready for layout once per pass: groups and buttons flattened into their containers, empty views
/// dropped from stacks, the environment (font, line limit, style) resolved for every view, the gaps of every stack
/// worked out, and every view's modifiers reduced to what layout and drawing need. Nodes refer to each other by
/// index, so the sizing cache can key on a number.
struct LayoutTree {
    var nodes: [LayoutNode] = []
    /// The root's node, or nil when the tree is nothing at all.
    var root: Int?

    /// Why the host stopped the building, if it did (the tree is then incomplete and must not be laid out).
    var refusal: HostLimitReached?
    /// Each node's layout priority, read without copying the node (stacks read them in every sort).
    var priorities: [Double] = []
    /// For node `n` wrapped in its first `level` layers, the level whose answer is the same: the nearest at or
    /// below it whose layer changes the size (`sizingLevel[levelStart[n] + level]`).
    var levelStart: [Int] = []
    var sizingLevel: [Int32] = []
    /// Each node's number of layers: the level of the whole view.
    var layerCounts: [Int] = []

    init(_ view: LayoutView, context: LayoutContext) {
        var work = HostWork()
        self.init(view, context: context, work: &work)
    }

    /// Built asking `work` at every view made, and reserving what each holds, so a script-sized tree is stopped by
    /// the host's limits.
    init(_ view: LayoutView, context: LayoutContext, work: inout HostWork) {
        var builder = Builder(context: context, work: work)
        let top = builder.flatten(view)
        root = builder.single(top, container: .vStack, inherited: Inherited(context), depth: 0)
        nodes = builder.nodes
        refusal = builder.refusal
        work = builder.work
        priorities = nodes.map(\.priority)
        layerCounts = nodes.map(\.layers.count)
        for node in nodes {
            levelStart.append(sizingLevel.count)
            var below: Int32 = 0
            sizingLevel.append(0)
            for (i, layer) in node.layers.enumerated() {
                if layer.sizes { below = Int32(i + 1) }
                sizingLevel.append(below)
            }
        }
    }
}

/// One view and its modifiers.
struct LayoutNode {
    var base: NodeBase
    /// Innermost first; only those that size, place, name or draw.
    var layers: [NodeLayer]
    /// The environment the base sees.
    var font: Font
    var lineLimit: Int?
    /// The text takes `lineLimit` lines of height however few it has (`lineLimit(_:reservesSpace: true)`).
    var reservesLines: Bool
    var style: String?
    var priority: Double
    var zIndex: Double
    /// A text with nothing around it that resets spacing (a frame or padding): text-to-text gaps apply.
    var spacesAsText: Bool
}

enum NodeBase {
    case stack(axis: LayoutAxis, alignment: MinorAlignment, gaps: [Double], children: [Int])
    case zStack(alignment: Alignment, children: [Int])
    /// `axis` is the enclosing stack's, nil outside a stack (the spacer then grows both ways).
    case spacer(minLength: Double, axis: LayoutAxis?)
    case text(String)
    case image(String)
    case shape(LayoutShape)
    case color(String)
    case empty
}

/// Where a stack lines its children up across its axis.
enum MinorAlignment: Equatable {
    /// 0 leading/top, ½ centre, 1 trailing/bottom.
    case fraction(Double)
    case firstTextBaseline, lastTextBaseline
}

enum NodeLayer {
    case frame(width: Double?, height: Double?, alignment: Alignment)
    case flexibleFrame(FlexibleFrame)
    case padding(EdgeInsets)
    case safeAreaPadding(EdgeInsets)
    case offset(x: Double, y: Double)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case aspectRatio(Double?, ContentMode)
    case background(Int, Alignment)
    case overlay(Int, Alignment)
    case ignoresSafeArea(Edges)
    case id(String)
    case opacity(Double)
    case scale(x: Double, y: Double)
    case rotation(Double)
    case clipShape(LayoutShape)
    case accessibilityLabel(String)
    case accessibilityHidden(Bool)
    case contentShape(LayoutShape)

    /// Whether the layer changes the size its view answers (the others pass the proposal and the answer through).
    var sizes: Bool {
        switch self {
        case .frame, .flexibleFrame, .padding, .safeAreaPadding, .fixedSize, .aspectRatio: true
        default: false
        }
    }
}

/// What a view inherits from the views around it.
struct Inherited {
    var font: LayoutFont = .body
    var lineLimit: Int?
    var reservesLines = false
    var style: String?
    var dynamicTypeSize: DynamicTypeSize
    /// The stack whose list the view is in, for a spacer's axis.
    var stackAxis: LayoutAxis?

    init(_ context: LayoutContext) { dynamicTypeSize = context.dynamicTypeSize }
}

/// The container several views make when they stand where one is expected.
enum ImplicitContainer {
    /// At the root and in a button's label: a VStack, centred, default spacing.
    case vStack
    /// In an overlay or background: a ZStack with the modifier's alignment.
    case zStack(Alignment)
}

private struct Builder {
    let context: LayoutContext
    var nodes: [LayoutNode] = []
    var work: HostWork
    var refusal: HostLimitReached?

    init(context: LayoutContext, work: HostWork) {
        self.context = context
        self.work = work
    }

    /// Counts one step of building and reserves `bytes`; false once the host has said stop.
    mutating func keepGoing(_ bytes: Int) -> Bool {
        guard refusal == nil else { return false }
        do {
            try work.step()
            try work.reserve(bytes)
        } catch {
            refusal = error
        }
        return refusal == nil
    }

    /// `view` as the list of views it stands for in a container: a group's children each with the group's
    /// modifiers outside their own, a button as its label, nothing for an empty view.
    mutating func flatten(_ view: LayoutView) -> [LayoutView] {
        var out: [LayoutView] = []
        flatten(view, outer: [], into: &out, depth: 0)
        return out
    }

    private mutating func flatten(_ view: LayoutView, outer: [LayoutModifier], into out: inout [LayoutView],
                                  depth: Int) {
        let held = MemoryLayout<LayoutView>.stride + HostBytes.array(view.modifiers.count + outer.count,
                                                                     of: LayoutModifier.self)
        guard depth < LayoutConstants.maxDepth, keepGoing(held) else { return }
        switch view.kind {
        case .group(let children):
            for child in children { flatten(child, outer: view.modifiers + outer, into: &out, depth: depth + 1) }
        case .empty:
            return
        case .button(let label):
            // A button is its label: one view takes the button's modifiers outside its own; several stand in a
            // VStack that takes them.
            var inner: [LayoutView] = []
            flatten(label, outer: [], into: &inner, depth: depth + 1)
            if inner.count == 1 {
                out.append(LayoutView(inner[0].kind, modifiers: inner[0].modifiers + view.modifiers + outer))
            } else if inner.count > 1 {
                out.append(LayoutView(.vStack(alignment: .center, spacing: nil, children: inner),
                                      modifiers: view.modifiers + outer))
            }
        default:
            out.append(LayoutView(view.kind, modifiers: view.modifiers + outer))
        }
    }

    /// One node for a list of views: the view itself when there is one, an implicit container for several.
    mutating func single(_ views: [LayoutView], container: ImplicitContainer, inherited: Inherited,
                         depth: Int) -> Int? {
        switch views.count {
        case 0: return nil
        case 1: return node(views[0], inherited: inherited, depth: depth)
        default:
            let kind: LayoutViewKind
            switch container {
            case .vStack: kind = .vStack(alignment: .center, spacing: nil, children: views)
            case .zStack(let alignment): kind = .zStack(alignment: alignment, children: views)
            }
            return node(LayoutView(kind), inherited: inherited, depth: depth)
        }
    }

    /// The node for one view (never a group or empty view: `flatten` took those out).
    mutating func node(_ view: LayoutView, inherited: Inherited, depth: Int) -> Int {
        let depth = depth + 1 + view.modifiers.count
        guard depth < LayoutConstants.maxDepth else { return append(LayoutNode.nothing) }
        var env = inherited
        var layers: [NodeLayer] = []
        var priority: Double?
        var priorityLayerSeen = false
        var zIndex = 0.0
        var resetsSpacing = false
        // Outermost first, so each modifier sees the environment the ones outside it set.
        for modifier in view.modifiers.reversed() {
            if let layer = layer(modifier, env: &env, depth: depth) { layers.append(layer) }
            switch modifier {
            case .layoutPriority(let value):
                if priority == nil, LayoutConstants.layoutPriorityPassesThroughModifiers || !priorityLayerSeen {
                    priority = value.isNaN ? 0 : value
                }
            case .zIndex(let value) where zIndex == 0: zIndex = value.isFinite ? value : 0
            case .frame, .flexibleFrame, .padding, .safeAreaPadding: resetsSpacing = true; priorityLayerSeen = true
            case .aspectRatio, .offset, .ignoresSafeArea, .background, .overlay: priorityLayerSeen = true
            default: break
            }
        }
        layers.reverse()
        let base = self.base(view.kind, env: env, depth: depth)
        let font = env.font.resolved(env.dynamicTypeSize)
        var style = env.style
        if case .color(let name) = view.kind { style = name }
        let isText: Bool = if case .text = view.kind { !resetsSpacing } else { false }
        var defaultPriority = 0.0
        if case .spacer = view.kind { defaultPriority = LayoutConstants.spacerLayoutPriority }
        if case .stack(_, _, _, let children) = base, children.isEmpty { defaultPriority = -.infinity }
        if case .zStack(_, let children) = base, children.isEmpty { defaultPriority = -.infinity }
        return append(LayoutNode(base: base, layers: layers, font: font, lineLimit: env.lineLimit,
                                 reservesLines: env.reservesLines, style: style,
                                 priority: priority ?? defaultPriority, zIndex: zIndex, spacesAsText: isText))
    }

    private mutating func append(_ node: LayoutNode) -> Int {
        _ = keepGoing(MemoryLayout<LayoutNode>.stride + HostBytes.array(node.layers.count, of: NodeLayer.self))
        nodes.append(node)
        return nodes.count - 1
    }

    /// The layer a modifier becomes, after updating the environment it passes inwards. Numbers a caller did not
    /// check are made harmless here (a negative or non-finite frame side is no side, as SwiftUI treats it).
    private mutating func layer(_ modifier: LayoutModifier, env: inout Inherited, depth: Int) -> NodeLayer? {
        switch modifier {
        case .frame(let w, let h, let alignment):
            return .frame(width: Sanitize.length(w), height: Sanitize.length(h), alignment: alignment)
        case .flexibleFrame(let f): return .flexibleFrame(Sanitize.flexible(f))
        case .padding(let e): return .padding(Sanitize.insets(e))
        case .safeAreaPadding(let e): return .safeAreaPadding(Sanitize.insets(e))
        case .offset(let x, let y): return .offset(x: Sanitize.finite(x), y: Sanitize.finite(y))
        case .fixedSize(let h, let v): return .fixedSize(horizontal: h, vertical: v)
        case .aspectRatio(let ratio, let mode):
            return .aspectRatio(ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }, mode)
        case .background(let content, let alignment), .overlay(let content, let alignment):
            var inner = env
            inner.stackAxis = nil
            guard let index = single(flatten(content), container: .zStack(alignment), inherited: inner,
                                     depth: depth) else { return nil }
            if case .background = modifier { return .background(index, alignment) }
            return .overlay(index, alignment)
        case .ignoresSafeArea(let edges): return .ignoresSafeArea(edges)
        case .id(let name): return .id(name)
        case .opacity(let o): return .opacity(o.isFinite ? min(max(o, 0), 1) : 1)
        case .scaleEffect(let x, let y, _): return .scale(x: Sanitize.finite(x, or: 1), y: Sanitize.finite(y, or: 1))
        case .rotationEffect(let degrees, _): return .rotation(Sanitize.finite(degrees))
        case .clipShape(let shape): return .clipShape(shape)
        case .accessibilityLabel(let label): return .accessibilityLabel(label)
        case .accessibilityHidden(let hidden): return .accessibilityHidden(hidden)
        case .contentShape(let shape): return .contentShape(shape)
        case .font(let font): env.font = font; return nil
        case .lineLimit(let limit, let reserves):
            env.lineLimit = limit.map { max($0, 1) }
            env.reservesLines = reserves && limit != nil
            return nil
        case .style(let name): env.style = name; return nil
        case .layoutPriority, .zIndex: return nil
        }
    }

    private mutating func base(_ kind: LayoutViewKind, env: Inherited, depth: Int) -> NodeBase {
        switch kind {
        case .vStack(let alignment, let spacing, let children):
            return stack(.vertical, .fraction(alignment.fraction), spacing, children, env: env, depth: depth)
        case .hStack(let alignment, let spacing, let children):
            let minor: MinorAlignment = switch alignment {
            case .firstTextBaseline: .firstTextBaseline
            case .lastTextBaseline: .lastTextBaseline
            default: .fraction(alignment.fraction)
            }
            return stack(.horizontal, minor, spacing, children, env: env, depth: depth)
        case .zStack(let alignment, let children):
            var inner = env
            inner.stackAxis = nil
            var views: [LayoutView] = []
            for child in children { views += flatten(child) }
            return .zStack(alignment: alignment, children: views.map { node($0, inherited: inner, depth: depth) })
        case .spacer(let minLength):
            return .spacer(minLength: Sanitize.length(minLength) ?? LayoutConstants.defaultSpacing,
                           axis: env.stackAxis)
        case .text(let string): return .text(string)
        case .image(let name): return .image(name)
        case .shape(let shape): return .shape(shape)
        case .color(let name): return .color(name)
        case .button, .group, .empty:
            // `flatten` replaced these by what they stand for before any node was made.
            return .empty
        }
    }

    private mutating func stack(_ axis: LayoutAxis, _ alignment: MinorAlignment, _ spacing: Double?,
                                _ children: [LayoutView], env: Inherited, depth: Int) -> NodeBase {
        var inner = env
        inner.stackAxis = axis
        var views: [LayoutView] = []
        for child in children { views += flatten(child) }
        let indices = views.map { node($0, inherited: inner, depth: depth) }
        var gaps: [Double] = []
        for (a, b) in zip(indices, indices.dropFirst()) {
            if let spacing, spacing.isFinite {
                gaps.append(spacing)
            } else {
                gaps.append(Self.defaultGap(nodes[a], nodes[b]))
            }
        }
        return .stack(axis: axis, alignment: alignment, gaps: gaps, children: indices)
    }

    /// The system's distance between two neighbours in a stack with `spacing: nil`.
    static func defaultGap(_ a: LayoutNode, _ b: LayoutNode) -> Double {
        if a.isSpacer || b.isSpacer { return LayoutConstants.spacerSpacing }
        if a.spacesAsText && b.spacesAsText { return LayoutConstants.textToTextSpacing }
        return LayoutConstants.defaultSpacing
    }
}

extension LayoutNode {
    static let nothing = LayoutNode(base: .empty, layers: [], font: Font(size: 17), lineLimit: nil, reservesLines: false,
                                    style: nil, priority: 0, zIndex: 0, spacesAsText: false)

    var isSpacer: Bool {
        if case .spacer = base { return true }
        return false
    }
}

/// Unchecked numbers made harmless, so a tree that skipped `LayoutCheck` still lays out without a trap.
enum Sanitize {
    /// A side length: a finite number at least 0, else none.
    static func length(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    static func finite(_ value: Double, or fallback: Double = 0) -> Double { value.isFinite ? value : fallback }

    static func insets(_ e: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: finite(e.top), leading: finite(e.leading), bottom: finite(e.bottom),
                   trailing: finite(e.trailing))
    }

    /// Each axis normalised as SwiftUI does: min at least 0, ideal at least min, max at least ideal (missing values
    /// stay missing; NaN is missing).
    static func flexible(_ f: FlexibleFrame) -> FlexibleFrame {
        func axis(_ mn: Double?, _ ideal: Double?, _ mx: Double?) -> (Double?, Double?, Double?) {
            let mn = mn.flatMap { $0.isNaN ? nil : max($0, 0) }
            var ideal = ideal.flatMap { $0.isNaN ? nil : $0 }
            if let i = ideal, let m = mn { ideal = max(i, m) }
            var mx = mx.flatMap { $0.isNaN ? nil : $0 }
            if let m = mx, let floor = ideal ?? mn { mx = max(m, floor) }
            return (mn, ideal, mx)
        }
        var out = f
        (out.minWidth, out.idealWidth, out.maxWidth) = axis(f.minWidth, f.idealWidth, f.maxWidth)
        (out.minHeight, out.idealHeight, out.maxHeight) = axis(f.minHeight, f.idealHeight, f.maxHeight)
        return out
    }
}
