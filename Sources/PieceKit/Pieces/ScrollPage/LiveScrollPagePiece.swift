/// The live page on the stage: what it publishes, and a finger on it.
///
/// Published elements (stage coordinates, y down; the page fills the stage):
/// - `content`: `offset` (SwiftUI's `contentOffset.y`), `read` (the read fraction), `height` (the content's),
///   `keyboard` (the keyboard's overlap), and the `selection` id as text ("" for nil);
/// - `section.N` (N from 1): each section's rect on screen, `title` as text.
/// Every number watches the page's own change counter with no animation, so it always snaps: the page moves itself
/// frame by frame.
extension LiveScrollPage: InteractivePiece, MemoisedPiece {
    /// Everything the page's elements are made from: the page as it rests (sections, selection, keyboard) and the
    /// offset on screen with its change counter. Nothing here reads the environment or the tokens. The page is
    /// compared by its box (`pageBox`, new with every change of `page`), not field by field.
    public struct ElementsInput: Equatable, Sendable {
        let page: Boxed<ScrollPage>
        let offset: Double
        let version: Int
        /// `section.1`…, named once per number of sections rather than on every frame.
        let names: PureCache<SectionNames>
    }

    /// The names `section.1`… for a count of sections, made again only when the count changes.
    public final class SectionNames {
        var names: [String] = []

        func names(count: Int) -> [String] {
            if names.count != count { names = (0..<count).map { "section.\($0 + 1)" } }
            return names
        }
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(page: pageBox, offset: offset, version: version, names: PureCache(sectionNames))
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let (page, offset) = (input.page.value, input.offset)
        // Every number snaps, watching the change counter: one implicit animation, given to each as it is added
        // (the page's every section changes every frame it scrolls, so the elements are built in place).
        let snap = ImplicitAnimation(nil, value: .number(Double(input.version)))
        let frames = page.sectionFrames
        let count = min(frames.count, page.sections.count)
        let sectionNames = input.names.cache.names(count: count)
        var result: [Element] = []
        result.reserveCapacity(count + 1)
        // Each list made at its size in one go: grown a number at a time, each would be copied twice or more.
        result.append(Element("content", numbers: [
            Element.Number("offset", offset, animation: snap),
            Element.Number("read", page.readFraction(atOffset: offset), animation: snap),
            Element.Number("height", page.contentHeight, animation: snap),
            Element.Number("keyboard", page.keyboardInset, animation: snap),
        ], attributes: [NamedValue("selection", .text(page.selection ?? ""))]))
        let sections = page.sections
        for i in 0..<count {
            let frame = frames[i]
            // A section's frame in content coordinates, as it shows on screen now.
            let rect = Rect(x: frame.minX, y: frame.minY - offset, width: frame.width, height: frame.height)
            result.append(Element(sectionNames[i], numbers: [
                Element.Number("x", rect.x, animation: snap),
                Element.Number("y", rect.y, animation: snap),
                Element.Number("w", rect.width, animation: snap),
                Element.Number("h", rect.height, animation: snap),
            ], attributes: [NamedValue("title", .text(sections[i].title))]))
        }
        return result
    }

    /// A section's frame in content coordinates, as it shows on screen now.
    private func sectionRect(_ frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY - offset, width: frame.width, height: frame.height)
    }

    /// The page's content (its whole container) and each section, numbered from 1.
    public var parts: [Part] {
        [.at("content") { _ in
            Rect(x: 0, y: 0, width: self.page.containerSize.width, height: self.page.containerSize.height)
        }, .numbered("section") { i, _ in
            let frames = self.page.sectionFrames
            guard i >= 1, i <= frames.count else { return nil }
            return self.sectionRect(frames[i - 1])
        }]
    }

    /// A finger on the page: it catches a moving page where it shows, drags it one for one (rubber-banding past
    /// the ends), and lets it go at the finger's speed. A cancelled touch lets it go at rest.
    public func handle(_ touch: Touch, on context: any PieceContext) {
        switch touch.phase {
        case .began:
            stopMotion()
            drag = page.drag(from: offset)
        case .moved:
            guard let drag else { return }
            context.update { setOffset(drag.offset(forTranslation: touch.translation.height), reads: true) }
            notify()
        case .ended, .cancelled:
            guard drag != nil else { return }
            drag = nil
            let velocity = touch.phase == .ended ? -touch.velocity.y : 0
            startFling(velocity: velocity, begin: context.changeBeginTime)
        }
    }

    /// A page takes no keys of its own.
    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// Each section's heading, as VoiceOver meets it, in page order (a section with an empty title has none).
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        page.sectionFrames.enumerated().compactMap { i, frame in
            guard page.sections.indices.contains(i) else { return nil }
            return AccessibilityElement.text(id: "section.\(i + 1)", page.sections[i].title, traits: ["header"],
                                             frame: sectionRect(frame))
        }
    }
}
