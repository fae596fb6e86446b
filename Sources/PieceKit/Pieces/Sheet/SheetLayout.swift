/// A height where a sheet rests, as SwiftUI's system `PresentationDetent`s.
public enum SheetDetent: String, Sendable, CaseIterable {
    /// About half the screen's height; inactive in compact height (Apple's documentation).
    case medium
    /// Full height.
    case large
}

/// Where a glass sheet sits: a pure function of the screen and the sheet's top edge, so a drag between detents
/// passes smoothly through every frame in between.
///
/// Apple gives two facts: `.medium` is about half the screen's height and inactive in compact height, and `.large`
/// is full height. The rest are judgements, named here: exactly half for "about half", the top gap of a large
/// sheet, the compact-height limit, the floating inset and corner radius of the glass sheet at medium (it flattens
/// onto the screen's sides and bottom as it rises to large), and the grabber.
public struct SheetLayout: Equatable, Sendable {
    /// "Approximately half the height of the screen": taken as exactly half (a judgement).
    public static let mediumFraction = 0.5
    /// A large sheet's top sits this far below the top safe area (a judgement: the screen behind shows as a sliver).
    public static let largeTopGap = 10.0
    /// Screens shorter than this are compact in height, as a phone held sideways (a judgement: every phone in
    /// landscape is under 450 points tall, every tablet over 700).
    public static let compactHeightLimit = 500.0
    /// A floating (medium) sheet stands this far in from the screen's sides and bottom (a judgement).
    public static let floatingInset = 8.0
    /// Corner radius of the floating sheet (a judgement, about concentric with a phone's screen corners less the
    /// inset), and of the large sheet's top corners.
    public static let floatingRadius = 36.0
    public static let largeRadius = 24.0
    /// The grabber: a 36 × 5 capsule, 5 below the sheet's top (a judgement after UIKit's look).
    public static let grabberSize = Size(width: 36, height: 5)
    public static let grabberTop = 5.0

    public let screen: Size
    public let safeArea: EdgeInsets
    /// The detents the sheet may rest at here, smallest first: the app's, less medium in compact height; large
    /// when nothing else is left.
    public let detents: [SheetDetent]

    public init(in environment: PieceEnvironment, requested: [SheetDetent]) {
        screen = environment.size
        safeArea = environment.safeArea
        let compact = Self.isCompactHeight(environment)
        let active = SheetDetent.allCases.filter { requested.contains($0) && !(compact && $0 == .medium) }
        detents = active.isEmpty ? [.large] : active
    }

    public static func isCompactHeight(_ environment: PieceEnvironment) -> Bool {
        environment.size.height < compactHeightLimit
    }

    /// The top edge of a sheet resting at `detent`.
    public func top(of detent: SheetDetent) -> Double {
        switch detent {
        case .large: return safeArea.top + Self.largeTopGap
        case .medium: return screen.height * (1 - Self.mediumFraction)
        }
    }

    /// The top edge of a dismissed sheet: just below the screen.
    public var dismissedTop: Double { screen.height }

    /// How far from floating (0, at medium and below) to flat (1, at large) a sheet with its top at `top` is.
    public func rise(top: Double) -> Double {
        let low = self.top(of: .medium), high = self.top(of: .large)
        guard low > high else { return 1 }
        return min(max((low - top) / (low - high), 0), 1)
    }

    /// The sheet's frame with its top edge at `top`. Floating it stands in from the sides and bottom; flat it
    /// meets them. With medium inactive the sheet is always flat.
    public func frame(top: Double) -> Rect {
        let inset = detents.contains(.medium) ? Self.floatingInset * (1 - rise(top: top)) : 0
        return Rect(x: inset, y: top, width: max(screen.width - 2 * inset, 0),
                    height: max(screen.height - inset - top, 0))
    }

    public func radius(top: Double) -> Double {
        guard detents.contains(.medium) else { return Self.largeRadius }
        let r = rise(top: top)
        return Self.floatingRadius + (Self.largeRadius - Self.floatingRadius) * r
    }

    /// The grabber, centred at the sheet's top.
    public func grabber(top: Double) -> Rect {
        let sheet = frame(top: top)
        return Rect(x: sheet.midX - Self.grabberSize.width / 2, y: top + Self.grabberTop,
                    width: Self.grabberSize.width, height: Self.grabberSize.height)
    }

    /// Where a release at `top` moving at `velocity` (points per second, down positive) comes to rest: the detent
    /// (or dismissal, a detent at the screen's bottom edge) nearest to where the sheet would coast at the detent
    /// deceleration rate, 0.99. So the thresholds are the midpoints between neighbouring resting places: from
    /// medium a slow drag goes to large once it passes halfway up, and dismisses once it passes halfway down.
    public func destination(top: Double, velocity: Double, dismissible: Bool) -> SheetDetent? {
        let coast = GesturePhysics.project(top, velocity: velocity, decelerationRate: 0.99)
        var places: [(SheetDetent?, Double)] = detents.map { ($0, self.top(of: $0)) }
        if dismissible { places.append((nil, dismissedTop)) }
        let nearest = GesturePhysics.nearest(coast, in: places.map(\.1))
        guard let place = places.first(where: { $0.1 == nearest }) else { return detents.last }
        return place.0
    }
}
