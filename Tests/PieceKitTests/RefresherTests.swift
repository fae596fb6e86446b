import Testing
@testable import PieceKit

/// Pull to refresh on a 393 × 852 stage, the list's top edge at y = 100 across the whole width. The pull is the
/// scroll view's edge resistance over the screen's height: pull(d) = (1 − 1 / (0.55 d / 852 + 1)) × 852.
@Suite struct RefresherTests {
    struct Rig {
        let stage: Stage
        let piece: RefresherPiece

        init() throws {
            stage = try Stage(environment: PieceEnvironment(), fps: 120)
            piece = RefresherPiece(area: Refresher.Area(x: 0, top: 100, width: 393))
            try stage.add(piece)
            try stage.renderFrame()
        }

        func value(_ element: String, _ number: String) -> Double? { stage.latestFrame?["refresher", element]?[number] }

        func callbacks() -> [String] {
            stage.history.flatMap { $0.events }.filter { $0.kind == .callback }.compactMap {
                if case .text(let name)? = $0.detail(named: "name") { return name }
                return nil
            }
        }
    }

    @Test func aPullFollowsTheFingerWithTheEdgesResistanceAndShowsSpokesOneByOne() throws {
        let rig = try Rig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        try finger.move(dx: 0, dy: 100)
        try rig.stage.advance(1.0 / 120)
        // 0.55 × 100 / 852 = 0.064554; 1 / 1.064554 = 0.939360; (1 − 0.939360) × 852 = 51.665 points.
        #expect(abs((rig.value("list", "offset") ?? 0) - 51.665) < 0.001)
        // 51.665 / 80 = 0.6458 of the spinner; 8 × 0.6458 = 5.17, so 5 spokes.
        #expect(abs((rig.value("spinner", "opacity") ?? 0) - 0.6458) < 0.0001)
        #expect(rig.value("spinner", "spokes") == 5)
        // Centred in the gap: y = 100 + (51.665 − 20) / 2 = 115.832; x = (393 − 20) / 2 = 186.5.
        #expect(abs((rig.value("spinner", "y") ?? 0) - 115.832) < 0.001)
        #expect(rig.value("spinner", "x") == 186.5)
    }

    @Test func aDragOf160PointsFallsShortAnd161Refreshes() throws {
        // pull(160) = (1 − 1 / 1.103286) × 852 = 79.76 < 80; pull(161) = (1 − 1 / 1.103932) × 852 = 80.21.
        let short = try Rig()
        try short.stage.drag(on: short.piece, from: Point(x: 196, y: 300), dx: 0, dy: 160)
        try short.stage.settle()
        #expect(!short.piece.state.isRefreshing)
        #expect(short.value("list", "offset") == 0)
        #expect(short.callbacks().isEmpty)

        let far = try Rig()
        try far.stage.drag(on: far.piece, from: Point(x: 196, y: 300), dx: 0, dy: 161)
        try far.stage.settle()
        #expect(far.piece.state.isRefreshing)
        #expect(far.callbacks() == ["refresh"])
        // Held open 60 points: the spinner at y = 100 + (60 − 20) / 2 = 120, whole, all 8 spokes.
        #expect(far.value("list", "offset") == 60)
        #expect(far.value("spinner", "y") == 120)
        #expect(far.value("spinner", "opacity") == 1)
        #expect(far.value("spinner", "spokes") == 8)
    }

    @Test func finishingLetsTheListSettleHomeAndANewPullWaitsForIt() throws {
        let rig = try Rig()
        try rig.stage.drag(on: rig.piece, from: Point(x: 196, y: 300), dx: 0, dy: 200)
        try rig.stage.settle()
        // A second pull while the refresh runs changes nothing and starts no second refresh.
        try rig.stage.drag(on: rig.piece, from: Point(x: 196, y: 300), dx: 0, dy: 200)
        try rig.stage.settle()
        #expect(rig.callbacks() == ["refresh"])
        #expect(rig.value("list", "offset") == 60)

        rig.piece.finish(on: rig.stage)
        try rig.stage.settle()
        #expect(!rig.piece.state.isRefreshing)
        // Home: no gap, the spinner (y = 100 − 20 / 2 = 90) hidden.
        #expect(rig.value("list", "offset") == 0)
        #expect(rig.value("spinner", "y") == 90)
        #expect(rig.value("spinner", "opacity") == 0)
    }

    @Test func aTouchAboveTheListOrAnUpwardDragPullsNothing() throws {
        let above = try Rig()
        try above.stage.drag(on: above.piece, from: Point(x: 196, y: 50), dx: 0, dy: 300)
        try above.stage.settle()
        #expect(above.callbacks().isEmpty)

        let up = try Rig()
        let finger = try up.stage.touchDown(on: up.piece, at: Point(x: 196, y: 400))
        try finger.move(dx: 0, dy: -150)
        try up.stage.advance(1.0 / 120)
        #expect(up.value("list", "offset") == 0)
        try finger.up()
        #expect(up.callbacks().isEmpty)
    }

    /// Found by exploring with drawn timing (examples/explore/refresher.lua): a pull cancelled, and a finger landing
    /// at that same instant, started its pull from rest, and the list went from 157 points to 1 in one frame.
    @Test func aFingerLandingWhileTheListReturnsCatchesItWhereItShows() throws {
        let rig = try Rig()
        let first = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        try first.move(dx: 0, dy: 300)
        try rig.stage.advance(1.0 / 120)
        // pull(300) = (1 − 1 / (0.55 × 300 / 852 + 1)) × 852 = (1 − 1 / 1.193662) × 852 = 138.230.
        #expect(abs((rig.value("list", "offset") ?? 0) - 138.230) < 0.001)
        // Cancelled, and a second finger lands at the same instant, not moving: the list stays where it shows.
        try first.cancel()
        let second = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        try second.move(dx: 0, dy: 0)
        try rig.stage.advance(1.0 / 120)
        #expect(abs((rig.value("list", "offset") ?? 0) - 138.230) < 0.001)
        // 10 points more carry on from there: pull(300 + 10) = (1 − 1 / 1.200117) × 852 = 142.069.
        try second.move(dx: 0, dy: 10)
        try rig.stage.advance(1.0 / 120)
        #expect(abs((rig.value("list", "offset") ?? 0) - 142.069) < 0.001)
    }
}
