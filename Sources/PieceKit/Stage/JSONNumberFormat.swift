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
