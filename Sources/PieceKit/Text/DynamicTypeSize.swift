/// The twelve content size categories, smallest to largest, with SwiftUI's names.
public enum DynamicTypeSize: String, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// True for the five accessibility sizes, where many pieces change arrangement.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// Position in the ordered list of categories (xSmall is 0).
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool {
        a.rank < b.rank
    }
}
