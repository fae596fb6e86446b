/// How a page of text sections is set, so section heights can be measured instead of given: the seed's example page
/// (a title over paragraphs in a column 24 points in from each side, everything semibold) by default.
public struct ScrollPageTextStyle: Equatable, Sendable {
    /// Each section's heading.
    public var titleStyle: TextStyle
    /// Its paragraphs.
    public var bodyStyle: TextStyle
    /// One weight for all text: the example sets `.fontWeight(.semibold)` on the whole scroll view.
    public var weight: FontWeight
    /// Space between the heading and each paragraph (the section's `VStack(spacing:)`).
    public var paragraphSpacing: Double
    /// Space between sections (the page's `LazyVStack(spacing:)`).
    public var sectionSpacing: Double
    /// The column's padding inside the content: each side, above the first section and below the last.
    public var horizontalPadding: Double
    public var paddingTop: Double
    public var paddingBottom: Double

    public init(titleStyle: TextStyle = .title2, bodyStyle: TextStyle = .body, weight: FontWeight = .semibold,
                paragraphSpacing: Double = 12, sectionSpacing: Double = 36, horizontalPadding: Double = 24,
                paddingTop: Double = 24, paddingBottom: Double = 360) {
        self.titleStyle = titleStyle; self.bodyStyle = bodyStyle; self.weight = weight
        self.paragraphSpacing = paragraphSpacing; self.sectionSpacing = sectionSpacing
        self.horizontalPadding = horizontalPadding; self.paddingTop = paddingTop; self.paddingBottom = paddingBottom
    }

    /// The seed example's page.
    public static let standard = ScrollPageTextStyle()
}

/// Measures a section set in a `ScrollPageTextStyle`: lines are broken greedily at spaces (a word wider than the
/// column takes a line of its own), and a text of n lines is n line boxes tall. Both are guesses at what `Text` does
/// with plain prose; neither hyphenates.
public struct ScrollPageTextMeasure: Sendable {
    public var style: ScrollPageTextStyle
    public var metrics: TextMetrics
    public var dynamicTypeSize: DynamicTypeSize

    public init(style: ScrollPageTextStyle = .standard, metrics: TextMetrics = .systemFont,
                dynamicTypeSize: DynamicTypeSize = .large) {
        self.style = style; self.metrics = metrics; self.dynamicTypeSize = dynamicTypeSize
    }

    public var titleFont: Font { Font.system(style.titleStyle, weight: style.weight, dynamicTypeSize: dynamicTypeSize) }
    public var bodyFont: Font { Font.system(style.bodyStyle, weight: style.weight, dynamicTypeSize: dynamicTypeSize) }

    /// The column's width on a page `pageWidth` wide.
    public func columnWidth(pageWidth: Double) -> Double { max(pageWidth - 2 * style.horizontalPadding, 1) }

    /// How many lines `text` takes in a column `width` wide. Empty text still takes one line, as an empty `Text` does.
    public func lineCount(_ text: String, font: Font, width: Double) -> Int {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard !words.isEmpty else { return 1 }
        let space = metrics.width(of: " ", font: font)
        var lines = 1
        var used = 0.0
        for word in words {
            let w = metrics.width(of: String(word), font: font)
            if used == 0 {
                used = w
            } else if used + space + w <= width + 1e-9 {
                used += space + w
            } else {
                lines += 1
                used = w
            }
        }
        return lines
    }

    /// A section's height: its heading, then each paragraph after the paragraph spacing.
    public func sectionHeight(title: String, paragraphs: [String], pageWidth: Double) -> Double {
        let width = columnWidth(pageWidth: pageWidth)
        let titleLine = metrics.lineBoxHeight(for: titleFont)
        let bodyLine = metrics.lineBoxHeight(for: bodyFont)
        var height = Double(lineCount(title, font: titleFont, width: width)) * titleLine
        for paragraph in paragraphs {
            height += style.paragraphSpacing + Double(lineCount(paragraph, font: bodyFont, width: width)) * bodyLine
        }
        return height
    }
}

extension ScrollPage {
    /// A page whose sections are measured from their text: each section with paragraphs gets the height they take
    /// set in `measure`'s style (a section with none keeps its given height), and the page takes the style's
    /// spacing and padding.
    public static func measured(sections: [Section], containerSize: Size, contentInsets: EdgeInsets = .zero,
                                keyboardInset: Double = 0, measure: ScrollPageTextMeasure = ScrollPageTextMeasure(),
                                selection: String? = nil) -> ScrollPage {
        let laid = sections.map { section -> Section in
            guard !section.paragraphs.isEmpty else { return section }
            var copy = section
            copy.height = measure.sectionHeight(title: section.title, paragraphs: section.paragraphs,
                                                pageWidth: containerSize.width)
            return copy
        }
        return ScrollPage(sections: laid, containerSize: containerSize, contentInsets: contentInsets,
                          keyboardInset: keyboardInset, spacing: measure.style.sectionSpacing,
                          paddingTop: measure.style.paddingTop, paddingBottom: measure.style.paddingBottom,
                          selection: selection)
    }
}
