/// One section of the page as the island shows it: the id its view carries in the scroll view, the title the
/// island names while the section is in view, and an optional short detail for the end of its row in the contents.
public struct ScrollIslandSection: Equatable, Hashable, Sendable {
    public var id: String
    public var title: String
    /// Such as a reading time, "4 min". `nil` shows nothing at the row's end.
    public var detail: String?

    public init(id: String, title: String, detail: String? = nil) {
        self.id = id; self.title = title; self.detail = detail
    }
}

extension ScrollPage.Section {
    /// The island's view of this page section.
    public var islandSection: ScrollIslandSection { ScrollIslandSection(id: id, title: title, detail: detail) }
}

extension ScrollPage {
    /// The page's sections as the island lists them, in page order (made once per change of the sections).
    public var islandSections: [ScrollIslandSection] { stack.islandSections }
}
