import Foundation
import Testing
@testable import LuaHost

/// `ui.scaledMetric`: a body's `@ScaledMetric`, the same number the Swift pieces get, and a clear error for each
/// wrong argument.
@Suite struct ScaledMetricBindingTests {
    private func printed(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let report = try runScenario("test(\"t\", function()\n\(body)\nend)\n", limits: .tight)
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
        return result.output.map { $0.replacingOccurrences(of: #"/\S*/scenario\.lua"#, with: "scenario.lua",
                                                          options: .regularExpression) }
    }

    /// subheadline's line spacing is 20 at Large and 26 at xxxLarge: 64 × 26 / 20 = 83.2 → 249.6 px → 250 px
    /// = 83.333 pt; at Large the metric is what was written (46).
    @Test func aScaledMetricGrowsWithItsStyleOnThePixelGrid() throws {
        let lines = try printed("""
            print(string.format("%.6f", ui.scaledMetric(64, "subheadline", "xxxLarge")))
            print(ui.scaledMetric(46, "subheadline", "large"))
            """)
        #expect(lines == ["83.333333", "46"])
    }

    @Test func aWrongArgumentNamesTheFunctionAndTheArgument() throws {
        let lines = try printed("""
            print(select(2, pcall(ui.scaledMetric, 64, "subhead", "large")))
            print(select(2, pcall(ui.scaledMetric, 64, "subheadline", "huge")))
            print(select(2, pcall(ui.scaledMetric, 0/0, "subheadline", "large")))
            print(select(2, pcall(ui.scaledMetric, 1e308, "subheadline", "accessibility5")))
            """)
        #expect(lines.count == 4)
        #expect(lines[0].contains("ui.scaledMetric: argument 2 must be a text style") && lines[0].contains("got \"subhead\""))
        #expect(lines[1].contains("ui.scaledMetric: argument 3 must be a Dynamic Type size") && lines[1].contains("got \"huge\""))
        #expect(lines[2].contains("ui.scaledMetric: argument 1 must be a finite number of points"))
        #expect(lines[3].contains("ui.scaledMetric: argument 1 must be a finite number of points small enough to scale"))
    }
}
