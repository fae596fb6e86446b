import CLua
import CLuaShim
import PieceKit

/// `s:vinyl{ player = p }` or `s:vinyl{ isPlaying = true }`, with `rpm`, `ramp`, `x, y, w, h`, `name` and
/// `accessibilityName`: the spinning disc, the app's side of its parameters (`v:set{ rpm = 45 }`,
/// `v:set{ isPlaying = false }`) and its readings (`angle`, `speed`, `isEasing`).
enum VinylBinding: StageMadeBinding {
    static let example = "{ player = player }"
    static let options: [OptionSpec] = [
        .init("player", "piecebox.player|table", "The player whose isPlaying the disc follows (not with isPlaying)"),
        .init("isPlaying", "boolean", default: "false", "Whether the disc turns (not with player)"),
        .init("rpm", "number", unit: "rpm", default: "\(Vinyl.defaultRPM)",
              "Revolutions per minute at full speed; held within ±1000", must: "a number of revolutions per minute"),
        .init("ramp", "number", unit: "s", default: "\(Vinyl.defaultRamp)", "How long the disc takes to change speed",
              must: "a number of seconds (0 or less switches speed at once)"),
        .init("x", "number", unit: "pt", "The frame's left edge", must: "a finite number of points"),
        .init("y", "number", unit: "pt", "The frame's top edge", must: "a finite number of points"),
        .init("w", "number", unit: "pt", bounds: .atLeast(0, must: "a width in points of at least 0"), "The frame's width",
              must: "a finite number of points"),
        .init("h", "number", unit: "pt", bounds: .atLeast(0, must: "a height in points of at least 0"), "The frame's height",
              must: "a finite number of points"),
        .init("name", "string", default: "vinyl", "The piece's name in the frame log"),
        .init("accessibilityName", "string", default: "\(Vinyl.defaultAccessibilityName)",
              "What VoiceOver calls the disc", must: "a string"),
    ]
    static let setOptions = OptionSpec.picking(["isPlaying", "rpm", "x", "y", "w", "h"], from: options)

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> VinylPiece {
        let opts = try c.options(1, declared: options)
        var player: (any MediaPlayer)?
        if opts.has("player") {
            let bound = try PlayerOption.read(c, opts, on: stage, context: context)
            guard !opts.has("isPlaying") else {
                throw c.refusal("give 'player' or 'isPlaying', not both (a disc bound to a player follows the player's isPlaying)")
            }
            player = bound
        }
        let ramp = try opts.number("ramp")
            ?? Vinyl.defaultRamp
        let name = try opts.pieceName(default: "vinyl")
        let accessibilityName = try opts.string(declared: "accessibilityName")
        let piece = VinylPiece(context: stage, name: name, isPlaying: try opts.boolean(declared: "isPlaying"),
                                          player: player, rpm: try rpm(opts) ?? Vinyl.defaultRPM,
                                          ramp: ramp, frame: try frame(opts, current: nil),
                                          accessibilityName: accessibilityName)
        do { try stage.add(piece) } catch { throw c.refusal("\(error)") }
        return piece
    }

    /// `rpm`: any number. Beyond ±1000 it is held there; NaN or an infinity turns the disc at 0, as the piece does.
    static func rpm(_ opts: Options) throws -> Double? {
        switch opts.table["rpm"] {
        case .nil: return nil
        case .number(let n): return n
        default:
            throw opts.optionError("rpm", opts.mustBe("rpm"))
        }
    }

    /// `x, y, w, h` (all four, sizes at least 0 as `w` and `h` declare); `current` when none is given.
    static func frame(_ opts: Options, current: Rect?) throws -> Rect? {
        let keys = ["x", "y", "w", "h"]
        let given = keys.filter { opts.has($0) }
        guard !given.isEmpty else { return current }
        guard given.count == 4 else {
            let missing = keys.filter { !given.contains($0) }.map { "'\($0)'" }.joined(separator: ", ")
            throw opts.refusal("a frame needs all of x, y, w and h; \(missing) missing")
        }
        let x = try opts.number("x") ?? 0
        let y = try opts.number("y") ?? 0
        // Sizes of at least 0: the options' declared bounds, which the read enforces.
        let w = try opts.number("w") ?? 0
        let h = try opts.number("h") ?? 0
        return Rect(x: x, y: y, width: w, height: h)
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<VinylPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)

        // set{ isPlaying = ..., rpm = ..., x, y, w, h }: the app passes new parameters.
        cls.method("set", "The app passes new parameters",
                   [.arg("changes", OptionSpec.tableType(setOptions))]) { o, c in
            let opts = try c.options(1, declared: setOptions, optional: false)
            if opts.has("isPlaying"), o.value.player != nil {
                throw c.refusal("this disc follows its player; play or pause the player instead")
            }
            let playing = opts.has("isPlaying") ? try opts.boolean("isPlaying", default: false) : nil
            let rpm = try self.rpm(opts)
            let frame = try self.frame(opts, current: o.value.frame)
            if frame != o.value.frame { o.value.setFrame(frame) }
            if let rpm { o.value.setRPM(rpm) }
            if let playing { o.value.setPlaying(playing) }
            return 0
        }
        cls.reading("angle", unit: "deg", "The disc's turn", \.value.angle)
        cls.reading("speed", unit: "deg/s", "The turn speed now (0 under Reduce Motion)", \.value.speed)
        cls.reading("rpm", unit: "rpm", "Revolutions per minute at full speed", \.value.rpm)
        cls.reading("isEasing", "Whether the speed is changing", \.value.isEasing)
        cls.reading("isPlaying", "Whether the disc is meant to turn", \.value.isPlaying)
        cls.reading("name", "The piece's name in the frame log", \.value.name)
        cls.reading("updates", "integer",
                    "How many times the disc's timeline has updated") { o, c in c.push(Double(o.value.timeline.updateCount)); return 1 }
    }
}
