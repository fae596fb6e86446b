/// A view as SwiftUI writes it: what it is, and the modifiers applied to it, innermost first.
///
/// A value, so a body can be built, compared and laid out again without a class in sight: two bodies that are equal
/// lay out the same, which is what lets a piece skip the layout when its inputs did not change.
public struct LayoutView: Equatable, Hashable, Sendable {
    public var kind: LayoutViewKind
    /// In the order they were applied: `Text("a").padding().frame(width: 80)` is `[.padding, .frame]`.
    public var modifiers: [LayoutModifier]

    public init(_ kind: LayoutViewKind, modifiers: [LayoutModifier] = []) {
        self.kind = kind
        self.modifiers = modifiers
    }

    /// The same view with one more modifier outside the others.
    public func modified(_ modifier: LayoutModifier) -> LayoutView {
        var copy = self
        copy.modifiers.append(modifier)
        return copy
    }
}

/// The views the engine knows, by SwiftUI's names.
public indirect enum LayoutViewKind: Equatable, Hashable, Sendable {
    /// `VStack(alignment:spacing:)`: nil spacing is the system's default between each pair.
    case vStack(alignment: HorizontalAlignment, spacing: Double?, children: [LayoutView])
    /// `HStack(alignment:spacing:)`.
    case hStack(alignment: VerticalAlignment, spacing: Double?, children: [LayoutView])
    /// `ZStack(alignment:)`.
    case zStack(alignment: Alignment, children: [LayoutView])
    /// `Spacer(minLength:)`: nil is the system's default spacing.
    case spacer(minLength: Double?)
    /// `Text(verbatim:)`, measured with the stage's SF Pro metrics in the font its environment gives it.
    case text(String)
    /// `Image(systemName:)`, sized by the font its environment gives it.
    case image(systemName: String)
    /// A shape that fills what it is offered.
    case shape(LayoutShape)
    /// `Color`: fills what it is offered, as a shape does. The name is carried to the frame log, not interpreted.
    case color(String)
    /// `Button` with this label: lays out as its label.
    case button(label: LayoutView)
    /// `Group` and `ForEach`: no layout of their own; their children join the enclosing container, each with the
    /// group's modifiers.
    case group([LayoutView])
    /// Nothing at all (`EmptyView`, the missing branch of an `if`): takes no place and no spacing in a stack.
    case empty
}

/// The shapes `Shape` views, `clipShape` and `contentShape` name.
public enum LayoutShape: Equatable, Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    /// iOS 16 and later: a square of the smaller offered side.
    case circle
    case capsule
    case ellipse
}

/// The modifiers the engine knows. Those marked "drawing" change what is drawn, never where anything is laid out.
public enum LayoutModifier: Equatable, Hashable, Sendable {
    /// `frame(width:height:alignment:)`: a nil side is the child's own answer.
    case frame(width: Double?, height: Double?, alignment: Alignment)
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    case flexibleFrame(FlexibleFrame)
    /// `padding(_:)` with the edges already resolved (the system default is `LayoutConstants.defaultPadding`).
    case padding(EdgeInsets)
    /// Drawing: `offset(x:y:)` moves the view and what is inside it, never its slot.
    case offset(x: Double, y: Double)
    /// Drawing: `opacity(_:)`.
    case opacity(Double)
    /// Drawing: `scaleEffect(x:y:anchor:)`.
    case scaleEffect(x: Double, y: Double, anchor: UnitPoint)
    /// Drawing: `rotationEffect(.degrees(_:), anchor:)`.
    case rotationEffect(degrees: Double, anchor: UnitPoint)
    /// `background(alignment:content:)`: sized by the view it is behind.
    case background(LayoutView, alignment: Alignment)
    /// `overlay(alignment:content:)`: sized by the view it is over.
    case overlay(LayoutView, alignment: Alignment)
    /// `layoutPriority(_:)`.
    case layoutPriority(Double)
    /// `fixedSize(horizontal:vertical:)`.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `aspectRatio(_:contentMode:)`: nil ratio is the child's ideal size's.
    case aspectRatio(Double?, ContentMode)
    /// `font(_:)`: inherited by every text and symbol inside.
    case font(LayoutFont)
    /// `lineLimit(_:reservesSpace:)`: nil is no limit; reserving, a text always takes the limit's lines of height
    /// (fewer lines of text leave room below); inherited.
    case lineLimit(Int?, reservesSpace: Bool = false)
    /// Drawing: `clipShape(_:)`.
    case clipShape(LayoutShape)
    /// Drawing: `zIndex(_:)`, the order among siblings.
    case zIndex(Double)
    /// `ignoresSafeArea(edges:)`.
    case ignoresSafeArea(Edges)
    /// `safeAreaPadding(_:)`: padding that becomes safe area for what is inside.
    case safeAreaPadding(EdgeInsets)
    /// `accessibilityLabel(_:)`.
    case accessibilityLabel(String)
    /// `accessibilityHidden(_:)`.
    case accessibilityHidden(Bool)
    /// `contentShape(_:)`: the shape a touch is tested against.
    case contentShape(LayoutShape)
    /// Names the view at this point of the chain: it becomes an element of the piece, with the frame of the view
    /// as wrapped so far (an `id` after an `offset` is the offset's own slot; before it, the moved view).
    case id(String)
    /// Drawing: `foregroundStyle`/`fill` by name, carried to the frame log.
    case style(String)
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`'s arguments; nil is "not given".
public struct FlexibleFrame: Equatable, Hashable, Sendable {
    public var minWidth, idealWidth, maxWidth: Double?
    public var minHeight, idealHeight, maxHeight: Double?
    public var alignment: Alignment

    public init(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                alignment: Alignment = .center) {
        self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// A font as a view asks for it: a text style (scaled by Dynamic Type) or a fixed size, and maybe a weight.
public struct LayoutFont: Equatable, Hashable, Sendable {
    public enum Size: Equatable, Hashable, Sendable {
        case style(TextStyle)
        case fixed(Double)
    }
    public var size: Size
    /// nil: the style's own weight (regular for a fixed size).
    public var weight: FontWeight?

    public init(_ size: Size, weight: FontWeight? = nil) {
        self.size = size
        self.weight = weight
    }

    /// The font SwiftUI gives a view that was given none: body.
    public static let body = LayoutFont(.style(.body))

    /// The font itself at a Dynamic Type size.
    public func resolved(_ dynamicTypeSize: DynamicTypeSize) -> Font {
        switch size {
        case .style(let style): Font.system(style, weight: weight, dynamicTypeSize: dynamicTypeSize)
        case .fixed(let points): Font.system(size: points, weight: weight ?? .regular)
        }
    }
}

/// `HorizontalAlignment`: where children line up across a VStack.
public enum HorizontalAlignment: String, Equatable, Hashable, Sendable, CaseIterable {
    case leading, center, trailing
}

/// `VerticalAlignment`: where children line up across an HStack.
public enum VerticalAlignment: String, Equatable, Hashable, Sendable, CaseIterable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
}

/// `Alignment`: a horizontal and a vertical alignment, named as SwiftUI names the nine (`topLeading`, `center`, …).
public struct Alignment: Equatable, Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The nine by their SwiftUI names, for the bindings to read and to list in an error.
    public static let named: [(name: String, alignment: Alignment)] = [
        ("center", .center), ("leading", .leading), ("trailing", .trailing), ("top", .top), ("bottom", .bottom),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading),
        ("bottomTrailing", .bottomTrailing),
    ]
}

/// `UnitPoint`: a point in a view's own box, 0…1 on each axis (0, 0 is the top leading corner).
public struct UnitPoint: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// `ContentMode` for `aspectRatio`.
public enum ContentMode: String, Equatable, Hashable, Sendable {
    case fit, fill
}

/// A set of edges, as `Edge.Set`.
public struct Edges: OptionSet, Equatable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Edges(rawValue: 1)
    public static let leading = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
}
