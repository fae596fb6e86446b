/// What a layout is laid out in: the screen, its safe area and the environment that changes sizes.
public struct LayoutContext: Equatable, Hashable, Sendable {
    public var screen: Size
    public var safeArea: EdgeInsets
    public var dynamicTypeSize: DynamicTypeSize
    public var layoutDirection: LayoutDirection
    /// Pixels per point: measured text and symbols land on this grid.
    public var displayScale: Double

    public init(screen: Size = Size(width: 393, height: 852), safeArea: EdgeInsets = EdgeInsets(top: 59, bottom: 34),
                dynamicTypeSize: DynamicTypeSize = .large, layoutDirection: LayoutDirection = .leftToRight,
                displayScale: Double = DynamicType.defaultDisplayScale) {
        self.screen = screen
        self.safeArea = safeArea
        self.dynamicTypeSize = dynamicTypeSize
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
    }

    /// The context a piece on the stage is laid out in.
    public init(_ environment: PieceEnvironment) {
        self.init(screen: environment.size, safeArea: environment.safeArea,
                  dynamicTypeSize: environment.dynamicTypeSize, layoutDirection: environment.layoutDirection)
    }
}

/// One view given an `id`, where it ended up and how it is drawn.
public struct LaidOutView: Equatable, Sendable {
    public var id: String
    /// Screen points. The frame of the view as wrapped at the `id`, moved by every `offset` outside it.
    public var frame: Rect
    /// The product of every `opacity` at or outside the `id`.
    public var opacity: Double
    /// The product of every `scaleEffect` at or outside the `id`, per axis.
    public var scaleX: Double
    public var scaleY: Double
    /// The sum of every `rotationEffect` at or outside the `id`, in degrees.
    public var rotation: Double
    /// The `zIndex` among its siblings (0 unless given).
    public var zIndex: Double
    /// Drawing order over the whole tree: later draws on top.
    public var drawOrder: Int
    /// A shape's corner radius (a rounded rectangle's, half the short side for a capsule or circle); nil otherwise.
    public var cornerRadius: Double?
    /// A `Text`'s string, the lines it takes and whether its last line ends in an ellipsis.
    public var text: String?
    public var lines: Int?
    public var truncated: Bool
    /// The resolved font of a text or symbol.
    public var font: Font?
    /// An `Image`'s symbol name.
    public var symbol: String?
    /// A `Color`'s name or the innermost `style`.
    public var style: String?
    public var accessibilityLabel: String?
    public var accessibilityHidden: Bool
    public var contentShape: LayoutShape?

    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
        opacity = 1; scaleX = 1; scaleY = 1; rotation = 0; zIndex = 0; drawOrder = 0
        truncated = false
        accessibilityHidden = false
    }
}

/// A laid-out tree: every view given an `id`, in drawing order.
public struct LayoutResult: Equatable, Sendable {
    public var views: [LaidOutView]

    public init(views: [LaidOutView]) { self.views = views }

    /// The view named `id`, if the tree has one.
    public subscript(id: String) -> LaidOutView? { views.first { $0.id == id } }
}
