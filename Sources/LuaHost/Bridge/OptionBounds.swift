import Foundation

/// The values a number option accepts, as data: the reader refuses a value outside them (`Options.number`), and the
/// reference and the stubs print `text`, so what the docs promise is what the decoder enforces.
package struct OptionBounds: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case above(Double)
        case atLeast(Double)
        case atMost(Double)
        case between(Double, Double)
        /// Strictly between: neither end is taken (a spring's bounce).
        case inside(Double, Double)
    }

    package let kind: Kind
    /// What the refusal says the option must be, when it says more than `text` ("above 0 seconds").
    package let phrase: String?

    /// A value greater than `low`.
    package static func above(_ low: Double, must phrase: String? = nil) -> OptionBounds { .init(kind: .above(low), phrase: phrase) }
    /// A value of `low` or more.
    package static func atLeast(_ low: Double, must phrase: String? = nil) -> OptionBounds { .init(kind: .atLeast(low), phrase: phrase) }
    /// A value of `high` or less.
    package static func atMost(_ high: Double, must phrase: String? = nil) -> OptionBounds { .init(kind: .atMost(high), phrase: phrase) }
    /// A value strictly between `low` and `high`.
    package static func inside(_ low: Double, _ high: Double, must phrase: String? = nil) -> OptionBounds {
        .init(kind: .inside(low, high), phrase: phrase)
    }
    /// A value from `low` to `high`, both included.
    package static func between(_ low: Double, _ high: Double, must phrase: String? = nil) -> OptionBounds {
        .init(kind: .between(low, high), phrase: phrase)
    }

    /// The bounds in words, as the reference prints them ("above 0", "0 to 1").
    package var text: String {
        switch kind {
        case .above(let low): "above \(Self.plain(low))"
        case .atLeast(let low): "at least \(Self.plain(low))"
        case .atMost(let high): "at most \(Self.plain(high))"
        case .between(let low, let high): "\(Self.plain(low)) to \(Self.plain(high))"
        case .inside(let low, let high): "between \(Self.plain(low)) and \(Self.plain(high))"
        }
    }

    /// A bound as a person writes it: no ".0" after a whole number ("at least 0", "1 to 1000").
    package static func plain(_ n: Double) -> String { String(format: "%.14g", n) }

    /// What a refusal says the value must be.
    package var mustBe: String { phrase ?? text }

    package func admits(_ n: Double) -> Bool {
        switch kind {
        case .above(let low): n > low
        case .atLeast(let low): n >= low
        case .atMost(let high): n <= high
        case .between(let low, let high): n >= low && n <= high
        case .inside(let low, let high): n > low && n < high
        }
    }

    /// A value these bounds refuse (and a finite one): what the registry-wide test gives every bounded option.
    package var violating: Double {
        switch kind {
        case .above(let low): low
        case .atLeast(let low): low - 1
        case .atMost(let high): high + 1
        case .between(_, let high), .inside(_, let high): high + 1
        }
    }
}
