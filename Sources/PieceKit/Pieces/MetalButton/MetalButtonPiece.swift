/// The metal "Ask" button: a label (a symbol and a title) padded 22 by 13 in a dark capsule, with the metal rim
/// stroked 3 points wide inside the capsule's edge. The face and the text keep their levels in light and dark.
///
/// Its size comes from the text metrics: the title's width in the body font (at the stage's Dynamic Type size) and
/// its line box, plus the symbol and the label's spacing, which are not published (`symbolWidthPerPoint`,
/// `labelSpacing`).
public final class MetalButtonPiece: MemoisedPiece {
    public let name: String
    public let title: String
    public let symbol: String
    /// The capsule's top-left corner; nil centres it on the stage.
    public let origin: Point?

    public static let horizontalPadding = 22.0
    public static let verticalPadding = 13.0
    public static let rimWidth = 3.0
    /// The face is this dark and the text this light, in both colour schemes.
    public static let faceWhite = 0.05
    public static let textWhite = 0.96
    /// A guess: the symbol's box is as wide as the font's point size.
    public static let symbolWidthPerPoint = 1.0
    /// A guess: the label puts SwiftUI's usual 8 points between the symbol and the title.
    public static let labelSpacing = 8.0

    public init(name: String = "metalButton", title: String = "Ask", symbol: String = "sparkles",
                origin: Point? = nil) {
        self.name = name
        self.title = title
        self.symbol = symbol
        self.origin = origin
    }

    /// The capsule's frame on the stage for `environment`.
    public func frame(in environment: PieceEnvironment, metrics: TextMetrics = .systemFont) -> Rect {
        Self.frame(of: elementsInput(in: environment, tokens: MotionTokens()), metrics: metrics)
    }

    private static func frame(of input: ElementsInput, metrics: TextMetrics) -> Rect {
        let label = labelSize(of: input, metrics: metrics)
        let size = Size(width: label.width + 2 * horizontalPadding, height: label.height + 2 * verticalPadding)
        if let origin = input.origin { return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
        let screen = input.environment.size
        return Rect(center: Point(x: screen.width / 2, y: screen.height / 2), size: size)
    }

    private static func font(_ environment: PieceEnvironment) -> Font {
        Font.system(.body, dynamicTypeSize: environment.dynamicTypeSize)
    }

    private static func labelSize(of input: ElementsInput, metrics: TextMetrics) -> Size {
        let font = font(input.environment)
        let symbolWidth = font.size * symbolWidthPerPoint
        let titleWidth = metrics.width(of: input.title, font: font)
        return Size(width: symbolWidth + labelSpacing + titleWidth, height: metrics.lineBoxHeight(for: font))
    }

    /// Everything the button's elements are made from: the screen and its text size, the label and where it sits.
    public struct ElementsInput: Equatable, Sendable {
        let environment: PieceEnvironment
        let title: String
        let symbol: String
        let origin: Point?
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(environment: environment, title: title, symbol: symbol, origin: origin)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let metrics = TextMetrics.systemFont
        let font = font(input.environment)
        let capsule = frame(of: input, metrics: metrics)
        let label = labelSize(of: input, metrics: metrics)
        let symbolWidth = font.size * symbolWidthPerPoint
        let titleWidth = label.width - symbolWidth - labelSpacing
        // A `Label` lays out from its leading edge: right to left, the symbol sits at the right and the title to
        // its left.
        let rtl = input.environment.isRightToLeft
        let symbolX = rtl ? capsule.maxX - horizontalPadding - symbolWidth : capsule.x + horizontalPadding
        let symbolRect = Rect(x: symbolX, y: capsule.y + verticalPadding, width: symbolWidth, height: label.height)
        let titleX = rtl ? symbolRect.x - labelSpacing - titleWidth : symbolRect.maxX + labelSpacing
        let titleRect = Rect(x: titleX, y: symbolRect.y, width: titleWidth, height: label.height)
        // strokeBorder keeps the stroke inside: its centre line is the capsule inset by half the width.
        let rim = capsule.insetBy(dx: rimWidth / 2, dy: rimWidth / 2)
        return [
            Element("capsule").rect(capsule).number("radius", capsule.height / 2).number("white", faceWhite),
            Element("rim").rect(rim).number("width", rimWidth).number("startAngle", MetalRim.startAngle)
                // The rim's level where it passes the right, bottom, left and top of the centre (0°, 90°, 180°, 270°).
                .number("right", MetalRim.white(atDegrees: 0)).number("bottom", MetalRim.white(atDegrees: 90))
                .number("left", MetalRim.white(atDegrees: 180)).number("top", MetalRim.white(atDegrees: 270)),
            Element("symbol").rect(symbolRect).number("white", textWhite).text("glyph", input.symbol),
            Element("title").rect(titleRect).number("white", textWhite).text("text", input.title),
        ]
    }
}
