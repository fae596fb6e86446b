import PieceKit

/// A stage of many springing parts: the per-frame cost every scenario pays (sampling, reconciling, logging).
enum StageBenchmarks {
    /// 40 elements of six numbers each, re-targeted every 30 frames so springs keep merging.
    final class Swarm: StagePiece {
        let name = "swarm"
        var phase = 0
        func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
            (0..<40).map { i in
                let shift = Double((i + phase) % 7) * 11
                return Element("part\(i)")
                    .rect(Rect(x: 10 + shift, y: Double(i) * 20 + shift, width: 100 + shift, height: 40))
                    .number("radius", 8 + shift / 10)
                    .number("opacity", phase % 2 == 0 ? 1 : 0.4)
            }
        }
    }

    /// Renders `frames` frames (re-targeting every 30), optionally logging each to memory.
    static func swarm(frames: Int, logged: Bool) throws -> Double {
        let stage = try Stage()
        let swarm = Swarm()
        try stage.add(swarm)
        var bytes = 0
        if logged { try stage.attachLog(scenario: "bench") { bytes += $0.utf8.count } }
        return try seconds {
            for frame in 0..<frames {
                if frame % 30 == 0 {
                    stage.transact(.spring(duration: 0.4, bounce: 0.2)) { swarm.phase += 1 }
                }
                try stage.renderFrame()
            }
        }
    }

    /// A million samples of a bouncy spring: the innermost arithmetic of every frame.
    static func springSamples() -> Double {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        var sum = 0.0
        let time = seconds {
            for i in 0..<1_000_000 {
                sum += spring.value(target: 1, initialVelocity: 0, time: Double(i % 600) / 120)
            }
        }
        // Keeps the loop from being optimised away.
        if sum.isNaN { print("") }
        return time
    }
}
