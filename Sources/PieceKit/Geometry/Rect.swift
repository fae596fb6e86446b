/// A point in the stage's coordinate space (points, origin top left, y down), as SwiftUI's global space.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle in points. Plain doubles, so layout arithmetic reads like the seeds' CGRect code.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var size: Size { Size(width: width, height: height) }

    /// The rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The same rectangle mirrored across a vertical axis of a container `width` wide (right-to-left layout).
    public func mirrored(in containerWidth: Double) -> Rect {
        Rect(x: containerWidth - x - width, y: y, width: width, height: height)
    }
}

/// Insets on four edges, in points. `leading`/`trailing` follow the layout direction, as SwiftUI's EdgeInsets.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = EdgeInsets()
}
