/// Glass buttons sized by their titles, as SwiftUI sizes a button: the title's text at its ideal size (one line),
/// padded, measured by the layout engine. The padding is the caller's: the glass button styles' own insets are not
/// published, so none is guessed here.
public extension GlassShapeSpec {
    /// `Button(title).buttonStyle(.glass)` whose capsule is the padded title, centred on `center`.
    static func glassButton(id: String, title: String, center: Point, font: LayoutFont = .body,
                            padding: EdgeInsets, in context: LayoutContext,
                            metrics: TextMetrics = .systemFont) -> GlassShapeSpec {
        glassButton(id: id, frame: titleFrame(title, center: center, font: font, padding: padding, in: context,
                                              metrics: metrics))
    }

    /// The same capsule tinted with the accent colour (`.glassProminent`).
    static func glassProminentButton(id: String, title: String, center: Point, font: LayoutFont = .body,
                                     padding: EdgeInsets, in context: LayoutContext,
                                     metrics: TextMetrics = .systemFont) -> GlassShapeSpec {
        glassProminentButton(id: id, frame: titleFrame(title, center: center, font: font, padding: padding,
                                                        in: context, metrics: metrics))
    }

    /// The padded title's frame centred on `center`.
    static func titleFrame(_ title: String, center: Point, font: LayoutFont, padding: EdgeInsets,
                           in context: LayoutContext, metrics: TextMetrics = .systemFont) -> Rect {
        let label = LayoutView.text(title).font(font).lineLimit(1).padding(padding)
        return Rect(center: center, size: LayoutEngine.size(of: label, in: context, metrics: metrics))
    }
}
