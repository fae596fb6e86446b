import CLua
import CLuaShim
import PieceKit

/// `s:vinyl{ player = p }` or `s:vinyl{ isPlaying = true }`, with `rpm`, `ramp`, `x, y, w, h`, `name` and
/// `accessibilityName`: the spinning disc, the app's side of its parameters (`v:set{ rpm = 45 }`,
/// `v:set{ isPlaying = false }`) and its readings (`angle`, `speed`, `isEasing`).
enum VinylBinding: StageMadeBinding {
    static let optionKeys = ["player", "isPlaying", "rpm", "ramp", "x", "y", "w", "h", "name", "accessibilityName"]
    static let setKeys = ["isPlaying", "rpm", "x", "y", "w", "h"]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> VinylPiece {
        let opts = try c.options(1, allowed: optionKeys)
        var player: (any MediaPlayer)?
        if opts.has("player") {
            let bound = try PlayerOption.read(c, opts, on: stage, context: context)
            guard !opts.has("isPlaying") else {
                throw LuaHostError.message("\(c.function): give 'player' or 'isPlaying', not both (a disc bound to a player follows the player's isPlaying)")
            }
            player = bound
        }
        let ramp = try opts.number("ramp", "a number of seconds (0 or less switches speed at once)")
            ?? Vinyl.defaultRamp
        let name = try opts.pieceName(default: "vinyl")
        let accessibilityName = try opts.string("accessibilityName", "a string") ?? Vinyl.defaultAccessibilityName
        let piece = VinylPiece(context: stage, name: name, isPlaying: try opts.boolean("isPlaying", default: false),
                                          player: player, rpm: try rpm(opts) ?? Vinyl.defaultRPM,
                                          ramp: ramp, frame: try frame(opts, current: nil),
                                          accessibilityName: accessibilityName)
        do { try stage.add(piece) } catch { throw LuaHostError.message("\(c.function): \(error)") }
        return piece
    }

    /// `rpm`: any number. Beyond ±1000 it is held there; NaN or an infinity turns the disc at 0, as the piece does.
    static func rpm(_ opts: Options) throws -> Double? {
        switch opts.table["rpm"] {
        case .nil: return nil
        case .number(let n): return n
        default:
            throw LuaHostError.message("\(opts.function): option 'rpm' must be a number of revolutions per minute, got \(opts.table["rpm"].typeName)")
        }
    }

    /// `x, y, w, h` (all four, sizes at least 0); `current` when none is given.
    static func frame(_ opts: Options, current: Rect?) throws -> Rect? {
        let keys = ["x", "y", "w", "h"]
        let given = keys.filter { opts.has($0) }
        guard !given.isEmpty else { return current }
        guard given.count == 4 else {
            let missing = keys.filter { !given.contains($0) }.map { "'\($0)'" }.joined(separator: ", ")
            throw LuaHostError.message("\(opts.function): a frame needs all of x, y, w and h; \(missing) missing")
        }
        let x = try opts.number("x", "a finite number of points") ?? 0
        let y = try opts.number("y", "a finite number of points") ?? 0
        let w = try opts.number("w", "a finite number of points") ?? 0
        let h = try opts.number("h", "a finite number of points") ?? 0
        guard w >= 0, h >= 0 else {
            throw LuaHostError.message("\(opts.function): options 'w' and 'h' must be at least 0, got \(w) by \(h)")
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<VinylPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)

        // set{ isPlaying = ..., rpm = ..., x, y, w, h }: the app passes new parameters.
        cls.method("set") { o, c in
            let opts = try c.options(1, allowed: setKeys, optional: false)
            if opts.has("isPlaying"), o.value.player != nil {
                throw LuaHostError.message("\(c.function): this disc follows its player; play or pause the player instead")
            }
            let playing = opts.has("isPlaying") ? try opts.boolean("isPlaying", default: false) : nil
            let rpm = try self.rpm(opts)
            let frame = try self.frame(opts, current: o.value.frame)
            if frame != o.value.frame { o.value.setFrame(frame) }
            if let rpm { o.value.setRPM(rpm) }
            if let playing { o.value.setPlaying(playing) }
            return 0
        }
        cls.readings(numbers: ["angle": \.value.angle, "speed": \.value.speed, "rpm": \.value.rpm],
                     flags: ["isEasing": \.value.isEasing, "isPlaying": \.value.isPlaying], texts: ["name": \.value.name])
        cls.property("updates") { o, c in c.push(Double(o.value.timeline.updateCount)); return 1 }
    }
}
