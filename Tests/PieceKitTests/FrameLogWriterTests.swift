import Foundation
import Testing
@testable import PieceKit

/// The byte writer must give exactly the text writer's bytes, so goldens never move.
@Suite struct FrameLogWriterTests {
    /// A frame with what is hard to write: escapes in names and text, NaN, negative zero, an event.
    func awkwardFrame() -> Frame {
        let surface = ElementFrame(name: "surface", numberNames: ["x", "y", "w", "h", "opacity"],
                                   values: [-0.0, 12.3456, 402, .nan, 0.0005],
                                   attributes: [NamedValue("title", .text("Tab\there \"quoted\" \\ é")),
                                                NamedValue("on", .bool(true)), NamedValue("n", .number(2.675))])
        let odd = ElementFrame(name: "row \"3\"\n", numberNames: ["x"], values: [1e20], attributes: [])
        let event = StageEvent(.haptic, piece: "nowPlaying", details: [NamedValue("style", .text("light"))])
        return Frame(index: 12, time: 0.1, pieces: [PieceFrame(name: "nowPlaying", elements: [surface, odd]),
                                                    PieceFrame(name: "empty", elements: [])],
                     events: [event, event])
    }

    @Test func theByteWriterGivesTheTextWritersBytes() {
        var writer = FrameLogWriter()
        for format in [JSONNumberFormat.standard, JSONNumberFormat(decimals: 0), JSONNumberFormat(decimals: 12)] {
            writer.write(awkwardFrame(), format: format)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == FrameLog.line(for: awkwardFrame(), format: format))
        }
    }

    @Test func aFrameLineReadsAsWorkedOutByHand() {
        let element = ElementFrame(name: "card", numberNames: ["x", "w"], values: [-0.0004, 12.0625],
                                   attributes: [])
        var writer = FrameLogWriter()
        writer.write(Frame(index: 3, time: 0.025, pieces: [PieceFrame(name: "p", elements: [element])], events: []),
                     format: .standard)
        // -0.0004 rounds to 0 at three decimals and loses its sign; 12.0625 rounds half away to 12.063.
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == #"{"frame":3,"t":0.025,"pieces":{"p":{"card":{"x":0,"w":12.063}}},"events":[]}"#)
    }
}

/// The integer fast path of number formatting agrees with the exact path on the shortest decimal text.
@Suite struct FastNumberFormatTests {
    func slow(_ value: Double, _ decimals: Int) -> String {
        var out = ""
        JSONNumberFormat(decimals: decimals).writeSlowly(value, into: &out)
        return out
    }

    func fast(_ value: Double, _ decimals: Int) -> String {
        var bytes: [UInt8] = []
        JSONNumberFormat(decimals: decimals).write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func tiesOnTheDecimalTextRoundAwayFromZero() {
        // 2.675 is stored a hair below 2.675, but its shortest text is "2.675": half away from zero gives 2.68.
        #expect(fast(2.675, 2) == "2.68")
        #expect(fast(-2.675, 2) == "-2.68")
        // 0.0005 at three decimals is a tie on the text: 0.001. 0.00049 is not: 0.
        #expect(fast(0.0005, 3) == "0.001")
        #expect(fast(0.00049, 3) == "0")
        #expect(fast(1.0005, 3) == "1.001")
    }

    @Test func fractionsKeepTheirLeadingZeros() {
        #expect(fast(1.05, 3) == "1.05")
        #expect(fast(0.004, 3) == "0.004")
        #expect(fast(-3.0201, 3) == "-3.02")
        #expect(fast(0.1, 6) == "0.1")
        #expect(fast(1.008333333, 6) == "1.008333")
    }

    @Test func everyScaleAgreesWithTheExactPath() {
        var generator = SplitMix64(seed: 17)  // fixed seed: the same numbers on every run
        for _ in 0..<40_000 {
            let magnitude = pow(10, Double(generator.next() % 16) - 6)
            let value = Double.random(in: -1...1, using: &generator) * magnitude
            for decimals in [0, 3, 6] {
                #expect(fast(value, decimals) == slow(value, decimals), "value \(value) at \(decimals) decimals")
            }
        }
    }

    @Test func valuesOnTheThousandthGridAndTheirHalvesAgree() {
        // Layout lands on grids (halves, thousandths, 1/120 s): the cases where a tie might be mistaken.
        for k in -6_000...6_000 {
            for value in [Double(k) / 1000, (Double(k) + 0.5) / 1000, Double(k) / 120, Double(k) / 3] {
                #expect(fast(value, 3) == slow(value, 3), "value \(value)")
                #expect(fast(value, 6) == slow(value, 6), "value \(value)")
            }
        }
    }
}

