/// How one property moved over a stage: each movement from rest to rest, with the time it took to settle and how far
/// it went past where it came to rest. A reviewer reads a spring change from these two numbers, not from columns
/// of values.
public struct Movement: Sendable, Equatable {
    /// When the value last rested before moving (the movement's zero).
    public let start: Double
    public let from: Double
    /// Where it came to rest.
    public let to: Double
    /// From `start` until the first sample after which it stays within the settle band of `to`.
    public let settleTime: Double
    /// When and where its animated segment began: the sample farthest from `to` (the first of them), so a pop
    /// (at rest at 1, snapped to 0.6, springing back to 1) is measured from 0.6, not from the rest at 1.
    public let segmentStart: Double
    public let segmentFrom: Double
    /// The segment's overshoot (`MotionSummary.overshoot(ofSegment:)`, the rule of `toOvershootBy`); nil only when
    /// there is no segment to measure (it never left `to`).
    public let overshoot: Double?
}

public enum MotionSummary {
    /// A value that keeps the same logged number for this long is at rest.
    public static let restSeconds = 0.1
    /// Moves of at most this much (twice the log's last decimal) are rounding, not motion.
    public static let noise = 0.002

    /// The movements in samples `(time, value)`, oldest first. The settle band is half a percent of the travel,
    /// and never under 0.001 (the log's last decimal), as in the test framework's `settleTime`.
    public static func movements(_ samples: [(time: Double, value: Double)]) -> [Movement] {
        var found: [Movement] = []
        var i = 1
        while i < samples.count {
            guard samples[i].value != samples[i - 1].value else { i += 1; continue }
            let startIndex = i - 1
            // Runs until the value has kept one number for `restSeconds` (or the samples end).
            var end = samples.count - 1
            var j = i
            while j < samples.count {
                var k = j
                while k + 1 < samples.count, samples[k + 1].value == samples[j].value { k += 1 }
                if samples[k].time - samples[j].time >= restSeconds - 1e-9 || k == samples.count - 1 {
                    end = j
                    break
                }
                j = k + 1
            }
            let from = samples[startIndex].value, to = samples[end].value
            let travel = to - from
            let band = max(abs(travel) * 0.005, 0.001)
            var settledAt = startIndex
            var segment = startIndex
            for n in startIndex...end {
                if abs(samples[n].value - to) > band + 1e-12 { settledAt = n + 1 }
                if abs(samples[n].value - to) > abs(samples[segment].value - to) { segment = n }
            }
            settledAt = min(settledAt, end)
            i = end + 1
            // A flicker in the log's last decimal is not a movement.
            let reach = samples[startIndex...end].map { abs($0.value - from) }.max() ?? 0
            guard reach > noise else { continue }
            found.append(Movement(start: samples[startIndex].time, from: from, to: to,
                                  settleTime: samples[settledAt].time - samples[startIndex].time,
                                  segmentStart: samples[segment].time, segmentFrom: samples[segment].value,
                                  overshoot: overshoot(ofSegment: samples[segment...end].lazy.map(\.value))))
        }
        return found
    }

    /// The overshoot of one animated segment, its values from where it started to where it ended: the largest
    /// excursion past the last value, against the direction from the first to the last, as a fraction of that
    /// travel; 0 when it never goes past; nil when the first and last are equal (no travel, no segment).
    ///
    /// It is the one rule: `toOvershootBy` and a series' `overshoot()` call it too (through the host's `overshoot`,
    /// `HostTable.swift`).
    public static func overshoot<Values: BidirectionalCollection<Double>>(ofSegment values: Values) -> Double? {
        guard let from = values.first, let to = values.last, to != from else { return nil }
        let direction: Double = to > from ? 1 : -1
        var worst = 0.0
        for value in values { worst = max(worst, (value - to) * direction) }
        return worst / abs(to - from)
    }
}
