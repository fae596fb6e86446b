import Foundation
import LuaHost
import PieceKit

/// One stage of a frame log, read back for pictures: the stage's size, every frame's elements as rects, the events.
struct FilmLog {
    struct Element {
        var piece: String
        var name: String
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        var radius = 0.0
        var opacity = 1.0
        var scale = 1.0
        var text: String?
        var glass = false
        var hasRect = false
        var path: String { piece + "." + name }
        /// Whether the frame shows it: a rect with an area, not faded out. Only `opacity` hides an element: flags such
        /// as NowPlaying's `shown` (which layout the surface is heading for) are attributes, not visibility.
        var isSeen: Bool { hasRect && w > 0 && h > 0 && opacity > 0.01 }
        /// Whether this rect holds `other`'s and is larger (an equal rect holds nothing: the piece's order decides).
        func holds(_ other: Element) -> Bool {
            let slack = 0.5
            return x <= other.x + slack && y <= other.y + slack && x + w >= other.x + other.w - slack
                && y + h >= other.y + other.h - slack && w * h > other.w * other.h + 1e-9
        }
    }

    /// The most elements of one frame whose containers are found (at most 400² comparisons a frame).
    static let layeringLimit = 400

    /// One element as drawn: `backdrop` when it covers the whole screen and holds other elements seen in the same
    /// frame (the app's content under a mini player, a player's full-screen background): what lies on it is the picture.
    struct Layer {
        var element: Element
        var backdrop: Bool
    }

    struct Frame {
        var index: Int
        var time: Double
        var elements: [Element]
        /// Pieces whose glass shapes merge in this frame (a group element says `merging`).
        var merging: Set<String>
        /// The glass group's spacing by piece: shapes closer than this flow together.
        var spacing: [String: Double]
        var events: [(kind: String, piece: String, detail: String)]
        var line: String

        /// What the frame shows, back to front, for every picture (the filmstrip and the timeline page alike): the
        /// elements seen, in the order the pieces give them, except that an element is drawn behind every element
        /// that holds it (a screen-sized `content`, a bar's glass) so a container never paints over its contents.
        /// Quadratic in the elements of one frame (pictures only, never the run's per-frame path), so a frame showing
        /// more than `layeringLimit` elements keeps the pieces' order alone: a picture of a huge log still comes out.
        func layers(width: Double, height: Double) -> [Layer] {
            let seen = elements.filter(\.isSeen)
            var depth = [Int](repeating: 0, count: seen.count)
            var holdsAny = [Bool](repeating: false, count: seen.count)
            for i in seen.indices where seen.count <= FilmLog.layeringLimit {
                for j in seen.indices where i != j && seen[i].holds(seen[j]) {
                    depth[j] += 1
                    holdsAny[i] = true
                }
            }
            // Stable: equal depths keep the pieces' order.
            let order = seen.indices.sorted { depth[$0] != depth[$1] ? depth[$0] < depth[$1] : $0 < $1 }
            return order.map { i in
                let e = seen[i]
                let screen = e.x <= 0.5 && e.y <= 0.5 && e.x + e.w >= width - 0.5 && e.y + e.h >= height - 0.5
                return Layer(element: e, backdrop: screen && holdsAny[i])
            }
        }
    }

    /// A label for legends: the file's name.
    var name: String
    var test: String?
    var width = 393.0
    var height = 852.0
    /// The corner radius the picture's screen is drawn with: a phone's, or none for a piece's room (`zoomed`).
    var screenRadius = FilmSVG.screenRadius
    /// True for a piece's room (`zoomed`): a picture draws it as large as it would draw a phone's screen.
    var isRoom = false
    var frames: [Frame] = []

    struct Problem: Error, CustomStringConvertible { let description: String }

    /// Reads `path` (a frame log) and takes the stage `stage` (from 1) of the first test whose name contains `test`
    /// (of the first test with frames when nil).
    static func read(_ path: String, test: String?, stage: Int) throws -> FilmLog {
        // Only a regular file, opened without waiting: a named pipe given as a log must not hang the command.
        let data: Data
        switch RegularFile.read(path) {
        case .success(let read): data = read
        case .failure(let problem): throw Problem(description: "cannot read \(path): \(problem.reason)")
        }
        return try parse(String(decoding: data, as: UTF8.self), name: (path as NSString).lastPathComponent, test: test, stage: stage)
    }

    static func parse(_ text: String, name: String, test: String?, stage: Int) throws -> FilmLog {
        let parts = FrameLogParts(text: text)
        let withFrames = parts.parts.filter { $0.stages.contains { !$0.frames.isEmpty } }
        let part: FrameLogParts.Part
        if let test {
            guard let found = withFrames.first(where: { $0.test == test })
                    ?? withFrames.first(where: { ($0.test ?? "").contains(test) }) else {
                let names = withFrames.map { "\"\($0.test ?? "(top level)")\"" }.joined(separator: ", ")
                throw Problem(description: "\(name): no test with frames whose name contains \"\(test)\" (tests with frames: \(names.isEmpty ? "none" : names))")
            }
            part = found
        } else {
            guard let first = withFrames.first else { throw Problem(description: "\(name): the log has no frames") }
            part = first
        }
        guard stage >= 1, stage <= part.stages.count else {
            throw Problem(description: "\(name): test \"\(part.test ?? "(top level)")\" has \(part.stages.count) stage(s); --stage \(stage) is not one of them")
        }
        let s = part.stages[stage - 1]
        var log = FilmLog(name: name, test: part.test)
        if let header = JSONValue.parse(s.header), let size = header["stage"] {
            log.width = size["width"]?.number ?? log.width
            log.height = size["height"]?.number ?? log.height
        }
        log.frames = s.frames.compactMap { frame(from: $0) }
        guard !log.frames.isEmpty else { throw Problem(description: "\(name): the chosen stage has no frames") }
        return log
    }

    static func frame(from f: FrameLogParts.Frame) -> Frame? {
        guard let value = JSONValue.parse(f.line) else { return nil }
        var out = Frame(index: f.index, time: f.time, elements: [], merging: [], spacing: [:], events: [], line: f.line)
        if case .object(let pieces)? = value["pieces"] {
            for (piece, body) in pieces {
                guard case .object(let elements) = body else { continue }
                for (name, props) in elements {
                    guard case .object(let fields) = props else { continue }
                    var e = Element(piece: piece, name: name)
                    var keys = Set<String>()
                    for (key, v) in fields {
                        keys.insert(key)
                        switch (key, v) {
                        case ("x", .number(let n)): e.x = n
                        case ("y", .number(let n)): e.y = n
                        case ("w", .number(let n)): e.w = n
                        case ("h", .number(let n)): e.h = n
                        case ("radius", .number(let n)): e.radius = n
                        case ("opacity", .number(let n)): e.opacity = n
                        case ("scale", .number(let n)): e.scale = n
                        case ("text", .string(let s)), ("glyph", .string(let s)): e.text = e.text ?? s
                        case ("material", .string(let s)): e.glass = s == "glass"
                        case ("merging", .bool(let b)): if b { out.merging.insert(piece) }
                        case ("spacing", .number(let n)): out.spacing[piece] = n
                        default: break
                        }
                    }
                    e.hasRect = keys.isSuperset(of: ["x", "y", "w", "h"])
                    out.elements.append(e)
                }
            }
        }
        if case .array(let events)? = value["events"] {
            for event in events {
                var kind = "event", piece = ""
                if case .string(let k)? = event["kind"] { kind = k }
                if case .string(let p)? = event["piece"] { piece = p }
                var detail: [String] = []
                if case .object(let fields)? = event["detail"] {
                    for (k, v) in fields {
                        switch v {
                        case .string(let s): detail.append("\(k): \(s)")
                        case .number(let n): detail.append("\(k): \(JSONNumberFormat(decimals: 3).format(n))")
                        case .bool(let b): detail.append("\(k): \(b)")
                        default: break
                        }
                    }
                }
                out.events.append((kind, piece, detail.joined(separator: ", ")))
            }
        }
        return out
    }

    /// A number property over the stage (`nowPlaying.surface.h`), as (time, value) pairs.
    func series(_ path: String) -> [(time: Double, value: Double)] {
        frames.compactMap { f in
            guard let value = JSONValue.parse(f.line) else { return nil }
            return Self.number(at: path, in: value).map { (f.time, $0) }
        }
    }

    /// `piece.element.property`, where the element's name may hold dots (`title.letter.3`).
    static func number(at path: String, in line: JSONValue) -> Double? {
        guard let first = path.firstIndex(of: "."), let last = path.lastIndex(of: "."), first < last,
              let piece = line["pieces"]?[String(path[..<first])] else { return nil }
        return piece[String(path[path.index(after: first)..<last])]?[String(path[path.index(after: last)...])]?.number
    }

    /// The frames at the times asked for: for each, the first frame at or after it (the last frame past the end).
    func frames(at times: [Double]) -> [Frame] {
        times.compactMap { t in frames.first { $0.time >= t - 1e-9 } ?? frames.last }
    }
}

extension FilmLog {
    /// The margin left around a piece's room when a picture zooms to it (`piecebox film --piece`).
    static let zoomMargin = 16.0

    /// The room a piece's drawn elements take over the whole log, with `zoomMargin` around it: the union of every
    /// seen element's rect in every frame. A piece with nothing drawn is an error naming the pieces that are.
    func room(of piece: String) throws -> (x: Double, y: Double, w: Double, h: Double) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var drawn = Set<String>()
        for frame in frames {
            for e in frame.elements where e.isSeen && e.x.isFinite && e.y.isFinite && e.w.isFinite && e.h.isFinite {
                drawn.insert(e.piece)
                guard e.piece == piece else { continue }
                minX = min(minX, e.x); minY = min(minY, e.y)
                maxX = max(maxX, e.x + e.w); maxY = max(maxY, e.y + e.h)
            }
        }
        guard minX.isFinite, minY.isFinite, maxX > minX, maxY > minY else {
            let names = drawn.sorted().map { "\"\(ReportText.escaped($0))\"" }.joined(separator: ", ")
            throw Problem(description: "--piece: \"\(ReportText.escaped(piece))\" draws nothing in \(name)"
                + (names.isEmpty ? "" : " (pieces drawn there: \(names))"))
        }
        let m = Self.zoomMargin
        return (minX - m, minY - m, maxX - minX + 2 * m, maxY - minY + 2 * m)
    }

    /// The same log seen through `room`: every element moved by the room's corner, the screen as large as the room.
    func zoomed(to room: (x: Double, y: Double, w: Double, h: Double)) -> FilmLog {
        var out = self
        out.width = room.w
        out.height = room.h
        out.screenRadius = 0
        out.isRoom = true
        for f in out.frames.indices {
            for e in out.frames[f].elements.indices {
                out.frames[f].elements[e].x -= room.x
                out.frames[f].elements[e].y -= room.y
            }
        }
        return out
    }
}
