/// A `TabView` with tabs Library and Radio, a separate search lens (`Tab(role: .search)`), a bottom accessory
/// holding a mini player (`tabViewBottomAccessory`), and `.tabBarMinimizeBehavior(.onScrollDown)` over a scroll page.
///
/// With `onScrollDown` the bar minimizes once the bound page has scrolled down `TabBarLayout.trigger` points since
/// it last turned, and expands once it has scrolled back up as far (Apple's UIKit documentation: "minimizes when
/// scrolling down, and expands when scrolling back up"); a tap on the minimized bar expands it too. The change
/// runs on the morph role (0.4 s, bounce 0.2; a judgement, the role for a container changing form), the still
/// spring under Reduce Motion.
///
/// Published (stage coordinates): `bar` (`x y w h`, `radius`; attributes `minimized`, `selected`),
/// `tab.library`, `tab.radio` (`x y w h`, `opacity`: 0 for an unselected tab gathered into the minimized bar;
/// attributes `title`, `symbol`, `selected`), `search` (`x y w h`, `radius`; attributes `symbol`, `selected`) and, with an accessory, `accessory`
/// (`x y w h`, `radius`; attribute `inline` while it sits in the minimized row).
public final class TabBarPiece: InteractivePiece, MemoisedPiece, ScrollPageObserver {
    public let name: String
    public let page: LiveScrollPage
    public private(set) weak var context: (any PieceContext)?
    public let hasAccessory: Bool
    /// `.onScrollDown` (true) or `.never` (false).
    public let minimizesOnScrollDown: Bool
    /// The tabs by id, with their titles and SF Symbols (`Tab("Library", systemImage: "square.stack")`), in order.
    public static let tabs: [(id: String, title: String, symbol: String)] = [
        ("library", "Library", "square.stack"), ("radio", "Radio", "dot.radiowaves.left.and.right"),
    ]
    /// `Tab(role: .search)` gives no symbol of its own: the system draws its magnifying glass.
    public static let searchSymbol = "magnifyingglass"
    /// The selected tab's id, or "search".
    public private(set) var selected: String
    public private(set) var isMinimized = false
    /// The page's offset when the bar last saw it, and where the scroll last turned.
    private var lastOffset: Double
    private var turnOffset: Double
    private var scrollingDown = true

    public init(context: any PieceContext, page: LiveScrollPage, name: String = "tabBar", accessory: Bool = true,
                minimizesOnScrollDown: Bool = true, selected: String = "library") {
        self.name = name
        self.page = page
        self.context = context
        hasAccessory = accessory
        self.minimizesOnScrollDown = minimizesOnScrollDown
        self.selected = selected
        lastOffset = page.offset
        turnOffset = page.offset
        page.observe(self)
    }

    var tokens: MotionTokens { context?.tokens ?? MotionTokens() }

    public func layout(in environment: PieceEnvironment) -> TabBarLayout {
        TabBarLayout(in: environment, tabCount: Self.tabs.count, minimized: isMinimized, accessory: hasAccessory)
    }

    // MARK: Scrolling

    public func pageDidChange(_ page: any ScrollSource, on context: any PieceContext) {
        let offset = page.offset
        defer { lastOffset = offset }
        guard offset != lastOffset else { return }
        let down = offset > lastOffset
        if down != scrollingDown {
            scrollingDown = down
            turnOffset = lastOffset
        }
        guard minimizesOnScrollDown else { return }
        if down, !isMinimized, offset - turnOffset >= TabBarLayout.trigger {
            setMinimized(true)
        } else if !down, isMinimized, turnOffset - offset >= TabBarLayout.trigger {
            setMinimized(false)
        }
    }

    /// Minimizes or expands the bar on the morph role.
    public func setMinimized(_ minimized: Bool) {
        guard minimized != isMinimized, let context else { return }
        context.transact(tokens.morph) { isMinimized = minimized }
    }

    /// Selects a tab ("library", "radio") or the search lens ("search"), as a tap does.
    public func select(_ id: String) throws(TabBarError) {
        guard id == "search" || Self.tabs.contains(where: { $0.id == id }) else {
            throw .unknownTab(id, known: Self.tabs.map(\.id) + ["search"])
        }
        guard id != selected, let context else { return }
        context.transact(tokens.snap) { selected = id }
        context.emit(.callback, piece: name, details: [NamedValue("name", .text("onSelect")), NamedValue("tab", .text(id))])
    }

    // MARK: StagePiece

    /// Everything the bar's elements are made from.
    public struct ElementsInput: Equatable, Sendable {
        /// The screen, its safe area and direction.
        let environment: PieceEnvironment
        let isMinimized: Bool
        let selected: String
        let hasAccessory: Bool
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(environment: environment, isMinimized: isMinimized, selected: selected,
                      hasAccessory: hasAccessory)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let (isMinimized, selected) = (input.isMinimized, input.selected)
        let l = TabBarLayout(in: input.environment, tabCount: tabs.count, minimized: isMinimized,
                             accessory: input.hasAccessory)
        var result = [
            Element("bar").rect(l.bar).number("radius", l.bar.height / 2)
                .flag("minimized", isMinimized).text("selected", selected),
        ]
        for (i, tab) in Self.tabs.enumerated() where i < l.tabs.count {
            let isSelected = tab.id == selected
            let shown = !isMinimized || isSelected || (selected == "search" && i == 0)
            result.append(Element("tab.\(tab.id)").rect(l.tabs[i]).number("opacity", shown ? 1 : 0)
                .text("title", tab.title).text("symbol", tab.symbol).flag("selected", isSelected))
        }
        result.append(Element("search").rect(l.search).number("radius", l.search.height / 2)
            .text("symbol", searchSymbol).flag("selected", selected == "search"))
        if let accessory = l.accessory {
            result.append(Element("accessory").rect(accessory).number("radius", accessory.height / 2)
                .flag("inline", isMinimized))
        }
        return result
    }

    // MARK: Interaction

    /// The bar, the search lens, the accessory (while there is one) and each tab.
    public var parts: [Part] {
        [Part("bar"), Part("search"), .at("accessory") { here in self.hasAccessory ? here.element() : nil }]
            + Self.tabs.map { Part("tab.\($0.id)") }
    }

    /// A tap on a tab selects it; on the minimized bar it expands the bar; on the lens it selects search; on the
    /// accessory the app hears `onAccessory` (it opens its player).
    public func handle(_ touch: Touch, on context: any PieceContext) {
        guard touch.phase == .ended, context.environment.isEnabled,
              abs(touch.translation.width) <= 8, abs(touch.translation.height) <= 8 else { return }
        let p = touch.location
        if let r = elementRect("search", on: context), r.contains(p) { try? select("search"); return }
        if hasAccessory, let r = elementRect("accessory", on: context), r.contains(p) {
            context.emit(.callback, piece: name, details: [NamedValue("name", .text("onAccessory"))])
            return
        }
        if isMinimized {
            if let r = elementRect("bar", on: context), r.contains(p) { setMinimized(false) }
            return
        }
        for tab in Self.tabs {
            if let r = elementRect("tab.\(tab.id)", on: context), r.contains(p) { try? select(tab.id); return }
        }
    }

    @discardableResult
    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// Every element answers "activate" alone: a tab selects itself (minimized, it expands the bar), the lens
    /// selects search, the accessory calls the app's `onAccessory`.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        func button(_ id: String, _ label: String, traits: [String] = ["button"], _ frame: Rect,
                    _ activate: @escaping () -> Void) -> AccessibilityElement {
            AccessibilityElement(id: id, label: label, traits: traits,
                                 offering: [AccessibilityAction("activate", activate)], frame: frame)
        }
        var result: [AccessibilityElement] = []
        for tab in Self.tabs {
            guard let r = elementRect("tab.\(tab.id)", on: context), !isMinimized || tab.id == selected else { continue }
            // Minimized, the selected tab is the whole circle: a touch anywhere on the bar expands it (see
            // `touch`), and so does activating this element, so its frame is the bar's, not the tab's inset.
            let frame = isMinimized ? elementRect("bar", on: context) ?? r : r
            result.append(button("tab.\(tab.id)", tab.title, traits: tab.id == selected ? ["button", "selected"] : ["button"],
                                 frame) {
                if self.isMinimized { self.setMinimized(false) } else { try? self.select(tab.id) }
            })
        }
        if let r = elementRect("search", on: context) {
            result.append(button("search", "Search", r) { try? self.select("search") })
        }
        if hasAccessory, let r = elementRect("accessory", on: context) {
            result.append(button("accessory", "Mini player", r) {
                context.emit(.callback, piece: self.name, details: [NamedValue("name", .text("onAccessory"))])
            })
        }
        return result
    }
}

/// What a tab bar refuses.
public enum TabBarError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownTab(String, known: [String])

    public var description: String {
        switch self {
        case let .unknownTab(id, known): return "no tab \"\(id)\" (known: \(known.joined(separator: ", ")))"
        }
    }
}
