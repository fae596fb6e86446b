@testable import PieceKit

/// A card 100 pt tall closed and 400 pt open, with a badge whose opacity can carry an implicit animation
/// watching `isOpen`. Small enough that every expectation can be worked out by hand.
final class StageTestCard: StagePiece {
    enum Implicit {
        case none
        case animation(Animation?)
    }

    let name: String
    var isOpen = false
    var dimmed = false
    var showsBadge = true
    var badgeImplicit: Implicit = .none
    var layoutCalls = 0

    init(name: String = "card") {
        self.name = name
    }

    static let closedHeight = 100.0
    static let openHeight = 400.0

    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        layoutCalls += 1
        let width = environment.size.width - 40
        let height = isOpen ? Self.openHeight : Self.closedHeight
        let surface = Element("surface")
            .rect(Rect(x: 20, y: 100, width: width, height: height))
            .number("radius", isOpen ? 32 : 16)
            .flag("expanded", isOpen)
        var result = [surface]
        if showsBadge {
            let implicit: ImplicitAnimation?
            switch badgeImplicit {
            case .none: implicit = nil
            case .animation(let animation): implicit = ImplicitAnimation(animation, value: .bool(isOpen))
            }
            let opacity = dimmed ? 0.5 : (isOpen ? 1.0 : 0.0)
            result.append(Element("badge")
                .number("opacity", opacity, animation: implicit)
                .text("label", isOpen ? "Open" : "Closed"))
        }
        return result
    }
}

extension Stage {
    /// The card's presented height in the latest frame.
    var cardHeight: Double? { latestFrame?["card", "surface"]?["h"] }
    var badgeOpacity: Double? { latestFrame?["card", "badge"]?["opacity"] }
}

/// A stage at 120 fps with one test card on it.
func makeCardStage(fps: Int = 120) throws -> (Stage, StageTestCard) {
    let stage = try Stage(fps: fps)
    let card = StageTestCard()
    try stage.add(card)
    return (stage, card)
}

/// What a lone property animated from `from` to `to` with `animation` starting at `begin` shows at `time`.
func reference(from: Double, to: Double, _ animation: Animation?, begin: Double, at time: Double) -> Double {
    var value = AnimatedValue(from)
    value.set(to, animation: animation, at: begin)
    return value.value(at: time)
}
