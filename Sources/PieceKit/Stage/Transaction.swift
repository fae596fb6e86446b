/// The context of a state change, as SwiftUI's `Transaction`: which animation carries the change, and whether
/// implicit `.animation(_:value:)` may replace it.
public struct Transaction: Sendable, Equatable {
    /// nil: the change snaps (unless an implicit animation whose value changed says otherwise).
    public var animation: Animation?
    /// True: implicit animations are ignored and `animation` alone decides. It does not remove `animation`
    /// (as in SwiftUI, `Transaction(animation: .linear)` with this set still animates linearly).
    public var disablesAnimations: Bool

    public init(animation: Animation? = nil, disablesAnimations: Bool = false) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
    }

    /// The animation a property moves with: the implicit one when its watched value changed in this update and
    /// implicit animations are allowed, otherwise this transaction's.
    public func effectiveAnimation(implicit: ImplicitAnimation?, valueChanged: Bool) -> Animation? {
        if !disablesAnimations, valueChanged, let implicit { return implicit.animation }
        return animation
    }
}
