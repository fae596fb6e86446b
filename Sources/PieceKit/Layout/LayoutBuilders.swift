/// Building a tree in Swift the way a SwiftUI body reads: `LayoutView.hStack { ... }` is not possible without result
/// builders, so the containers take arrays, and the modifiers are methods with SwiftUI's names and defaults.
public extension LayoutView {
    static func vStack(alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                       _ children: [LayoutView]) -> LayoutView {
        LayoutView(.vStack(alignment: alignment, spacing: spacing, children: children))
    }

    static func hStack(alignment: VerticalAlignment = .center, spacing: Double? = nil,
                       _ children: [LayoutView]) -> LayoutView {
        LayoutView(.hStack(alignment: alignment, spacing: spacing, children: children))
    }

    static func zStack(alignment: Alignment = .center, _ children: [LayoutView]) -> LayoutView {
        LayoutView(.zStack(alignment: alignment, children: children))
    }

    static func group(_ children: [LayoutView]) -> LayoutView { LayoutView(.group(children)) }
    static func text(_ string: String) -> LayoutView { LayoutView(.text(string)) }
    static func image(systemName: String) -> LayoutView { LayoutView(.image(systemName: systemName)) }
    static func spacer(minLength: Double? = nil) -> LayoutView { LayoutView(.spacer(minLength: minLength)) }
    static func color(_ name: String) -> LayoutView { LayoutView(.color(name)) }
    static func shape(_ shape: LayoutShape) -> LayoutView { LayoutView(.shape(shape)) }
    static func button(_ label: LayoutView) -> LayoutView { LayoutView(.button(label: label)) }
    static let empty = LayoutView(.empty)

    func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> LayoutView {
        modified(.frame(width: width, height: height, alignment: alignment))
    }

    func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
               minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
               alignment: Alignment = .center) -> LayoutView {
        modified(.flexibleFrame(FlexibleFrame(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                              minHeight: minHeight, idealHeight: idealHeight,
                                              maxHeight: maxHeight, alignment: alignment)))
    }

    /// `padding(_:_:)`: `length` on each edge in `edges`, the system default when nil.
    func padding(_ edges: Edges = .all, _ length: Double? = nil) -> LayoutView {
        modified(.padding(EdgeInsets(edges, length ?? LayoutConstants.defaultPadding)))
    }

    func padding(_ length: Double) -> LayoutView { padding(.all, length) }
    func padding(_ insets: EdgeInsets) -> LayoutView { modified(.padding(insets)) }

    func safeAreaPadding(_ edges: Edges = .all, _ length: Double? = nil) -> LayoutView {
        modified(.safeAreaPadding(EdgeInsets(edges, length ?? LayoutConstants.defaultPadding)))
    }

    func offset(x: Double = 0, y: Double = 0) -> LayoutView { modified(.offset(x: x, y: y)) }
    func opacity(_ value: Double) -> LayoutView { modified(.opacity(value)) }
    func layoutPriority(_ value: Double) -> LayoutView { modified(.layoutPriority(value)) }
    func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> LayoutView {
        modified(.fixedSize(horizontal: horizontal, vertical: vertical))
    }
    func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> LayoutView {
        modified(.aspectRatio(ratio, contentMode))
    }
    func background(alignment: Alignment = .center, _ content: LayoutView) -> LayoutView {
        modified(.background(content, alignment: alignment))
    }
    func overlay(alignment: Alignment = .center, _ content: LayoutView) -> LayoutView {
        modified(.overlay(content, alignment: alignment))
    }
    func font(_ font: LayoutFont) -> LayoutView { modified(.font(font)) }
    func lineLimit(_ limit: Int?, reservesSpace: Bool = false) -> LayoutView {
        modified(.lineLimit(limit, reservesSpace: reservesSpace))
    }
    func ignoresSafeArea(edges: Edges = .all) -> LayoutView { modified(.ignoresSafeArea(edges)) }
    func zIndex(_ value: Double) -> LayoutView { modified(.zIndex(value)) }
    func clipShape(_ shape: LayoutShape) -> LayoutView { modified(.clipShape(shape)) }
    func id(_ name: String) -> LayoutView { modified(.id(name)) }
}

public extension EdgeInsets {
    /// `length` on each edge in `edges`, 0 on the others.
    init(_ edges: Edges, _ length: Double) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }
}
