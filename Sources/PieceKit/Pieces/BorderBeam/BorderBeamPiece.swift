/// BorderBeam on a stage: a bright streak running round a shape's outline at a steady pace, drawn at every frame
/// from the stage's time (a `StageTimeline` with no minimum interval, SwiftUI's `.animation` schedule).
///
/// One piece can carry several beams on the same shape (`starts`; twin beams start 0 and 0.5). Under Reduce
/// Motion nothing is drawn and the timeline stops. It is hidden from accessibility and takes no touches. Its motion
/// is background work: a running beam never keeps a settle waiting.
public final class BorderBeamPiece: MemoisedPiece {
    public let name: String
    public let shape: BeamPath.Shape
    public private(set) var frame: Rect
    public let lap: Double
    public let tail: Double
    public let width: Double
    public let bloom: Double
    public let color: String
    public let starts: [Double]
    public let timeline: StageTimeline

    /// Values are taken as given; the Lua binding refuses a lap that is not above 0, a tail outside 0…1 and
    /// negative widths before they get here. A lap that is not above 0 holds the head at `start`.
    public init(context: any PieceContext, name: String = "borderBeam", shape: BeamPath.Shape, frame: Rect,
                lap: Double = BorderBeam.defaultLap, tail: Double = BorderBeam.defaultTail,
                width: Double = BorderBeam.defaultWidth, bloom: Double = BorderBeam.defaultBloom,
                color: String = BorderBeam.defaultColor, starts: [Double] = [0]) {
        self.name = name
        self.shape = shape
        self.frame = frame
        self.lap = lap
        self.tail = tail
        self.width = width
        self.bloom = bloom
        self.color = color
        self.starts = starts
        timeline = StageTimeline(context: context, minimumInterval: 0, paused: context.environment.reduceMotion,
                                 label: "\(name): timeline")
    }

    public var path: BeamPath { BeamPath(shape: shape, frame: frame, lineWidth: width) }

    /// Each beam's head (0…1) as last drawn.
    public var heads: [Double] { starts.map { head(start: $0) } }

    private func head(start: Double) -> Double {
        guard lap > 0 else { return BorderBeam.head(at: 0, lap: 1, start: start) }
        return BorderBeam.head(at: timeline.drawnTime, lap: lap, start: start)
    }

    /// Everything the beams' elements are made from: the path, where each head was last drawn, and how the beams
    /// are drawn. None under Reduce Motion.
    public struct ElementsInput: Equatable, Sendable {
        let hidden: Bool
        let path: BeamPath
        let heads: [Double]
        let tail: Double
        let width: Double
        let bloom: Double
        let color: String
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        // `if !reduceMotion { TimelineView … }`: no beam, and no timeline, under Reduce Motion.
        timeline.setPaused(environment.reduceMotion)
        let hidden = environment.reduceMotion
        return ElementsInput(hidden: hidden, path: path, heads: hidden ? [] : heads, tail: tail, width: width,
                             bloom: bloom, color: color)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        guard !input.hidden else { return [] }
        let (path, width, bloom) = (input.path, input.width, input.bloom)
        var out = [Element("path").rect(path.rect).number("radius", path.radius).number("length", path.length)]
        for (index, head) in input.heads.enumerated() {
            let beam = "beam.\(index + 1)"
            let at = path.point(at: head)
            out.append(Element(beam).number("x", at.x).number("y", at.y).number("head", head)
                .number("width", width).text("color", input.color))
            for k in 0..<BorderBeam.strokeCount {
                let span = BorderBeam.span(stroke: k, head: head, tail: input.tail)
                out.append(Element("\(beam).stroke.\(k + 1)").number("from", span.from).number("to", span.to)
                    .number("opacity", BorderBeam.strokeOpacity(k)).flag("wraps", span.wraps))
            }
            if bloom > 0 {
                out.append(Element("\(beam).bloom").number("width", width * BorderBeam.bloomWidthFactor)
                    .number("blur", bloom).number("opacity", BorderBeam.bloomOpacity))
            }
        }
        return out
    }
}
