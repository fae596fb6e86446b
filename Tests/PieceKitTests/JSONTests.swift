import Foundation
import Testing
@testable import PieceKit

@Suite struct JSONNumberTests {
    let format = JSONNumberFormat.standard

    @Test func negativeZeroPrintsAsZero() {
        #expect(format.format(-0.0) == "0")
        #expect(format.format(-0.0001) == "0")
        #expect(format.format(-0.0004999) == "0")
    }

    @Test func wholeNumbersPrintWithoutADecimalPoint() {
        #expect(format.format(12.0) == "12")
        #expect(format.format(-393) == "-393")
        #expect(format.format(11.9999) == "12")
        #expect(format.format(1e20) == "100000000000000000000")
    }

    @Test func fractionsKeepAtMostTheFixedDecimalsWithoutTrailingZeros() {
        #expect(format.format(12.5) == "12.5")
        #expect(format.format(0.1 + 0.2) == "0.3")
        #expect(format.format(1.0 / 3.0) == "0.333")
        #expect(format.format(-2.0 / 3.0) == "-0.667")
        #expect(format.format(0.00012) == "0")
        #expect(format.format(1e-5) == "0")
        #expect(format.format(123456.789123) == "123456.789")
    }

    @Test func halvesRoundAwayFromZero() {
        #expect(format.format(0.0005) == "0.001")
        #expect(format.format(-0.0005) == "-0.001")
        #expect(format.format(1.2345) == "1.235")
        #expect(format.format(9.9995) == "10")
        #expect(format.format(-9.9995) == "-10")
        #expect(JSONNumberFormat.formatNumber(2.675, decimals: 2) == "2.68")
        #expect(JSONNumberFormat.formatNumber(0.5, decimals: 0) == "1")
        #expect(JSONNumberFormat.formatNumber(-0.5, decimals: 0) == "-1")
    }

    @Test func otherPrecisionsWork() {
        #expect(JSONNumberFormat.formatNumber(3.14159, decimals: 1) == "3.1")
        #expect(JSONNumberFormat.formatNumber(3.14159, decimals: 6) == "3.14159")
        #expect(JSONNumberFormat.formatNumber(1e-7, decimals: 9) == "0.0000001")
        #expect(JSONNumberFormat(decimals: -4).decimals == 0)
    }

    @Test func nanAndInfinityPrintAsNull() {
        #expect(format.format(.nan) == "null")
        #expect(format.format(.infinity) == "null")
        #expect(format.format(-.infinity) == "null")
    }

    @Test func everyFormattedNumberParsesBackWithinHalfAStep() throws {
        var generator = SplitMix64(seed: 0x5EED)  // fixed seed: the same numbers on every run
        for _ in 0..<2000 {
            let value = Double.random(in: -5000...5000, using: &generator)
            let text = format.format(value)
            let parsed = try #require(Double(text))
            #expect(abs(parsed - value) <= 0.0005 + 1e-9, "\(value) printed as \(text)")
            #expect(!text.contains("e") && !text.hasSuffix(".") && text != "-0")
        }
    }
}

@Suite struct JSONWriterTests {
    @Test func controlCharactersAreEscaped() {
        #expect(JSONString.quoted("a\u{0}b\u{1F}c") == #""a\u0000b\u001fc""#)
        #expect(JSONString.quoted("line\nnext\ttab\r\u{8}\u{C}") == #""line\nnext\ttab\r\b\f""#)
        #expect(JSONString.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(JSONString.quoted("Café ♫ 🎵 /") == "\"Café ♫ 🎵 /\"")
    }

    @Test func keysComeOutInInsertionOrder() {
        var object = JSONObject()
        for key in ["z", "a", "m", "frame", "b"] { object.append(key, 1) }
        #expect(object.json == #"{"z":1,"a":1,"m":1,"frame":1,"b":1}"#)
    }

    @Test func aFrameLineLooksLikeTheDesign() {
        var line = JSONObject()
        line.append("frame", 12)
        line.append("t", 0.2)
        line.append("pieces") { pieces in
            pieces.append("nowPlaying") { piece in
                piece.append("surface") { s in
                    s.append("x", 16.0)
                    s.append("y", -0.0)
                    s.append("w", 361.33333)
                    s.append("h", 64.5)
                    s.append("radius", Double.nan)
                }
                piece.append("visible", true)
                piece.appendNull("title")
            }
        }
        line.append("events", array: { events in
            events.append(object: { $0.append("haptic", "soft") })
            events.append("announce")
            events.appendNull()
        })
        line.append("tags", ["a\"b", "c"])
        line.append("samples", [0.5, 1.0 / 3.0])
        line.append("empty", array: { _ in })
        let optional: Double? = nil
        line.append("maybe", optional)
        #expect(line.json == #"""
            {"frame":12,"t":0.2,"pieces":{"nowPlaying":{"surface":{"x":16,"y":0,"w":361.333,"h":64.5,"radius":null},\#
            "visible":true,"title":null}},"events":[{"haptic":"soft"},"announce",null],"tags":["a\"b","c"],\#
            "samples":[0.5,0.333],"empty":[],"maybe":null}
            """#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(line.json.utf8))
        #expect(parsed != nil)
    }

    @Test func theObjectsFormatAppliesToItsNumbers() {
        var object = JSONObject(format: JSONNumberFormat(decimals: 1))
        object.append("x", 1.26)
        object.append("nested") { $0.append("y", 1.26) }
        #expect(object.json == #"{"x":1.3,"nested":{"y":1.3}}"#)
    }
}

@Suite struct JSONLogFileTests {
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("piecebox-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func line(_ frame: Int) -> JSONObject {
        var object = JSONObject()
        object.append("frame", frame)
        return object
    }

    @Test func aClosedLogIsRenamedIntoPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/run.jsonl"
        let log = try JSONLogFile(path: path)
        try log.write(line(0))
        try log.write(line(1))
        #expect(!FileManager.default.fileExists(atPath: path))
        // Buffered until flushed: the stage flushes as each of its operations returns to the script.
        #expect(try String(contentsOfFile: log.temporaryPath, encoding: .utf8) == "")
        try log.flush()
        #expect(try String(contentsOfFile: log.temporaryPath, encoding: .utf8) == "{\"frame\":0}\n{\"frame\":1}\n")
        try log.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"frame\":0}\n{\"frame\":1}\n")
        #expect(!FileManager.default.fileExists(atPath: log.temporaryPath))
        #expect(log.linesWritten == 2)
        #expect(throws: JSONLogError.closed(path: path)) { try log.write(line(2)) }
        #expect(throws: JSONLogError.closed(path: path)) { try log.close() }
    }

    @Test func aNewLogReplacesTheOldOneOnlyWhenClosed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/run.jsonl"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let log = try JSONLogFile(path: path)
        try log.write(line(7))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        try log.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"frame\":7}\n")
    }

    @Test func abandonedLogKeepsItsLinesAndEndsWithTheError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/failing.jsonl"
        let log = try JSONLogFile(path: path)
        try log.write(line(0))
        try log.write(line(1))
        try log.abandon(withError: "expected 12 to be 13\n at line 4")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "{\"frame\":0}\n{\"frame\":1}\n{\"error\":\"expected 12 to be 13\\n at line 4\"}\n")
        #expect(!FileManager.default.fileExists(atPath: log.temporaryPath))
        #expect(!log.isOpen)
    }

    @Test func aLineWithALineBreakIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = try JSONLogFile(path: folder + "/x.jsonl")
        #expect(throws: JSONLogError.self) { try log.write(line: "{}\n{}") }
        try log.close()
    }

    @Test func aMissingFolderIsAClearError() throws {
        let path = "/nonexistent-piecebox-folder/run.jsonl"
        do {
            _ = try JSONLogFile(path: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("cannot create log /nonexistent-piecebox-folder/.run.jsonl."), "\(error)")
        }
    }

    @Test func theTemporaryFileIsHiddenBesideTheLogWithAFreshName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try JSONLogFile(path: folder + "/run.jsonl")
        let second = try JSONLogFile(path: folder + "/run.jsonl")
        #expect((first.temporaryPath as NSString).deletingLastPathComponent == folder)
        #expect((first.temporaryPath as NSString).lastPathComponent.hasPrefix(".run.jsonl."))
        #expect(first.temporaryPath.hasSuffix(".tmp"))
        #expect(first.temporaryPath != second.temporaryPath)
        try first.close()
        try second.close()
    }

    @Test func aLinkPlantedAtTheOldTemporaryNameIsNeverWrittenThrough() throws {
        let folder = try temporaryFolder()
        let outside = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try "keep me\n".write(toFile: outside + "/secret", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/run.jsonl.tmp", withDestinationPath: outside + "/secret")
        let log = try JSONLogFile(path: folder + "/run.jsonl")
        try log.write(line(0))
        try log.close()
        #expect(try String(contentsOfFile: outside + "/secret", encoding: .utf8) == "keep me\n")
        #expect(try String(contentsOfFile: folder + "/run.jsonl", encoding: .utf8) == "{\"frame\":0}\n")
    }

    @Test func aLinkAtTheLogsNameIsReplacedNotFollowed() throws {
        let folder = try temporaryFolder()
        let outside = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try "keep me\n".write(toFile: outside + "/secret", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/run.jsonl", withDestinationPath: outside + "/secret")
        let log = try JSONLogFile(path: folder + "/run.jsonl")
        try log.write(line(0))
        try log.close()
        #expect(try String(contentsOfFile: outside + "/secret", encoding: .utf8) == "keep me\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/run.jsonl")) == nil)
        #expect(try String(contentsOfFile: folder + "/run.jsonl", encoding: .utf8) == "{\"frame\":0}\n")
    }
}
