/// One named part of a piece's layout (its "surface", its "miniTitle", "row.3"), published as data.
///
/// A piece describes where its elements should be for its current state; the stage animates the numbers
/// toward those targets, samples and logs them, without knowing which piece (Swift or Lua) they came from.
///
/// - `numbers` are animatable, in the order published (a rect is `x`, `y`, `w`, `h`), each optionally carrying
///   an implicit animation.
/// - `attributes` are not animated: a new value shows from the next frame on.
///
/// Names are unique per piece (elements) and per element (numbers and attributes together); a repeated name is
/// ignored after its first use and reported in `Stage.layoutWarnings`, so frames never hold two values for a key.
public struct Element: Sendable, Equatable {
    /// Whether a number is an opacity: its name ends in "opacity" (`opacity`, `contentOpacity`, `shadowOpacity`).
    /// The one rule for what is drawn clamped to 0…1 and what Reduce Motion lets change.
    public static func isOpacity(_ name: String) -> Bool {
        // Byte by byte, with no lowercased copy: it is asked for every number a layout publishes anew.
        // "opacity" itself compares as one small string; the rest of the short names are told apart by length.
        if name == "opacity" { return true }
        guard name.utf8.count > 7 else { return false }
        return name.hasSuffix("Opacity") || name.hasSuffix("opacity")
    }

    /// One animatable number.
    public struct Number: Sendable, Equatable {
        public let name: String
        public let value: Double
        public var animation: ImplicitAnimation?
        /// True for a number that moves because of background work (a playing player's hairline creeping between
        /// its periodic updates): its animation never keeps `Stage.settle` waiting, as the work itself doesn't.
        public var isBackground: Bool

        public init(_ name: String, _ value: Double, animation: ImplicitAnimation? = nil, isBackground: Bool = false) {
            self.name = name
            self.value = value
            self.animation = animation
            self.isBackground = isBackground
        }

        /// `==` on two numbers where they lie, field by field, the value first (what differs most often), so
        /// neither is copied.
        static func same(_ a: UnsafePointer<Number>, _ b: UnsafePointer<Number>) -> Bool {
            guard a.pointee.value == b.pointee.value, a.pointee.isBackground == b.pointee.isBackground,
                  a.pointee.name == b.pointee.name else { return false }
            // The implicit animations part by part, where they lie (comparing the optionals copies both whole).
            switch (a.pointee.animation == nil, b.pointee.animation == nil) {
            case (true, true): return true
            case (false, false):
                return a.pointee.animation.unsafelyUnwrapped.value == b.pointee.animation.unsafelyUnwrapped.value
                    && a.pointee.animation.unsafelyUnwrapped.animation == b.pointee.animation.unsafelyUnwrapped.animation
            default: return false
            }
        }
    }

    public let name: String
    public private(set) var numbers: [Number] = []
    public private(set) var attributes: [NamedValue] = []

    public init(_ name: String) {
        self.name = name
    }

    /// An element made whole: a piece that makes many alike each frame builds each list at its size at once, where
    /// adding one by one grows it two or three times.
    init(_ name: String, numbers: [Number], attributes: [NamedValue]) {
        self.name = name
        self.numbers = numbers
        self.attributes = attributes
    }

    // MARK: Building (mutating, for bindings that add one property at a time)

    public mutating func append(_ number: Number) { numbers.append(number) }

    public mutating func append(_ attribute: NamedValue) { attributes.append(attribute) }

    /// Room for `extra` more numbers. A chain of builders makes most elements, and growing the list one number at a
    /// time copies it at 1, 2 and 4: the first number makes room for a typical element's, and later growth doubles.
    private mutating func reserveNumbers(_ extra: Int) {
        let needed = numbers.count + extra
        if numbers.capacity < needed { numbers.reserveCapacity(max(needed, 2 * numbers.count, 8)) }
    }

    /// Room for `extra` more attributes, as `reserveNumbers` (an element has a few).
    private mutating func reserveAttributes(_ extra: Int) {
        let needed = attributes.count + extra
        if attributes.capacity < needed { attributes.reserveCapacity(max(needed, 2 * attributes.count, 2)) }
    }

    // MARK: Building (chained, for Swift pieces)

    /// Adds an animatable number.
    public consuming func number(_ name: String, _ value: Double, animation: ImplicitAnimation? = nil) -> Element {
        var copy = self
        copy.reserveNumbers(1)
        copy.numbers.append(Number(name, value, animation: animation))
        return copy
    }

    /// Adds a rect as four numbers `x`, `y`, `w`, `h`, the keys of the frame log.
    public consuming func rect(_ rect: Rect, animation: ImplicitAnimation? = nil) -> Element {
        var copy = self
        if copy.numbers.isEmpty {
            // Made in place: appending one by one copies each number into the list.
            copy.numbers = [Number("x", rect.x, animation: animation), Number("y", rect.y, animation: animation),
                            Number("w", rect.width, animation: animation), Number("h", rect.height, animation: animation)]
            return copy
        }
        copy.reserveNumbers(4)
        copy.numbers.append(Number("x", rect.x, animation: animation))
        copy.numbers.append(Number("y", rect.y, animation: animation))
        copy.numbers.append(Number("w", rect.width, animation: animation))
        copy.numbers.append(Number("h", rect.height, animation: animation))
        return copy
    }

    /// Adds a non-animated value.
    public consuming func attribute(_ name: String, _ value: ElementValue) -> Element {
        var copy = self
        if copy.attributes.isEmpty {
            // Made in place, as in `rect`: most elements have one attribute.
            copy.attributes = [NamedValue(name, value)]
            return copy
        }
        copy.reserveAttributes(1)
        copy.attributes.append(NamedValue(name, value))
        return copy
    }

    public consuming func text(_ name: String, _ value: String) -> Element { attribute(name, .text(value)) }

    public consuming func flag(_ name: String, _ value: Bool) -> Element { attribute(name, .bool(value)) }

    /// `.animation(animation, value: value)` on everything added so far that has no implicit animation of its
    /// own: like the SwiftUI modifier, it covers what is inside it, and an inner (earlier) one wins.
    public consuming func animation(_ animation: Animation?, value: ElementValue) -> Element {
        var copy = self
        let implicit = ImplicitAnimation(animation, value: value)
        // In place: reading a number out of the list to test it would copy its name and its animation.
        copy.numbers.withUnsafeMutableBufferPointer { numbers in
            for index in numbers.indices where numbers[index].animation == nil {
                numbers[index].animation = implicit
            }
        }
        return copy
    }

    /// Marks the named numbers added so far as background motion (see `Number.isBackground`).
    public consuming func background(_ names: Set<String>, when condition: Bool = true) -> Element {
        guard condition else { return self }
        var copy = self
        for index in copy.numbers.indices where names.contains(copy.numbers[index].name) {
            copy.numbers[index].isBackground = true
        }
        return copy
    }

    // MARK: Comparing

    /// The same name, numbers and attributes, in the same order. What synthesized equality says, but read in place:
    /// the stage compares every published element with the one before on every reconcile, and the synthesized
    /// form copies each number (its name and animation) to compare it.
    public static func == (a: Element, b: Element) -> Bool {
        guard a.name == b.name, a.numbers.count == b.numbers.count, a.attributes.count == b.attributes.count else {
            return false
        }
        let sameNumbers = a.numbers.withUnsafeBufferPointer { x in
            b.numbers.withUnsafeBufferPointer { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return p == q || (0..<x.count).allSatisfy { Number.same(p + $0, q + $0) }
            }
        }
        guard sameNumbers else { return false }
        return a.attributes.withUnsafeBufferPointer { x in
            b.attributes.withUnsafeBufferPointer { y in
                x.baseAddress == y.baseAddress || (0..<x.count).allSatisfy { x[$0] == y[$0] }
            }
        }
    }

    // MARK: Reading

    /// The published number called `name`, if any.
    public func number(named name: String) -> Double? {
        numbers.first { $0.name == name }?.value
    }

    /// The published attribute called `name`, if any.
    public func attribute(named name: String) -> ElementValue? {
        attributes.first { $0.name == name }?.value
    }

    /// `x`, `y`, `w`, `h` as a rect, when all four are published.
    public var rect: Rect? {
        guard let x = number(named: "x"), let y = number(named: "y"),
              let w = number(named: "w"), let h = number(named: "h") else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
