import Foundation
import Testing
@testable import piecebox

/// What the pictures draw and in which order, read without a browser (FilmPixelTests looks at the same in Chromium).
@Suite struct FilmLayersTests {
    /// One frame of a 400 × 800 stage from a hand-written frame line.
    static func frame(_ pieces: String) throws -> FilmLog.Frame {
        let text = #"{"format":"piecebox.frames","version":1,"scenario":"a.lua","test":"t","fps":10,"stage":{"width":400,"height":800}}"#
            + "\n" + #"{"frame":1,"t":0.1,"pieces":\#(pieces),"events":[]}"# + "\n"
        return try #require(FilmLog.parse(text, name: "a.jsonl", test: nil, stage: 1).frames.first)
    }

    @Test func aSurfaceHeadingForTheBarIsStillSeen() throws {
        let f = try Self.frame(#"{"nowPlaying":{"surface":{"x":12,"y":754,"w":273,"h":64,"opacity":1,"shown":false}}}"#)
        #expect(f.layers(width: 400, height: 800).map(\.element.path) == ["nowPlaying.surface"])
    }

    @Test func containersAreLayeredBehindWhatTheyHoldWhateverTheOrderGiven() throws {
        // Given art first and the screen-sized content last; the bar's background holds the art, the content holds both.
        let f = try Self.frame(#"{"miniPlayer":{"art":{"x":22,"y":710,"w":44,"h":44},"background":{"x":12,"y":700,"w":376,"h":64},"#
                               + #""content":{"x":0,"y":0,"w":400,"h":800},"hidden":{"x":0,"y":0,"w":9,"h":9,"opacity":0}}}"#)
        let layers = f.layers(width: 400, height: 800)
        #expect(layers.map(\.element.name) == ["content", "background", "art"], "the faded element is not drawn")
        #expect(layers.map(\.backdrop) == [true, false, false], "only the screen-covering container is the backdrop")
    }

    @Test func elementsHoldingNothingKeepThePiecesOrder() throws {
        // Two overlapping rects, neither inside the other, and two equal rects: drawn as given.
        let f = try Self.frame(#"{"p":{"b":{"x":0,"y":0,"w":50,"h":50},"a":{"x":25,"y":25,"w":50,"h":50},"#
                               + #""d":{"x":100,"y":100,"w":10,"h":10},"c":{"x":100,"y":100,"w":10,"h":10}}}"#)
        #expect(f.layers(width: 400, height: 800).map(\.element.name) == ["b", "a", "d", "c"])
    }

    @Test func aFrameOfVeryManyElementsKeepsThePiecesOrder() throws {
        // One more element than the limit, the container last: the order is the pieces' (no quadratic search).
        let n = FilmLog.layeringLimit
        let small = (1...n).map { #""e\#($0)":{"x":1,"y":1,"w":2,"h":2}"# }.joined(separator: ",")
        let f = try Self.frame(#"{"p":{\#(small),"all":{"x":0,"y":0,"w":400,"h":800}}}"#)
        let names = f.layers(width: 400, height: 800).map(\.element.name)
        #expect(names.count == n + 1)
        #expect(names.last == "all")
    }

    @Test func plotLabelsMoveToTheNearestFreeRow() {
        var labels = PlotLabels(left: 64, right: 544, top: 30, bottom: 200)
        // 15 characters at 6.4 px: 96 px wide. The second asks for the same row 50 px to the right: it overlaps,
        // so it goes one row (12 px) down; the third is clear of both (x from 300).
        labels.add("settles 0.583 s", x: 100, y: 42, color: "#000")
        labels.add("overshoot 1.5 %", x: 150, y: 42, color: "#000")
        labels.add("settles 0.283 s", x: 300, y: 42, color: "#000")
        #expect(labels.placed.map(\.y) == [42, 54, 42])
        // At the right edge a label turns to the left of its mark: 540 - 6 - 96 = 438.
        labels.add("settles 0.100 s", x: 540, y: 100, color: "#000")
        #expect(labels.placed.last?.x == 438)
    }
}
