/// A media player for pieces to be bound to: a queue of tracks, play and pause, seeks and skips, on the virtual
/// clock.
///
/// The time is never summed tick by tick: while playing it is `base + (now − since)`, rebased at every change, so it
/// is exact at any instant whatever the update interval. What the piece sees is different on purpose: the player
/// *reports* its time only at its update interval (and at every change of state), as an app's timer would, so the
/// piece's easing between updates can be tested.
///
/// All timed work goes through the `Scheduler`. The periodic updates and the end of a track are background work: a
/// playing player is never "done", so a stage's settle must not wait for them. Made with `init(stage:…)` the player
/// schedules through `Stage.schedule(at:label:background:_:)`, which knows that; on a bare scheduler their labels
/// start with `backgroundLabelPrefix` instead. A seek confirmation is ordinary work: it answers the piece.
///
/// Calls from the piece (`onPlayPause`, `onSkip`, `onSeek`) are recorded in `calls`, then acted on; calls from a
/// script (`play`, `pause`, `seek`, `skip`) act without being recorded, since they are the app's, not the piece's.
public final class MockPlayer {
    /// Labels of work a stage's settle should not wait for start with this.
    public static let backgroundLabelPrefix = "background: "

    /// Whether a scheduler label names background work.
    public static func isBackground(label: String) -> Bool { label.hasPrefix(backgroundLabelPrefix) }

    public let scheduler: Scheduler
    /// Where timed work goes: the bare scheduler, or a stage that tracks background work.
    private weak var stage: Stage?
    /// Names this player's scheduled work, so a settle that gives up can say whose it is.
    public let name: String
    public var updateInterval: UpdateInterval {
        didSet { restartTicks(from: now) }
    }
    public var seekConfirmation: SeekConfirmation
    public var trackEnd: TrackEnd

    public private(set) var tracks: [Track]
    /// The current track's place in the queue; nil exactly when the queue is empty.
    public private(set) var trackIndex: Int?
    public private(set) var isPlaying = false

    /// The position at `since`; playback moves on from there.
    private var base: Double = 0
    private var since: Double = 0
    /// Ticks fall at `tickOrigin + k · interval`: the phase is set when play starts, like a timer started then,
    /// and is kept across seeks and skips.
    private var tickOrigin: Double = 0
    private var tickIndex = 0
    private var tickID: ScheduledID?
    private var endID: ScheduledID?
    /// Bumped by every skip or queue change, so a seek confirmation meant for the old track is dropped.
    private var trackGeneration = 0
    private var pendingSeeks = 0

    /// The latest time the piece was told, and the report that told it.
    public private(set) var reportedTime: Double = 0
    public private(set) var lastReport: Report?
    private var observers: [(Report) -> Void] = []

    /// Every call the piece made, oldest first.
    public private(set) var calls: [Call] = []
    private var callsTaken = 0

    public init(scheduler: Scheduler, tracks: [Track], time: Double = 0, isPlaying: Bool = false,
                updateInterval: UpdateInterval = .seconds(0.5), seekConfirmation: SeekConfirmation = .immediately,
                trackEnd: TrackEnd = .stop, name: String = "player") {
        self.scheduler = scheduler
        self.tracks = tracks
        self.updateInterval = updateInterval
        self.seekConfirmation = seekConfirmation
        self.trackEnd = trackEnd
        self.name = name
        trackIndex = tracks.isEmpty ? nil : 0
        let start = scheduler.currentTime
        base = clampToTrack(time.isFinite ? time : 0)
        since = start
        reportedTime = base
        if isPlaying, trackIndex != nil { startPlaying(at: start, reason: nil) }
    }

    /// A player on a stage: its updates and track ends are the stage's background work.
    public convenience init(stage: Stage, tracks: [Track], time: Double = 0, isPlaying: Bool = false,
                            updateInterval: UpdateInterval = .seconds(0.5),
                            seekConfirmation: SeekConfirmation = .immediately, trackEnd: TrackEnd = .stop,
                            name: String = "player") {
        self.init(scheduler: stage.scheduler, tracks: tracks, time: time, isPlaying: false,
                  updateInterval: updateInterval, seekConfirmation: seekConfirmation, trackEnd: trackEnd, name: name)
        self.stage = stage
        if isPlaying, trackIndex != nil { startPlaying(at: now, reason: nil) }
    }

    // MARK: Reading

    private var now: Double { scheduler.currentTime }

    public var currentTrack: Track? {
        guard let trackIndex, tracks.indices.contains(trackIndex) else { return nil }
        return tracks[trackIndex]
    }

    /// The current track's title, or "" with an empty queue (which the piece shows as untitled).
    public var title: String { currentTrack?.title ?? "" }
    public var artist: String { currentTrack?.artist ?? "" }
    /// The current track's duration; 0 (a live stream, to the piece) with an empty queue.
    public var duration: Double { currentTrack?.duration ?? 0 }
    public var isLive: Bool { currentTrack?.isLive ?? true }

    /// The exact position at virtual time `t`, held within the track (from 0, and up to its end unless live).
    public func time(at t: Double) -> Double {
        let running = isPlaying ? base + max(t - since, 0) : base
        return clampToTrack(running)
    }

    /// The exact position now.
    public var time: Double { time(at: now) }

    /// True while a seek confirmation is still to come: work a stage's settle should wait for.
    public var hasPendingSeek: Bool { pendingSeeks > 0 }

    // MARK: Observing

    /// `handler` is told every report from now on: periodic ticks and every change of state.
    public func observe(_ handler: @escaping (Report) -> Void) {
        observers.append(handler)
    }

    /// The calls made since the last time this was asked, for one frame's events.
    public func takeNewCalls() -> [Call] {
        let fresh = Array(calls.dropFirst(callsTaken))
        callsTaken = calls.count
        return fresh
    }

    // MARK: The piece's callbacks

    /// The piece's `onPlayPause`: recorded, then the player toggles.
    public func onPlayPause() {
        calls.append(Call(at: now, kind: .playPause))
        toggle()
    }

    /// The piece's `onSkip`: recorded, then the player skips.
    public func onSkip(_ direction: SkipDirection) {
        calls.append(Call(at: now, kind: .skip(direction)))
        skip(direction)
    }

    /// The piece's `onSeek`: recorded as given, then the player seeks (per `seekConfirmation`).
    public func onSeek(_ target: Double) {
        calls.append(Call(at: now, kind: .seek(target)))
        seek(to: target)
    }

    // MARK: Controlling

    /// Starts playback. Does nothing when already playing or when the queue is empty (nothing to play).
    public func play() {
        guard !isPlaying, trackIndex != nil else { return }
        var position = time(at: now)
        // Play at the very end of a track starts it again, as players do.
        if let track = currentTrack, !track.isLive, position >= track.duration { position = 0 }
        base = position
        startPlaying(at: now, reason: .play)
    }

    public func pause() {
        guard isPlaying else { return }
        rebase(at: now)
        isPlaying = false
        cancelTimedWork()
        report(.pause, at: now)
    }

    public func toggle() {
        if isPlaying { pause() } else { play() }
    }

    /// Moves to `target` (held within the track) now, later or never, per `seekConfirmation`. A NaN target and any
    /// seek on a live stream or an empty queue are ignored: there is no position to move to.
    public func seek(to target: Double) {
        guard !target.isNaN, !isLive else { return }
        switch seekConfirmation {
        case .immediately:
            land(seekTo: target, at: now)
        case .after(let delay):
            let due = now + (delay.isFinite ? max(delay, 0) : 0)
            let generation = trackGeneration
            pendingSeeks += 1
            schedule(at: due, label: "\(name): seek to \(target)", background: false) { [weak self] in
                guard let self else { return }
                self.pendingSeeks -= 1
                guard generation == self.trackGeneration else { return }
                self.land(seekTo: target, at: due)
            }
        case .never:
            break
        }
    }

    /// The previous or next track, wrapping around the queue, from 0; playing or paused as before. Any seek still
    /// to be confirmed was for the old track and is dropped.
    public func skip(_ direction: SkipDirection) {
        guard let index = trackIndex, !tracks.isEmpty else { return }
        let count = tracks.count
        trackIndex = direction == .next ? (index + 1) % count : (index + count - 1) % count
        trackGeneration += 1
        base = 0
        since = now
        if isPlaying { scheduleEnd() }
        report(.skip, at: now)
    }

    /// Replaces the queue and starts at `index` (held within it) from 0. Playback stops with an empty queue.
    public func load(_ newTracks: [Track], at index: Int = 0) {
        tracks = newTracks
        trackGeneration += 1
        trackIndex = newTracks.isEmpty ? nil : min(max(index, 0), newTracks.count - 1)
        base = 0
        since = now
        if trackIndex == nil {
            isPlaying = false
            cancelTimedWork()
        } else if isPlaying {
            scheduleEnd()
        }
        report(.queue, at: now)
    }

    // MARK: Inside

    /// Held within the track: from 0, and to the end of a track that has one. NaN is 0, and so is +∞ on a live
    /// stream, which has no end to stand on.
    private func clampToTrack(_ t: Double) -> Double {
        guard !t.isNaN, t > 0 else { return 0 }
        guard let track = currentTrack, !track.isLive else { return t.isFinite ? t : 0 }
        return min(t, track.duration)
    }

    /// Folds the time played so far into `base`, so the arithmetic restarts from `t`.
    private func rebase(at t: Double) {
        base = time(at: t)
        since = t
    }

    private func startPlaying(at t: Double, reason: ReportReason?) {
        isPlaying = true
        since = t
        restartTicks(from: t)
        scheduleEnd()
        if let reason { report(reason, at: t) }
    }

    private func land(seekTo target: Double, at t: Double) {
        since = t
        base = clampToTrack(target)
        if isPlaying { scheduleEnd() }
        report(.seek, at: t)
    }

    @discardableResult
    private func schedule(at time: Double, label: String, background: Bool,
                          _ work: @escaping () -> Void) -> ScheduledID {
        if let stage { return stage.schedule(at: time, label: label, background: background, work) }
        return scheduler.schedule(at: time, label: background ? Self.backgroundLabelPrefix + label : label, work)
    }

    private func cancelWork(_ id: ScheduledID) {
        if let stage { stage.cancel(id) } else { scheduler.cancel(id) }
    }

    private func cancelTimedWork() {
        if let tickID { cancelWork(tickID) }
        if let endID { cancelWork(endID) }
        tickID = nil
        endID = nil
    }

    private func restartTicks(from t: Double) {
        if let tickID { cancelWork(tickID) }
        tickID = nil
        tickOrigin = t
        tickIndex = 0
        scheduleTick()
    }

    /// The next periodic report, at a multiple of the interval from the origin (multiplied, never summed).
    private func scheduleTick() {
        guard isPlaying, let interval = updateInterval.seconds else { return }
        tickIndex += 1
        let due = tickOrigin + Double(tickIndex) * interval
        tickID = schedule(at: due, label: "\(name) update", background: true) { [weak self] in
            guard let self else { return }
            self.tickID = nil
            self.report(.tick, at: due)
            self.scheduleTick()
        }
    }

    /// The end of the current track at the current rate, if it has one.
    private func scheduleEnd() {
        if let endID { cancelWork(endID) }
        endID = nil
        guard isPlaying, let track = currentTrack, !track.isLive else { return }
        let due = since + max(track.duration - base, 0)
        endID = schedule(at: due, label: "\(name) track end", background: true) { [weak self] in
            guard let self else { return }
            self.endID = nil
            self.reachEnd(at: due)
        }
    }

    private func reachEnd(at t: Double) {
        switch trackEnd {
        case .stop:
            base = duration
            since = t
            isPlaying = false
            cancelTimedWork()
        case .advance:
            guard let index = trackIndex, !tracks.isEmpty else { return }
            trackIndex = (index + 1) % tracks.count
            trackGeneration += 1
            base = 0
            since = t
            scheduleEnd()
        }
        report(.trackEnd, at: t)
    }

    private func report(_ reason: ReportReason, at t: Double) {
        let value = Report(at: t, reason: reason, time: time(at: t), isPlaying: isPlaying, trackIndex: trackIndex)
        reportedTime = value.time
        lastReport = value
        for observer in observers { observer(value) }
    }
}

/// The built-in player pieces are bound to (they see it only as a `MediaPlayer`).
extension MockPlayer: MediaPlayer {}
