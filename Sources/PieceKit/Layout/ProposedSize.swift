/// What a parent offers a child: a length per axis, or nil for "say what you would like" (the ideal size).
///
/// Three proposals are special: zero asks a view for its minimum, infinity for its maximum, nil for its ideal. A
/// view may answer anything; the parent then places what came back.
public struct ProposedSize: Equatable, Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }

    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)
    public static let unspecified = ProposedSize(width: nil, height: nil)

    subscript(axis: LayoutAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// The proposal with `axis` replaced and the other axis kept.
    func with(_ axis: LayoutAxis, _ value: Double?) -> ProposedSize {
        var copy = self
        copy[axis] = value
        return copy
    }
}

/// A stack's direction.
enum LayoutAxis: Equatable, Hashable, Sendable {
    case horizontal, vertical
    var other: LayoutAxis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    subscript(axis: LayoutAxis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(_ axis: LayoutAxis, major: Double, minor: Double) {
        self = axis == .horizontal ? Size(width: major, height: minor) : Size(width: minor, height: major)
    }
}

extension Point {
    init(_ axis: LayoutAxis, major: Double, minor: Double) {
        self = axis == .horizontal ? Point(x: major, y: minor) : Point(x: minor, y: major)
    }
}

extension HorizontalAlignment {
    /// Where the guide sits across a width: 0 leading, ½ centre, 1 trailing (left to right; the engine mirrors).
    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

extension VerticalAlignment {
    /// 0 top, ½ centre, 1 bottom; the text baselines fall back to the bottom for views without text.
    var fraction: Double {
        switch self {
        case .top: 0
        case .center: 0.5
        case .bottom, .firstTextBaseline, .lastTextBaseline: 1
        }
    }
}

extension Alignment {
    /// Where a child `size` sits in a `container` when their alignment guides meet.
    func origin(of size: Size, in container: Rect) -> Point {
        Point(x: container.x + Self.share(container.width - size.width, horizontal.fraction),
              y: container.y + Self.share(container.height - size.height, vertical.fraction))
    }

    /// `room × fraction`, with no room at all taken when the fraction is 0 (an infinite room would give NaN).
    static func share(_ room: Double, _ fraction: Double) -> Double {
        fraction == 0 || room.isNaN ? 0 : room * fraction
    }
}
