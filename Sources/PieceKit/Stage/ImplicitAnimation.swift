/// SwiftUI's `.animation(animation, value: v)` attached to a numeric property.
///
/// When `value` differs from the one published at the previous update, a change of the property in this update
/// uses `animation` instead of the transaction's (a nil `animation` means "no animation": it snaps). When
/// `value` did not change, the transaction's animation applies. A transaction that disables animations ignores
/// it entirely. See `Stage.transact(_:_:)`.
public struct ImplicitAnimation: Sendable, Equatable {
    public let animation: Animation?
    public let value: ElementValue

    public init(_ animation: Animation?, value: ElementValue) {
        self.animation = animation
        self.value = value
    }
}
