/// The live page as the pieces bound to it read it (`ScrollSource`), kept beside the page so the port names no piece.
extension LiveScrollPage: ScrollSource {
    public var islandSections: [ScrollIslandSection] { page.islandSections }
    public var sectionCount: Int { page.sections.count }
    public func sectionIndex(of id: String) -> Int? { page.index(of: id) }
}

extension ScrollReading {
    /// `page` as it shows at `offset`.
    convenience init(_ page: ScrollPage, offset: Double) {
        self.init(sections: page.islandSections, selection: page.selection,
                  selectionIndex: page.selection.flatMap { page.index(of: $0) },
                  readFraction: page.readFraction(atOffset: offset), keyboardInset: page.keyboardInset)
    }
}
