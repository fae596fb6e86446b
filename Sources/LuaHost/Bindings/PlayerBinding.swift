import CLua
import CLuaShim
import PieceKit

/// `s:player{ tracks = {...}, time, isPlaying, updateInterval, seekConfirmation, trackEnd }`: a media player on the
/// stage's clock, and the app's controls over it (`play`, `pause`, `toggle`, `seek`, `skip`, `load`), with what it
/// knows (`time`, `isPlaying`, the track) and every call a piece made to it (`calls()`).
enum PlayerBinding: StageMadeBinding {
    static let example = """
        { tracks = { { title = "A", artist = "B", duration = 100 }, { title = "Live", duration = 0 } }, isPlaying = true }
        """
    static let options: [OptionSpec] = [
        .init("tracks", "{title: string, artist?: string, duration: number}[]", required: true,
              missing: "a list of { title, artist, duration }; duration 0 is a live stream", "The queue, played from the first",
              must: "a list of tracks such as { { title = \"Slow Mornings\", artist = \"Aster Vale\", duration = 222 } }"),
        .init("time", number: 0, unit: "s", "Where the playhead starts", must: "a position in seconds"),
        .init("isPlaying", "boolean", default: "false", "Whether it starts playing"),
        .init("updateInterval", "number", unit: "s", "How often the player reports its time"),
        .init("seekConfirmation", "string|number", unit: "s",
              "When a seek is confirmed: \"immediately\", \"never\" or after a delay"),
        .init("trackEnd", choice: [MockPlayer.TrackEnd.stop, .advance].map(\.rawValue), default: MockPlayer.TrackEnd.stop.rawValue,
              "What happens at a track's end"),
        .init("name", "string", default: "player", "The name of the player's scheduled work",
              must: "a name for the player's scheduled work (a string)"),
    ]
    static let trackKeys = ["title", "artist", "duration"]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> MockPlayer {
        let opts = try c.options(1, declared: options, optional: false)
        let list = try opts.table(required: "tracks")
        let tracks = try self.tracks(list, c)
        let time = try opts.number(declared: "time")
        let isPlaying = try opts.boolean(declared: "isPlaying")
        let interval = try updateInterval(opts.table["updateInterval"], stage: stage, c)
        let confirmation = try seekConfirmation(opts.table["seekConfirmation"], c)
        let trackEnd = try opts.choice(declared: "trackEnd", MockPlayer.TrackEnd.self)
        let name = try opts.string("name") ?? "player"
        // What it copied (its tracks, its name) is counted with its stage by the constructor (`keep`).
        return MockPlayer(stage: stage, tracks: tracks, time: time, isPlaying: isPlaying, updateInterval: interval,
                          seekConfirmation: confirmation, trackEnd: trackEnd, name: name)
    }

    /// What a player keeps of `tracks` for as long as it lives, counted against the file's cap when `load` hands it
    /// a queue (on the safe side: a queue replaced by a later `load` stays counted).
    static func heldBytes(_ tracks: [MockPlayer.Track]) -> Int {
        tracks.reduce(0) { total, track in
            total + 64 + FrameSize.textBytes(count: track.title.utf8.count)
                + FrameSize.textBytes(count: track.artist.utf8.count)
        }
    }

    static func tracks(_ list: LuaTable, _ c: LuaCall) throws -> [MockPlayer.Track] {
        if !list.fields.isEmpty {
            throw c.optionError("tracks", "a list (1, 2, 3 …)", got: "a table with keys such as '\(list.keys[0])'")
        }
        return try list.array.enumerated().map { i, value in
            let what = "\(c.function): track \(i + 1)"
            guard case .table(let t) = value else {
                throw ArgumentErrors.value(what, mustBe: "a table { title, artist, duration }", got: value.typeName)
            }
            for key in t.keys where !trackKeys.contains(key) {
                throw ArgumentErrors.refusal(what, "unknown key '\(key)' (known: \(trackKeys.joined(separator: ", ")))")
            }
            guard case .string(let title) = t["title"] else {
                throw ArgumentErrors.inside(what, "'title'", mustBe: "a string", got: t["title"].typeName)
            }
            var artist = ""
            switch t["artist"] {
            case .nil: break
            case .string(let s): artist = s
            default: throw ArgumentErrors.inside(what, "'artist'", mustBe: "a string", got: t["artist"].typeName)
            }
            guard case .number(let duration) = t["duration"], !duration.isNaN else {
                throw ArgumentErrors.inside(what, "'duration'", mustBe: "a number of seconds (0 for a live stream)",
                                            got: t["duration"].typeName)
            }
            return MockPlayer.Track(title: title, artist: artist, duration: duration)
        }
    }

    /// 0.5, 1, any positive number of seconds, or "frame" (once per frame at the stage's rate).
    static func updateInterval(_ value: LuaValue, stage: Stage, _ c: LuaCall) throws -> MockPlayer.UpdateInterval {
        switch value {
        case .nil: return .seconds(0.5)
        case .string("frame"): return .everyFrame(fps: stage.fps)
        default:
            // A number above 0 (the bounds), else refused in the same words as any other value.
            return .seconds(try c.number(value, at: "option 'updateInterval'", bounds: .above(0),
                                         must: "a number of seconds above 0 or \"frame\""))
        }
    }

    /// A delay in seconds (0: at once), "immediately" or "never".
    static func seekConfirmation(_ value: LuaValue, _ c: LuaCall) throws -> MockPlayer.SeekConfirmation {
        switch value {
        case .nil, .string("immediately"): return .immediately
        case .string("never"): return .never
        default:
            // A number of 0 or more (the bounds), else refused in the same words as any other value.
            let s = try c.number(value, at: "option 'seekConfirmation'", bounds: .atLeast(0),
                                 must: "a delay in seconds (0 or more), \"immediately\" or \"never\"")
            return s == 0 ? .immediately : .after(s)
        }
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<MockPlayer>>, context: BindingContext) {
        // The app's own controls: they act without being recorded as the piece's calls.
        cls.method("play",
                   "Plays, as the app's own control would (not recorded as a piece's call)") { o, c in try c.refuseChange(on: o.stage, "play"); o.value.play(); return 0 }
        cls.method("pause",
                   "Pauses, as the app's own control would") { o, c in try c.refuseChange(on: o.stage, "pause"); o.value.pause(); return 0 }
        cls.method("toggle",
                   "Plays or pauses, as the app's own control would") { o, c in try c.refuseChange(on: o.stage, "toggle"); o.value.toggle(); return 0 }
        cls.method("seek", "Moves the playhead to a position", [.arg("seconds", "number", "s", must: "a position in seconds")]) { o, c in
            let position = try c.number(1)
            try c.refuseChange(on: o.stage, "seek")
            o.value.seek(to: position)
            return 0
        }
        cls.method("skip", "Skips to the next or previous track",
                   [.arg("direction", "\"next\"|\"previous\"", choice: ["next", "previous"], must: "\"next\" or \"previous\"")]) { o, c in
            let direction = try c.choice(1, SkipDirection.self)
            try c.refuseChange(on: o.stage, "skip")
            o.value.skip(direction)
            return 0
        }
        // load(tracks [, index]): a new queue, from track `index` (1-based) at 0.
        cls.method("load", "A new queue, played from track index (1-based) at 0",
                   [.arg("tracks", "{title: string, artist?: string, duration: number}[]", must: "a list of tracks { title, artist, duration }"),
                    .opt("index", "integer", default: 1, must: "a track number from 1")]) { o, c in
            guard case .table(let list) = try c.value(1) else { throw c.argumentError(1) }
            let tracks = try self.tracks(list, c)
            try context.charge(heldBytes(tracks))
            let index = try c.integer(2)
            try c.refuseChange(on: o.stage, "load a queue")
            o.value.load(tracks, at: max(index, 1) - 1)
            return 0
        }
        // calls(): every call a piece made, oldest first: { name = "onSeek", at = 1.2, time = 166.5 }.
        cls.method("calls", "Every call a piece made on the player, oldest first",
                   returns: "{name: string, at: number, time?: number}[]") { o, c in
            LuaValue.table(LuaTable(array: o.value.calls.map(callValue))).push(c.L)
            return 1
        }
        cls.reading("time", unit: "s", "The playhead now", \.value.time)
        cls.reading("reportedTime", unit: "s", "The playhead as the player last reported it", \.value.reportedTime)
        cls.reading("duration", unit: "s", "The track's duration (0 for a live stream)", \.value.duration)
        cls.reading("isPlaying", "Whether it plays", \.value.isPlaying)
        cls.reading("isLive", "Whether the track is a live stream", \.value.isLive)
        cls.reading("hasPendingSeek", "Whether a seek waits for the player to confirm it", \.value.hasPendingSeek)
        cls.reading("title", "The track's title", \.value.title)
        cls.reading("artist", "The track's artist", \.value.artist)
        cls.reading("track", "integer?", "The track playing (1-based), nil with none") { o, c in
            if let i = o.value.trackIndex { c.push(Double(i + 1)) } else { c.pushNil() }
            return 1
        }
        cls.reading("count", "integer",
                    "How many tracks are queued") { o, c in c.push(Double(o.value.tracks.count)); return 1 }
    }

    static func callValue(_ call: MockPlayer.Call) -> LuaValue {
        var fields: [(String, LuaValue)] = [("at", .number(call.at)), ("name", .string(call.name))]
        switch call.kind {
        case .playPause: break
        case .skip(let direction): fields.append(("direction", .string(direction.rawValue)))
        case .seek(let time): fields.append(("time", .number(time)))
        }
        return .table(LuaTable(fields: fields.sorted { $0.0 < $1.0 }))
    }

}
