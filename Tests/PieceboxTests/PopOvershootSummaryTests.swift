import Foundation
import Testing

/// A golden's motion summary and `piecebox diff` read a pop's overshoot as its spring's own, measured over the
/// animated segment (0.6 → 1), not from the rest at 1 it was snapped away from.
@Suite struct PopOvershootSummaryTests {
    static func pop(tier: String) -> String {
        """
        test("pop", function()
          local s = Stage{ fps = 60 }
          local c = s:piece{ name = "card", state = { scale = 1 },
            layout = function(state) return { surface = { x = 0, y = 0, w = 100, h = 100 * state.scale } } end }
          s:advance(0.2)
          c:set({ scale = 0.6 })
          s:frames(1)
          c:set({ scale = 1 }, motion.tiers.\(tier))
          s:advance(1.5)
        end)
        """
    }

    /// The two percentages of "overshoot A % → B %" in `text`.
    static func overshoots(in text: String) -> [Double] {
        guard let line = text.split(separator: "\n").first(where: { $0.contains("overshoot") }),
              let range = line.range(of: "overshoot ") else { return [] }
        return line[range.upperBound...].split(separator: " ").compactMap { Double($0) }
    }

    @Test func aPopsOvershootIsItsSpringsOwn() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("pop.lua", Self.pop(tier: "elastic"))
        _ = try piecebox(["run", "pop.lua", "--golden", "goldens"], in: folder.path)
        try folder.write("pop.lua", Self.pop(tier: "expressive"))
        let run = try piecebox(["run", "pop.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        let diff = try piecebox(["diff", "goldens/pop.actual.jsonl", "goldens/pop.jsonl"], in: folder.path)
        for text in [run.stdout, diff.stdout] {
            let found = Self.overshoots(in: text)
            // elastic ζ = 0.62: e^(−0.62π/√(1 − 0.62²)) = e^(−2.482517) = 8.354 %; expressive ζ = 0.52:
            // e^(−0.52π/√(1 − 0.52²)) = e^(−1.912545) = 14.770 %. Sampled at 60 fps and logged to three decimals,
            // the peaks read within 0.05 % of these.
            #expect(found.count == 2, "\(text)")
            #expect(abs((found.first ?? 0) - 8.354) < 0.05, "\(text)")
            #expect(abs((found.last ?? 0) - 14.770) < 0.05, "\(text)")
        }
    }
}
