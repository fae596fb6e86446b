import Testing
import PieceKit
@testable import LuaHost

/// The seed's glass buttons size themselves from their titles: `Text("Continue").padding(.horizontal, 20)
/// .padding(.vertical, 12).glassEffect()` is a capsule as large as the padded title, measured by the layout engine.
@Suite struct GlassTitleTests {
    @Test func aTitledShapeIsThePaddedTitle() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              s:glassGroup{ spacing = 16, shapes = {
                { id = "continue", title = "Continue", padding = { horizontal = 20, vertical = 12 }, x = 40, y = 200 },
              } }
              s:frames(1)
              local c = s:frame().glassGroup["shape.continue"]
              print(c.x, c.y, c.w, c.h, c.radius)
            end)
            """)
        let printed = try #require(report.test("t")?.output.first, "\(report.summary)")
        let numbers = printed.split(separator: "\t").compactMap { Double($0) }
        // Body is 17 pt at Large. Its line box: (1950 + 494) / 2048 × 17 = 20.287 pt, 60.86 px, up to 61 px at @3x:
        // 61 / 3 = 20.333; with 12 above and below, 44.333. The width is the title's advance at 17 pt, up to the
        // pixel grid, with 20 on each side.
        let advance = TextMetrics.systemFont.width(of: "Continue", font: .system(.body))
        let width = (advance * 3).rounded(.up) / 3 + 40
        #expect(numbers.count == 5)
        #expect(abs(numbers[0] - 40) < 1e-9 && abs(numbers[1] - 200) < 1e-9)
        #expect(abs(numbers[2] - width) < 1e-9, "\(printed) vs \(width)")
        #expect(abs(numbers[3] - 133.0 / 3) < 1e-9, "\(printed)")
        #expect(abs(numbers[4] - 133.0 / 6) < 1e-9, "a capsule's radius is half its height: \(printed)")
    }

    @Test func aTitleAndASizeAreRefusedTogether() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              s:glassGroup{ spacing = 16, shapes = { { id = "a", title = "Later", x = 0, y = 0, w = 80, h = 44 } } }
            end)
            """)
        let message = report.test("t")?.message ?? ""
        #expect(message.contains("shapes[1] (\"a\") has a title, which sizes it; leave 'w' out"), "\(message)")
    }
}
