/// One animatable property: a vector of numbers (1 for a scalar, 4 for a rect) and the animations carrying it
/// toward its target, following SwiftUI's rules for a change that arrives while another is still running.
///
/// - A spring (`merges`) takes over: the position and velocity shown at that moment become its start, and it
///   pulls toward the new target. Nothing jumps, not even the speed.
/// - Anything else blends: it is stacked on the running animations, and each frame the newer one eases from the
///   older ones' live position toward its own target, so the position is continuous and ends on the newest target.
/// - No animation snaps.
///
/// A pure value: readings depend only on the changes made and the time asked about, never on a clock.
public struct AnimatedValue: Sendable, Equatable {
    /// The value the property is heading for: the latest one set.
    public private(set) var target: [Double]

    /// Where the first running layer starts from (the property's value when the animations began).
    private var origin: [Double]
    /// Running animations, oldest first. A spring layer can only be the first: merging clears the others.
    private var layers: [Layer]

    public init(_ value: [Double]) {
        target = value
        origin = value
        layers = []
    }

    /// Moves the property to `target` from `time` on. Setting the target it already has does nothing (the running
    /// animation keeps going), and a target with a different number of components snaps, since there is no
    /// sensible path between vectors of unlike length.
    public mutating func set(_ newTarget: [Double], animation: Animation?, at time: Double) {
        guard newTarget != target else { return }
        guard newTarget.count == target.count, let animation else {
            snap(to: newTarget)
            return
        }
        dropFinishedLayers(at: time)
        if animation.merges, case .spring(let spring) = animation.kind {
            let (position, velocity) = reading(at: time)
            let layer = SpringLayer(spring: spring, start: time, from: position, moving: velocity,
                                    toward: newTarget)
            origin = position
            layers = [.spring(layer)]
        } else {
            if layers.isEmpty { origin = target }
            let end = time + animation.completionTime
            layers.append(.blend(BlendLayer(animation: animation, start: time, end: end, target: newTarget)))
        }
        target = newTarget
    }

    /// The value shown at `time`: exactly the target once every animation is over.
    public func value(at time: Double) -> [Double] {
        guard isAnimating(at: time) else { return target }
        return reading(at: time).value
    }

    /// How fast each component moves at `time`, in its units per second.
    public func velocity(at time: Double) -> [Double] {
        guard isAnimating(at: time) else { return Array(repeating: 0, count: target.count) }
        return reading(at: time).velocity
    }

    /// Whether an animation is still under way at `time`. Once the newest layer is over the value is its target
    /// whatever the older layers do, so only the newest one decides.
    public func isAnimating(at time: Double) -> Bool {
        guard let last = layers.last else { return false }
        return time < last.end
    }

    // MARK: Internals

    private mutating func snap(to newTarget: [Double]) {
        target = newTarget
        origin = newTarget
        layers = []
    }

    /// Forgets layers that can no longer affect anything: a finished layer pins the value to its target, so it
    /// and everything before it reduce to a starting point for the layers after it.
    private mutating func dropFinishedLayers(at time: Double) {
        guard let index = layers.lastIndex(where: { time >= $0.end }) else { return }
        origin = layers[index].target
        layers.removeFirst(index + 1)
    }

    /// Value and velocity of the stacked animations, walking the layers oldest to newest.
    private func reading(at time: Double) -> (value: [Double], velocity: [Double]) {
        var value = origin
        var velocity = Array(repeating: 0.0, count: origin.count)
        for layer in layers {
            guard layer.target.count == value.count else { continue }
            if time >= layer.end {
                value = layer.target
                velocity = Array(repeating: 0, count: value.count)
                continue
            }
            switch layer {
            case .spring(let spring):
                let elapsed = time - spring.start
                for i in value.indices where i < spring.position.count && i < spring.velocity.count {
                    let offset = spring.position[i] - spring.target[i]
                    let motion = spring.spring.motion(offset: offset, velocity: spring.velocity[i], time: elapsed)
                    value[i] = spring.target[i] + motion.offset
                    velocity[i] = motion.velocity
                }
            case .blend(let blend):
                let sample = blend.animation.runningSample(at: time - blend.start)
                for i in value.indices {
                    let remaining = blend.target[i] - value[i]
                    velocity[i] = velocity[i] * (1 - sample.fraction) + sample.velocity * remaining
                    value[i] += sample.fraction * remaining
                }
            }
        }
        return (value, velocity)
    }

    /// A spring that took over at `start` from `position` moving at `velocity`, pulling toward `target`.
    private struct SpringLayer: Sendable, Equatable {
        var spring: Spring
        var start: Double
        var position: [Double]
        var velocity: [Double]
        var target: [Double]
        var end: Double

        init(spring: Spring, start: Double, from origin: [Double], moving rate: [Double], toward goal: [Double]) {
            self.spring = spring
            self.start = start
            position = origin
            velocity = rate
            target = goal
            var settled = 0.0
            for i in goal.indices where i < origin.count && i < rate.count {
                let time = Animation.settleTime(spring, offset: origin[i] - goal[i], velocity: rate[i])
                settled = max(settled, time)
            }
            end = start + settled
        }
    }

    /// A non-merging animation started at `start`, covering whatever lies between the layers below and `target`.
    private struct BlendLayer: Sendable, Equatable {
        var animation: Animation
        var start: Double
        var end: Double
        var target: [Double]
    }

    private enum Layer: Sendable, Equatable {
        case spring(SpringLayer)
        case blend(BlendLayer)

        var end: Double {
            switch self {
            case .spring(let layer): return layer.end
            case .blend(let layer): return layer.end
            }
        }

        var target: [Double] {
            switch self {
            case .spring(let layer): return layer.target
            case .blend(let layer): return layer.target
            }
        }
    }
}
