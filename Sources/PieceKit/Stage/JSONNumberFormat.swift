/// How the frame log prints numbers: at most `decimals` digits after the point, so two logs diff cleanly.
///
/// The rules, chosen so the bytes are the same on every platform:
/// - Rounding is half away from zero, applied to the shortest decimal that reads back as the Double (Swift's
///   own `description`, which does not depend on the C library). So `2.675` prints `2.68` at 2 decimals, as a
///   person reading the source would expect, although the binary value is a hair below 2.675.
/// - Trailing zeros are dropped, and the point with them: `12.5` prints `12.5`, `12.0` prints `12`.
/// - No exponent form: `1e20` prints all its digits. Small values that round away print `0`.
/// - Zero has no sign: `-0.0` and `-0.0001` both print `0`.
/// - NaN and ±infinity print `null`: JSON has no such numbers, and a log must always parse.
public struct JSONNumberFormat: Sendable, Equatable {
    /// Digits after the decimal point, 0...30.
    public let decimals: Int

    /// Values outside 0...30 are clamped (more than 17 significant digits never changes a Double's text).
    public init(decimals: Int = 3) {
        self.decimals = min(max(decimals, 0), 30)
    }

    /// Three decimals: a thousandth of a point is far below anything visible, yet tells springs apart.
    public static let standard = JSONNumberFormat(decimals: 3)

    /// `value` as JSON text under these rules.
    public func format(_ value: Double) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    /// Convenience for one-off formatting: `JSONNumberFormat.formatNumber(12.3456, decimals: 2)` is `"12.35"`.
    public static func formatNumber(_ value: Double, decimals: Int = 3) -> String {
        JSONNumberFormat(decimals: decimals).format(value)
    }

    /// Appends `value` to `out` without building intermediate strings for whole numbers.
    public func write(_ value: Double, into out: inout String) {
        if let scaled = FastRounding(value, decimals: decimals) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
                let count = scaled.write(into: buffer)
                out += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            }
            return
        }
        writeSlowly(value, into: &out)
    }

    /// Appends `value` as UTF-8 bytes: the frame log's path, which formats most numbers with integer arithmetic
    /// alone (see `FastRounding`) and the rest through the same rules as `write(_:into:)` on text.
    public func write(_ value: Double, into bytes: inout [UInt8]) {
        if let scaled = FastRounding(value, decimals: decimals) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
                let count = scaled.write(into: buffer)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
            return
        }
        var text = ""
        writeSlowly(value, into: &text)
        bytes.append(contentsOf: text.utf8)
    }

    /// The general rules, on Swift's shortest round-trip text: exact for every Double, and the reference the
    /// fast path must agree with.
    func writeSlowly(_ value: Double, into out: inout String) {
        guard value.isFinite else { out += "null"; return }
        if value == 0 { out += "0"; return }
        // Whole numbers below 1e15 are exact in Int64 and need no rounding: the common case for layout.
        if value.magnitude < 1e15, value.rounded(.towardZero) == value {
            out += String(Int64(value))
            return
        }
        var decimal = ShortestDecimal(value.magnitude)
        decimal.round(toDecimals: decimals)
        guard !decimal.digits.isEmpty else { out += "0"; return }
        if value < 0 { out += "-" }
        decimal.write(into: &out)
    }
}

/// A value scaled to a whole number of `10^-decimals` units, rounded half away from zero as the shortest decimal
/// text of the value would be, when that can be decided without the text.
///
/// Why it agrees with the slow path: the shortest text `s` of a Double `v` is within half an ulp of `v`, and the
/// product `x = |v| × 10^decimals` is within half an ulp of `|v| × 10^decimals`, so `s × 10^decimals` lies within
/// about two ulps of `x`. Rounding to the nearest whole number only depends on which side of `n + 0.5` the value
/// falls; when `x`'s fraction is further than four ulps from one half, `s` and `x` round the same way. Ties and
/// near-ties (2.675 at two decimals), huge values and many decimals take the slow path.
struct FastRounding {
    /// The rounded magnitude in units of `10^-decimals`.
    let units: UInt64
    let negative: Bool
    let decimals: Int

    private static let powers: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    init?(_ value: Double, decimals: Int) {
        guard value.isFinite, decimals < Self.powers.count else { return nil }
        let x = value.magnitude * Self.powers[decimals]
        // 2^40: ulps stay below a four-thousandth, far from the margin the decision needs.
        guard x < 1_099_511_627_776 else { return nil }
        let whole = x.rounded(.down)
        let fraction = x - whole
        let margin = x.ulp * 4
        if (fraction - 0.5).magnitude <= margin { return nil }
        units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        negative = value < 0
        self.decimals = decimals
    }

    /// The most bytes `write(into:)` writes: a sign, 13 whole digits (below 2^40), a point and 9 decimals.
    static let maxBytes = 24

    /// Writes the digits (at most `maxBytes`; `buffer` holds at least that many) and returns how many: the units'
    /// digits right to left, the point after the decimals that are not trailing zeros (none when all are), then at
    /// least one whole digit and the sign.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard units != 0 else { buffer[0] = UInt8(ascii: "0"); return 1 }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxBytes) { digits in
            var at = Self.maxBytes
            var rest = units
            var places = decimals
            while places > 0, rest % 10 == 0 {
                rest /= 10
                places -= 1
            }
            if places > 0 {
                for _ in 0..<places {
                    at -= 1
                    digits[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                at -= 1
                digits[at] = UInt8(ascii: ".")
            }
            repeat {
                at -= 1
                digits[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if negative {
                at -= 1
                digits[at] = UInt8(ascii: "-")
            }
            let count = Self.maxBytes - at
            for index in 0..<count { buffer[index] = digits[at + index] }
            return count
        }
    }
}

/// A positive finite Double as decimal digits `d1 d2 ... dn` with value `0.d1d2...dn × 10^pointPosition`,
/// taken from Swift's shortest round-trip text. Rounding on these digits is integer work, hence exact.
private struct ShortestDecimal {
    /// ASCII digits, no leading zeros (after `init`), possibly trailing zeros.
    var digits: [UInt8] = []
    /// How many digits sit before the decimal point (may be negative or exceed `digits.count`).
    var pointPosition = 0

    private static let zero = UInt8(ascii: "0")

    init(_ magnitude: Double) {
        // `description` is "12.5", "0.0001", "1e-05" or "1.2345e+16" — mantissa, then an optional exponent.
        var beforePoint = 0
        var seenPoint = false
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-") where inExponent: exponentSign = -1
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = min(exponent * 10 + Int(byte - Self.zero), 100_000)
                } else {
                    digits.append(byte)
                    if !seenPoint { beforePoint += 1 }
                }
            default: break
            }
        }
        pointPosition = beforePoint + exponentSign * exponent
        // Leading zeros ("0.0001") carry no value; each one moves the point left.
        let leading = digits.prefix(while: { $0 == Self.zero }).count
        digits.removeFirst(leading)
        pointPosition -= leading
        trimTrailingZeros()
    }

    /// Keeps `decimals` digits after the point, rounding half away from zero (on the magnitude, so "up").
    mutating func round(toDecimals decimals: Int) {
        let keep = pointPosition + decimals
        guard keep < digits.count else { return }
        guard keep >= 0 else { digits = []; return }
        let roundUp = digits[keep] >= UInt8(ascii: "5")
        digits.removeLast(digits.count - keep)
        if roundUp {
            var index = digits.count - 1
            while index >= 0, digits[index] == UInt8(ascii: "9") {
                digits[index] = Self.zero
                index -= 1
            }
            if index >= 0 {
                digits[index] += 1
            } else {
                digits.insert(UInt8(ascii: "1"), at: 0)
                pointPosition += 1
            }
        }
        trimTrailingZeros()
    }

    private mutating func trimTrailingZeros() {
        while digits.last == Self.zero { digits.removeLast() }
    }

    /// Plain positional notation: "0.00012", "12.5", "100000000000000000000".
    func write(into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count + max(0, -pointPosition) + max(0, pointPosition - digits.count) + 2)
        if pointPosition <= 0 {
            bytes.append(Self.zero)
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: repeatElement(Self.zero, count: -pointPosition))
            bytes.append(contentsOf: digits)
        } else if pointPosition >= digits.count {
            bytes.append(contentsOf: digits)
            bytes.append(contentsOf: repeatElement(Self.zero, count: pointPosition - digits.count))
        } else {
            bytes.append(contentsOf: digits[..<pointPosition])
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: digits[pointPosition...])
        }
        out += String(decoding: bytes, as: UTF8.self)
    }
}
