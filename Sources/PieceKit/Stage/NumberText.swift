import Foundation

/// How a message names a number a script gave: as Lua's `tostring` prints it, `%.14g` with ".0" after a float that
/// looks whole (so 5e-324 reads "4.9406564584125e-324", never a rounded "0.0"), "inf" and "-inf" for the
/// infinities, and "nan" for every NaN: 0/0 carries a sign on some machines, which Lua prints as "-nan", but no NaN
/// differs from another in any way a script can use. The one formatter of a script's numbers in messages, the
/// host's and the pieces' alike (`"\(number: x)"`).
public enum NumberText {
    public static func of(_ n: Double) -> String {
        if n.isNaN { return "nan" }
        if n.isInfinite { return n < 0 ? "-inf" : "inf" }
        let text = String(format: "%.14g", n)
        // Lua adds ".0" to a float that would otherwise read as an integer.
        return text.allSatisfy { $0 == "-" || $0.isASCII && $0.isNumber } ? text + ".0" : text
    }
}

extension DefaultStringInterpolation {
    /// `"\(number: x)"`: `x` as messages name a script's number (`NumberText`).
    public mutating func appendInterpolation(number n: Double) { appendLiteral(NumberText.of(n)) }
}
