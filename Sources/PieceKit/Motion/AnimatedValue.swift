/// One animatable number and the animations carrying it toward its target, following SwiftUI's rules for a
/// change that arrives while another is still running. A rect is four of these: each number of an element has
/// its own, so reading one costs no array.
///
/// - A spring (`merges`) takes over: the position and velocity shown at that moment become its start, and it
///   pulls toward the new target. Nothing jumps, not even the speed.
/// - Anything else blends: it is stacked on the running animations, and each frame the newer one eases from the
///   older ones' live position toward its own target, so the position is continuous and ends on the newest target.
/// - No animation moves what the animations carry: the running animations keep playing, now around the new
///   target, so the value shown jumps by exactly the change and the motion goes on (SwiftUI's animations hold a
///   change, not a place: a value set without animation while a spring runs is shown as the new value plus what
///   is left of the spring). With nothing running it is a snap.
///
/// A pure value: readings depend only on the changes made and the time asked about, never on a clock.
public struct AnimatedValue: Sendable, Equatable {
    /// The value the number is heading for: the latest one set.
    public private(set) var target: Double

    /// Where the first running layer starts from (the number's value when the animations began).
    private var origin: Double
    /// Running animations, oldest first. A spring layer can only be the first: merging clears the others.
    private var layers: [Layer]
    /// When the newest layer ends (-infinity with none): the one thing a frame asks of a number at rest.
    private var end = -Double.infinity
    /// The spring layer when it is the only one, the commonest motion: a frame reads it here, without walking
    /// (and retaining) the list of layers.
    private var lone: LoneSpring?

    public init(_ value: Double) {
        target = value
        origin = value
        layers = []
    }

    /// Moves the number to `target` from `time` on. Setting the target it already has does nothing (the running
    /// animation keeps going).
    public mutating func set(_ newTarget: Double, animation: Animation?, at time: Double) {
        guard newTarget != target else { return }
        dropFinishedLayers(at: time)
        guard let animation else {
            carry(to: newTarget, at: time)
            return
        }
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
        end = layers.last?.end ?? -Double.infinity
        if layers.count == 1, case .spring(let layer) = layers[0] {
            lone = LoneSpring(start: layer.start, motion: layer.motion)
        } else {
            lone = nil
        }
    }

    /// Puts the number at `value` at once, dropping every running animation (a finger holding what it took).
    public mutating func place(_ value: Double) {
        snap(to: value)
    }

    /// The value shown at `time`: exactly the target once every animation is over.
    public func value(at time: Double) -> Double {
        guard time < end else { return target }
        if let lone { return target + lone.motion.offset(at: time - lone.start) }
        return presented(at: time)
    }

    /// `value(at:)`, reusing the exponential and the sine and cosine `samples` holds when this number's spring
    /// asks for the same ones (numbers started together on one spring, such as a rect's four, share them at
    /// every frame). The same double as `value(at:)`.
    public func value(at time: Double, sharing samples: inout SpringSamples) -> Double {
        guard time < end else { return target }
        if let lone { return target + lone.motion.offset(at: time - lone.start, sharing: &samples) }
        return presented(at: time)
    }

    /// How fast the number moves at `time`, in its units per second.
    public func velocity(at time: Double) -> Double {
        guard time < end else { return 0 }
        return reading(at: time).velocity
    }

    /// Whether an animation is still under way at `time`. Once the newest layer is over the value is its target
    /// whatever the older layers do, so only the newest one decides.
    public func isAnimating(at time: Double) -> Bool {
        time < end
    }

    // MARK: Internals

    /// An unanimated change: every running layer moves by the change, so the motion left keeps playing around
    /// the new target (a lone spring holds only an offset, which stays as it is).
    private mutating func carry(to newTarget: Double, at time: Double) {
        guard time < end, !layers.isEmpty else {
            snap(to: newTarget)
            return
        }
        let change = newTarget - target
        origin += change
        for index in layers.indices {
            layers[index].move(by: change)
        }
        target = newTarget
    }

    private mutating func snap(to newTarget: Double) {
        target = newTarget
        origin = newTarget
        layers = []
        end = -Double.infinity
        lone = nil
    }

    /// Forgets layers that can no longer affect anything: a finished layer pins the value to its target, so it
    /// and everything before it reduce to a starting point for the layers after it.
    private mutating func dropFinishedLayers(at time: Double) {
        guard let index = layers.lastIndex(where: { time >= $0.end }) else { return }
        origin = layers[index].target
        layers.removeFirst(index + 1)
    }

    /// The value alone of the stacked animations (what a frame reads), walking the layers as `reading` does and
    /// doing the same arithmetic for the value, without the velocity's.
    private func presented(at time: Double) -> Double {
        var value = origin
        for layer in layers {
            if time >= layer.end {
                value = layer.target
                continue
            }
            switch layer {
            case .spring(let spring):
                value = spring.target + spring.motion.offset(at: time - spring.start)
            case .blend(let blend):
                let fraction = blend.animation.runningFraction(at: time - blend.start)
                let remaining = blend.target - value
                value += fraction * remaining
            }
        }
        return value
    }

    /// Value and velocity of the stacked animations, walking the layers oldest to newest.
    private func reading(at time: Double) -> (value: Double, velocity: Double) {
        var value = origin
        var velocity = 0.0
        for layer in layers {
            if time >= layer.end {
                value = layer.target
                velocity = 0
                continue
            }
            switch layer {
            case .spring(let spring):
                let motion = spring.motion.reading(at: time - spring.start)
                value = spring.target + motion.offset
                velocity = motion.velocity
            case .blend(let blend):
                let sample = blend.animation.runningSample(at: time - blend.start)
                let remaining = blend.target - value
                velocity = velocity * (1 - sample.fraction) + sample.velocity * remaining
                value += sample.fraction * remaining
            }
        }
        return (value, velocity)
    }

    /// A spring that took over at `start` from a position and velocity, pulling toward `target`: only what its
    /// motion needs is kept (the motion's constants, worked out once), so a number stays small to copy.
    private struct SpringLayer: Sendable, Equatable {
        var start: Double
        var target: Double
        var end: Double
        var motion: SpringMotion

        init(spring: Spring, start: Double, from origin: Double, moving rate: Double, toward goal: Double) {
            self.start = start
            target = goal
            end = start + max(0, Animation.settleTime(spring, offset: origin - goal, velocity: rate))
            motion = SpringMotion(spring, offset: origin - goal, velocity: rate)
        }
    }

    /// What a frame reads of a lone spring layer (its target is the number's): kept small so a number is cheap
    /// to copy.
    private struct LoneSpring: Sendable, Equatable {
        var start: Double
        var motion: SpringMotion
    }

    /// A non-merging animation started at `start`, covering whatever lies between the layers below and `target`.
    private struct BlendLayer: Sendable, Equatable {
        var animation: Animation
        var start: Double
        var end: Double
        var target: Double
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

        var target: Double {
            switch self {
            case .spring(let layer): return layer.target
            case .blend(let layer): return layer.target
            }
        }

        mutating func move(by change: Double) {
            switch self {
            case .spring(var layer):
                layer.target += change
                self = .spring(layer)
            case .blend(var layer):
                layer.target += change
                self = .blend(layer)
            }
        }
    }
}
