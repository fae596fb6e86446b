import CLua
import CLuaShim
import PieceKit

/// `s:borderBeam{ x, y, w, h, radius = 28 }` or `shape = "capsule"`, with `lap`, `tail`, `width`, `bloom`,
/// `start` or `starts = { 0, 0.5 }`, and `name`: light travelling round a shape. Reading: `b.heads`.
enum BorderBeamBinding: StageMadeBinding {
    static let example = "{ x = 20, y = 100, w = 200, h = 100, radius = 28, starts = { 0, 0.5 } }"
    static let options: [OptionSpec] = [
        .init("x", "number", unit: "pt", "The frame's left edge", must: "a finite number of points"),
        .init("y", "number", unit: "pt", "The frame's top edge", must: "a finite number of points"),
        .init("w", "number", unit: "pt", bounds: .atLeast(0, must: "a width in points of at least 0"), "The frame's width",
              must: "a finite number of points"),
        .init("h", "number", unit: "pt", bounds: .atLeast(0, must: "a height in points of at least 0"), "The frame's height",
              must: "a finite number of points"),
        .init("radius", "number", unit: "pt", bounds: .atLeast(0),
              "The rounded rectangle's corner radius (or shape = \"capsule\")", must: "a corner radius in points"),
        .init("shape", "\"capsule\"|\"roundedRectangle\"", "The shape the light travels round",
              must: "\"capsule\" or \"roundedRectangle\"").choosing(["capsule", "roundedRectangle"]),
        .init("lap", number: BorderBeam.defaultLap, unit: "s", bounds: .above(0, must: "above 0 seconds"), "Seconds per lap",
              must: "a number of seconds per lap"),
        .init("tail", number: BorderBeam.defaultTail, bounds: .between(0, 1, must: "a fraction of the path from 0 to 1"),
              "The tail's length, as a fraction of the path", must: "a fraction of the path"),
        .init("width", number: BorderBeam.defaultWidth, unit: "pt", bounds: .atLeast(0),
              "The line's width", must: "a line width in points"),
        .init("bloom", number: BorderBeam.defaultBloom, unit: "pt", bounds: .atLeast(0),
              "The glow's blur radius (0: no glow)", must: "a blur radius in points (0: no glow)"),
        .init("start", "number", "Where the one beam starts, as a fraction of the path",
              must: "a fraction of the path"),
        .init("starts", "number[]", default: "{ 0 }", "Where each beam starts, as fractions of the path",
              must: "a list of fractions such as { 0, 0.5 }"),
        .init("color", "string", default: "\"white\"",
              "The beam's colour: a SwiftUI colour's name (\"accent\" on light glass) or #RRGGBB[AA]",
              must: "a colour name such as \"white\" or \"accent\", or #RRGGBB"),
        .init("name", "string", default: "borderBeam", "The piece's name in the frame log"),
    ]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> BorderBeamPiece {
        let opts = try c.options(1, declared: options, optional: false)
        guard let frame = try VinylBinding.frame(opts, current: nil) else {
            throw c.refusal("the beam needs its shape's frame: give x, y, w and h")
        }
        let shape: BeamPath.Shape
        // The shape's name is one of its declared choices (the read refuses any other).
        switch (try opts.string("shape"), try opts.number("radius")) {
        case ("capsule", nil): shape = .capsule
        case ("capsule", _?):
            throw c.refusal("a capsule's radius is half its shorter side; leave 'radius' out")
        case (_, let radius?):
            shape = .roundedRectangle(radius: radius)
        case (_, nil):
            throw c.refusal("give the shape: radius = 28 (a rounded rectangle) or shape = \"capsule\"")
        }
        let lap = try opts.number(declared: "lap")
        let tail = try opts.number(declared: "tail")
        let width = try opts.number(declared: "width")
        let bloom = try opts.number(declared: "bloom")
        let starts = try self.starts(opts, c)
        let color = try opts.string("color") ?? BorderBeam.defaultColor
        guard BorderBeam.isColor(color) else {
            throw c.optionError("color", "a colour name (" + BorderBeam.colorNames.sorted().joined(separator: ", ")
                                + ") or #RRGGBB[AA]", got: "\"\(ReportText.clip(color, limit: 40))\"")
        }
        let name = try opts.pieceName(default: "borderBeam")
        let piece = BorderBeamPiece(context: stage, name: name, shape: shape, frame: frame, lap: lap, tail: tail,
                                    width: width, bloom: bloom, color: color, starts: starts)
        do { try stage.add(piece) } catch {
            piece.timeline.stop()
            throw c.refusal("\(error)")
        }
        return piece
    }

    /// `start = 0.5` (one beam) or `starts = { 0, 0.5 }` (one beam each); default one beam at 0.
    static func starts(_ opts: Options, _ c: LuaCall) throws -> [Double] {
        if let start = try opts.number("start") {
            guard !opts.has("starts") else {
                throw c.refusal("give 'start' (one beam) or 'starts' (a list), not both")
            }
            return [start]
        }
        guard let list = try opts.table("starts") else { return [0] }
        guard list.fields.isEmpty, !list.array.isEmpty, list.array.count <= 16 else {
            throw opts.optionError("starts", "a list of 1 to 16 fractions such as { 0, 0.5 }",
                                   got: list.fields.first.map { "a table with key '\($0.0)'" } ?? "a list of \(list.array.count)")
        }
        return try list.array.enumerated().map { i, value in
            guard case .number(let n) = value, n.isFinite else {
                throw c.valueError("starts[\(i + 1)]", "a finite number", got: value.described())
            }
            return n
        }
    }

    static func describe(_ cls: LuaClass<Bound<BorderBeamPiece>>, context: BindingContext) {
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        // The heads as last drawn, one per beam, 0…1 along the path.
        cls.reading("heads", "number[]", "The heads as last drawn, one per beam, 0 to 1 along the path") { o, c in
            c.push(.table(LuaTable(array: o.value.heads.map { .number($0) })))
            return 1
        }
        cls.reading("length", "number",
                    unit: "pt", "The path's length") { o, c in c.push(o.value.path.length); return 1 }
    }
}
