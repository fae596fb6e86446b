extension ScrollPage {
    /// The page a script asks for on a stage: it fills the stage, scrolls under the top safe area and above the
    /// bottom one (its content insets), and rests at its top, or at `selection` when one is given.
    ///
    /// When any section is given as paragraphs, the page is laid out as the seed's example page: those sections
    /// are measured with the text metrics at the environment's Dynamic Type size, and the example's spacing and
    /// padding apply; otherwise sections keep their heights and there is none. `spacing`, `paddingTop` and
    /// `paddingBottom` override either.
    public static func onStage(sections: [Section], environment: PieceEnvironment, keyboardInset: Double = 0,
                               spacing: Double? = nil, paddingTop: Double? = nil, paddingBottom: Double? = nil,
                               selection: String? = nil) -> ScrollPage {
        let insets = EdgeInsets(top: environment.safeArea.top, bottom: environment.safeArea.bottom)
        var page: ScrollPage
        if sections.contains(where: { !$0.paragraphs.isEmpty }) {
            page = ScrollPage.measured(sections: sections, containerSize: environment.size, contentInsets: insets,
                                       keyboardInset: keyboardInset,
                                       measure: ScrollPageTextMeasure(dynamicTypeSize: environment.dynamicTypeSize))
        } else {
            page = ScrollPage(sections: sections, containerSize: environment.size, contentInsets: insets,
                              keyboardInset: keyboardInset)
        }
        if let spacing { page.spacing = spacing }
        if let paddingTop { page.paddingTop = paddingTop }
        if let paddingBottom { page.paddingBottom = paddingBottom }
        page.arrive(at: page.offsetRange.lowerBound)
        if let selection, let offset = page.select(selection) { page.arrive(at: offset) }
        return page
    }
}
