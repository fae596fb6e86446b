/// The times under the scrubber and the times VoiceOver reads, written out here rather than through Foundation's
/// `Duration` formatters so every platform gives the same bytes. English only, as the defaults of `Messages` are.
extension NowPlaying {
    /// Beyond this many seconds (about 31 million years) a time is shown as this many: the arithmetic stays in `Int`
    /// whatever a script passes.
    static let largestShownSeconds = 1e15

    /// A position as the piece's clock shows it: "1:12", "-2:30", and with hours ("1:02:03") when the track is an
    /// hour or longer, whatever the position. `rounding` picks the whole second: the elapsed time counts down to it
    /// and the remaining time up (toward zero). Minutes are not wrapped without the hour
    /// field ("61:05"), as SwiftUI's minute–second pattern does. Zero has no sign; NaN reads as zero.
    public static func clock(_ seconds: Double, total: Double, rounding: FloatingPointRoundingRule) -> String {
        let whole = wholeSeconds(seconds, rounding)
        let sign = whole < 0 ? "-" : ""
        let n = abs(whole)
        let s = n % 60
        if total >= 3600 {
            let m = (n / 60) % 60
            return "\(sign)\(n / 3600):\(twoDigits(m)):\(twoDigits(s))"
        }
        return "\(sign)\(n / 60):\(twoDigits(s))"
    }

    /// The elapsed time, left of the scrubber: rounded down.
    public static func elapsedText(_ shown: Double, duration: Double) -> String {
        clock(shown, total: duration, rounding: .down)
    }

    /// The time left, right of the scrubber, as a negative clock: rounded up, toward zero.
    public static func remainingText(_ shown: Double, duration: Double) -> String {
        clock(-(duration - shown), total: duration, rounding: .up)
    }

    /// A position as VoiceOver reads it: "1 minute, 12 seconds", "1 hour, 2 seconds", "0 seconds". Whole seconds,
    /// rounded down; nothing below zero.
    public static func spoken(_ seconds: Double) -> String {
        let n = max(wholeSeconds(seconds, .down), 0)
        return units([(n / 3600, "hour"), ((n / 60) % 60, "minute"), (n % 60, "second")])
    }

    /// How far a seconds bubble jumps, as its label reads it: minutes and seconds only ("1 minute, 30 seconds").
    public static func spokenJump(_ seconds: Int) -> String {
        let n = seconds == Int.min ? Int.max : abs(seconds)
        let text = units([(n / 60, "minute"), (n % 60, "second")])
        return seconds < 0 ? "-" + text : text
    }

    private static func wholeSeconds(_ seconds: Double, _ rounding: FloatingPointRoundingRule) -> Int {
        guard !seconds.isNaN else { return 0 }
        let held = min(max(seconds, -largestShownSeconds), largestShownSeconds)
        return Int(held.rounded(rounding))
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Non-zero units, largest first, joined by commas; "0 <smallest>s" when all are zero.
    private static func units(_ parts: [(Int, String)]) -> String {
        let shown = parts.filter { $0.0 != 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        guard !shown.isEmpty else { return "0 \(parts.last?.1 ?? "second")s" }
        return shown.joined(separator: ", ")
    }
}
