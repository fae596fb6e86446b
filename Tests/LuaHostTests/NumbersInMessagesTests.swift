import Testing
@testable import LuaHost
import PieceKit

/// A message names a script's number as Lua prints it (`NumberText`: `%.14g`, ".0" after a whole float, "nan" for
/// every NaN), so the value reads as the script wrote it: `finger:move(0/0, 0)` said "got -nan" (the sign 0/0
/// happens to carry on x86), and a fling of `dx = 5e-324` said "got a distance of 0.0" (the distance, squared,
/// underflowed).
@Suite struct NumbersInMessagesTests {
    @Test func numbersAreNamedAsLuaPrintsThem() {
        // Each expected text is what Lua 5.4's print gives for the value, but for NaN (Lua: "-nan" for 0/0 here).
        #expect(NumberText.of(.leastNonzeroMagnitude) == "4.9406564584125e-324")
        #expect(NumberText.of(-Double.nan) == "nan" && NumberText.of(Double.nan) == "nan")
        #expect(NumberText.of(2) == "2.0" && NumberText.of(-0.5) == "-0.5" && NumberText.of(1e300) == "1e+300")
        #expect(NumberText.of(0.1 + 0.2) == "0.3" && NumberText.of(-.infinity) == "-inf")
    }

    @Test func aFingerMovedByNaNAndAFlingOfTheSmallestDistanceNameTheirValues() throws {
        let report = try runScenario("""
            local function piece(s)
              return s:piece{ name = "p", layout = function() return { a = { x = 0, y = 0, w = 100, h = 100 } } end }
            end
            test("move", function()
              local s = Stage{}
              piece(s):touch():move(0/0, 0)
            end)
            test("fling", function()
              local s = Stage{}
              piece(s):fling{ dx = 5e-324, velocity = 1000 }
            end)
            """)
        let move = try #require(report.test("move")).message
        #expect(move.contains("got nan") && !move.contains("-nan"), "\(move)")
        let fling = try #require(report.test("fling")).message
        #expect(fling.contains("dx = 4.9406564584125e-324") && !fling.contains("distance of 0.0"), "\(fling)")
    }
}
