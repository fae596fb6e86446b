/// `.sheet(isPresented:)` with `.presentationDetents([.medium, .large])`: a floating glass sheet that rises from the
/// bottom edge to its first active detent, is dragged between detents (or down and away), and is dismissed.
///
/// Published (stage coordinates): `sheet` (`x y w h`, `radius`; attributes `presented`, `detent`: "medium",
/// "large" or "none", `floating`: whether it stands in from the screen's edges) and `grabber` (`x y w h`,
/// `opacity`: 1 while there is more than one detent to move between, 0 otherwise). A dismissed sheet waits just
/// below the screen.
///
/// Motion: presenting rises on the reveal role (a judgement: Apple publishes no curve for sheets), dismissing
/// falls on the dismiss role, and a release lands on the snap spring leaving at the finger's speed. The finger is
/// followed one for one, through a rubber band above the large detent.
public final class SheetPiece: InteractivePiece, MemoisedPiece {
    public let name: String
    public private(set) weak var context: (any PieceContext)?
    /// The detents the app asked for.
    public let requested: [SheetDetent]
    /// Whether the sheet is presented (the app's `isPresented`).
    public private(set) var isPresented = false
    /// The detent it rests at, or is heading for (nil while dismissed).
    public private(set) var detent: SheetDetent?
    /// The finger's top edge while a drag holds the sheet.
    var dragTop: Double?
    var dragStart: Double?

    /// How far a pull above the large detent can ever go (the rubber band's limit): a judgement in the
    /// foundation's range for sheets (60 to 120).
    public static let pullLimit = 80.0

    public init(context: any PieceContext, name: String = "sheet", detents: [SheetDetent], presented: Bool = false) {
        self.name = name
        self.context = context
        requested = detents.isEmpty ? [.large] : detents
        if presented {
            isPresented = true
            detent = layout(in: context.environment).detents.first
        }
    }

    public func layout(in environment: PieceEnvironment) -> SheetLayout {
        SheetLayout(in: environment, requested: requested)
    }

    /// The detent shown in `environment`: the one chosen, or large when that one is inactive here (medium on a
    /// phone turned sideways).
    public func shownDetent(in environment: PieceEnvironment) -> SheetDetent? {
        guard isPresented, let detent else { return nil }
        return layout(in: environment).detents.contains(detent) ? detent : .large
    }

    /// The top edge the sheet is heading for.
    func restingTop(in environment: PieceEnvironment) -> Double {
        let layout = self.layout(in: environment)
        guard let shown = shownDetent(in: environment) else { return layout.dismissedTop }
        return layout.top(of: shown)
    }

    var environment: PieceEnvironment { context?.environment ?? PieceEnvironment() }
    var tokens: MotionTokens { context?.tokens ?? MotionTokens() }

    // MARK: The app's side

    /// The app sets `isPresented = true`: the sheet rises to its first active detent (medium, or large in
    /// compact height).
    public func present() {
        guard !isPresented, let context else { return }
        context.transact(tokens.reveal) {
            isPresented = true
            detent = layout(in: context.environment).detents.first
        }
    }

    /// The app sets `isPresented = false`: the sheet falls away, and a finger holding it holds it no more (its
    /// later moves and lift find no sheet, as SwiftUI's gesture ends with the view).
    public func dismiss() {
        guard isPresented, let context else { return }
        context.transact(tokens.dismiss) { setDismissed() }
    }

    /// The app moves the sheet to `detent` (the `selection` binding). An inactive detent is refused.
    public func setDetent(_ detent: SheetDetent) throws(SheetError) {
        guard layout(in: environment).detents.contains(detent) else {
            throw .inactiveDetent(detent, active: layout(in: environment).detents)
        }
        guard isPresented, let context else { throw .notPresented }
        context.transact(tokens.snap) { self.detent = detent }
    }

    /// State changes the gestures make inside their own transactions.
    func setDetentDirectly(_ detent: SheetDetent) { self.detent = detent }

    /// The one way the sheet leaves: not presented, no detent, and no drag holding it.
    func setDismissed() {
        isPresented = false
        detent = nil
        dragTop = nil
        dragStart = nil
    }

    // MARK: StagePiece

    /// Everything the sheet's elements are made from.
    public struct ElementsInput: Equatable, Sendable {
        /// The screen and its safe area (and with them whether medium is active).
        let environment: PieceEnvironment
        let requested: [SheetDetent]
        let isPresented: Bool
        let detent: SheetDetent?
        /// The finger's top edge during a drag.
        let dragTop: Double?
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(environment: environment, requested: requested, isPresented: isPresented, detent: detent,
                      dragTop: dragTop)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let layout = SheetLayout(in: input.environment, requested: input.requested)
        // The detent shown: the one chosen, or large where that one is inactive (as `shownDetent(in:)`).
        let shown = input.isPresented ? input.detent.map { layout.detents.contains($0) ? $0 : .large } : nil
        let top = input.dragTop ?? shown.map { layout.top(of: $0) } ?? layout.dismissedTop
        let rise = layout.rise(top: top)
        let floating = layout.detents.contains(.medium) && rise < 1
        return [
            Element("sheet")
                .rect(layout.frame(top: top))
                .number("radius", layout.radius(top: top))
                .flag("presented", input.isPresented)
                .text("detent", shown?.rawValue ?? "none")
                .flag("floating", floating),
            Element("grabber")
                .rect(layout.grabber(top: top))
                .number("opacity", layout.detents.count > 1 ? 1 : 0),
        ]
    }

    // MARK: Events

    func callback(_ name: String, _ details: NamedValue...) {
        context?.emit(.callback, piece: self.name, details: [NamedValue("name", .text(name))] + details)
    }
}

/// What a sheet refuses.
public enum SheetError: Error, Equatable, Sendable, CustomStringConvertible {
    case inactiveDetent(SheetDetent, active: [SheetDetent])
    case notPresented

    public var description: String {
        switch self {
        case let .inactiveDetent(d, active):
            return "the \(d.rawValue) detent is not active here (active: \(active.map(\.rawValue).joined(separator: ", ")))"
        case .notPresented: return "the sheet is not presented; present() it first"
        }
    }
}
