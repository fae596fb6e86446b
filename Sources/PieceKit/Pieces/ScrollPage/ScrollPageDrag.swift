/// A finger dragging the page: the content follows the finger one for one inside the page's range, and with
/// UIScrollView's rubber band past either end. Pure in the finger's translation, so the stage can sample any touch.
public struct ScrollPageDrag: Equatable, Sendable {
    /// The offset shown when the finger came down (possibly mid-bounce, past an edge).
    public var startOffset: Double
    public var range: ClosedRange<Double>
    /// The viewport height the band is measured against.
    public var dimension: Double

    public init(startOffset: Double, range: ClosedRange<Double>, dimension: Double) {
        self.startOffset = startOffset.isFinite ? startOffset : range.lowerBound
        self.range = range
        self.dimension = dimension
    }

    /// The offset shown for a finger `translation` points down the screen from where it came down. Moving the finger
    /// down shows earlier content, so the offset falls.
    public func offset(forTranslation translation: Double) -> Double {
        let dy = translation.isFinite ? translation : 0
        return band(unbanded(startOffset) - dy)
    }

    /// The unresisted offset a shown offset stands for: the same inside the range, the pull that produced it outside.
    private func unbanded(_ shown: Double) -> Double {
        if shown < range.lowerBound {
            return range.lowerBound + ScrollPagePhysics.unband(shown - range.lowerBound, dimension: dimension)
        }
        if shown > range.upperBound {
            return range.upperBound + ScrollPagePhysics.unband(shown - range.upperBound, dimension: dimension)
        }
        return shown
    }

    private func band(_ raw: Double) -> Double {
        if raw < range.lowerBound {
            return range.lowerBound + ScrollPagePhysics.rubberBand(raw - range.lowerBound, dimension: dimension)
        }
        if raw > range.upperBound {
            return range.upperBound + ScrollPagePhysics.rubberBand(raw - range.upperBound, dimension: dimension)
        }
        return raw
    }
}

extension ScrollPage {
    /// A drag starting from the offset shown now.
    public func drag(from shownOffset: Double) -> ScrollPageDrag {
        ScrollPageDrag(startOffset: shownOffset, range: offsetRange, dimension: max(containerSize.height, 0))
    }
}
