/// The outline a glass shape takes, as the seed's `.glassEffect(_:in:)` shapes: a circle, a capsule, or a
/// continuous rounded rect of a given corner radius.
public enum GlassForm: Equatable, Sendable {
    case circle
    case capsule
    case rounded(Double)

    /// The corner radius drawn in a `size` frame: half the shorter side for a circle or a capsule; a rounded rect's
    /// radius held to that too (a larger radius cannot be drawn).
    public func cornerRadius(in size: Size) -> Double {
        let half = max(min(size.width, size.height), 0) / 2
        switch self {
        case .circle, .capsule: return half
        case .rounded(let r): return min(max(r, 0), half)
        }
    }

    /// The rect the outline fills inside `frame`: a circle is the centred square of the shorter side, as SwiftUI's
    /// `Circle` fits its frame; the other forms fill it.
    public func outline(in frame: Rect) -> Rect {
        guard self == .circle else { return frame }
        let side = max(min(frame.width, frame.height), 0)
        return Rect(center: frame.center, size: Size(width: side, height: side))
    }

    /// "circle", "capsule" or "rounded 24", for messages and attributes.
    public var description: String {
        switch self {
        case .circle: return "circle"
        case .capsule: return "capsule"
        case .rounded(let r): return "rounded \(r)"
        }
    }
}

/// One glass shape of a group as the app declares it: where it sits, its outline and how it answers a finger.
///
/// - `interactive` is the system's `.interactive()` glass: it swells under a finger (`GlassGroupPiece.swell`).
/// - `press` is the pieces' own liquid press: it sinks about 2.5 points per edge, leaning toward the finger, and
///   re-anchors as the finger moves. Both may be on (the pieces' glass is interactive *and* pressed); the scales
///   multiply. Under Reduce Motion neither moves: the shape shades instead.
/// - `tint` is a colour painted inside the glass ("accent" for the app's accent colour), as `.tint(_:)` glass and
///   the `.glassProminent` button style carry it.
public struct GlassShapeSpec: Equatable, Sendable {
    public var id: String
    /// The shape's frame in stage coordinates (the layout's, before any press or swell).
    public var frame: Rect
    public var form: GlassForm
    public var interactive: Bool
    public var press: Bool
    public var tint: String?
    /// What VoiceOver reads for the shape's button; nil reads its id.
    public var label: String?

    public init(id: String, frame: Rect, form: GlassForm = .capsule, interactive: Bool = false, press: Bool = false,
                tint: String? = nil, label: String? = nil) {
        self.id = id; self.frame = frame; self.form = form
        self.interactive = interactive; self.press = press; self.tint = tint; self.label = label
    }

    /// `Button("Later").buttonStyle(.glass)`: regular interactive glass in a capsule.
    public static func glassButton(id: String, frame: Rect) -> GlassShapeSpec {
        GlassShapeSpec(id: id, frame: frame, form: .capsule, interactive: true)
    }

    /// `Button("Buy").buttonStyle(.glassProminent)`: the same capsule, tinted with the accent colour.
    public static func glassProminentButton(id: String, frame: Rect) -> GlassShapeSpec {
        GlassShapeSpec(id: id, frame: frame, form: .capsule, interactive: true, tint: "accent")
    }

    /// The seed's Share label: regular glass tinted with the accent colour, interactive, in a continuous rounded
    /// rect of radius 24.
    public static func tintedCard(id: String, frame: Rect) -> GlassShapeSpec {
        GlassShapeSpec(id: id, frame: frame, form: .rounded(24), interactive: true, tint: "accent")
    }
}
