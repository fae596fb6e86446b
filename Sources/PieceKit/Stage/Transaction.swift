/// The context of a state change, as SwiftUI's `Transaction`: which animation carries the change, and whether
/// implicit `.animation(_:value:)` may replace it.
public struct Transaction: Sendable, Equatable {
    /// nil: the change snaps (unless an implicit animation whose value changed says otherwise).
    public var animation: Animation?
    /// True: implicit animations are ignored and `animation` alone decides. It does not remove `animation`
    /// (as in SwiftUI, `Transaction(animation: .linear)` with this set still animates linearly).
    public var disablesAnimations: Bool
    /// True: a number this change moves without animation stops where it is set, dropping what was carrying it.
    /// SwiftUI has no such transaction (an unanimated change rides on the animations still running); it is what
    /// UIKit does when a finger takes a view from its presentation layer, as a system sheet grabbed mid-rise.
    public var holds: Bool

    public init(animation: Animation? = nil, disablesAnimations: Bool = false, holds: Bool = false) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
        self.holds = holds
    }

    /// The animation a property moves with: the implicit one when its watched value changed in this update and
    /// implicit animations are allowed, otherwise this transaction's.
    public func effectiveAnimation(implicit: ImplicitAnimation?, valueChanged: Bool) -> Animation? {
        if !disablesAnimations, valueChanged, let implicit { return implicit.animation }
        return animation
    }
}
