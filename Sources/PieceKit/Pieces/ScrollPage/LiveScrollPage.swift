/// Told whenever a live page moves or its selection changes, so a piece bound to it (the island) can react the way
/// a SwiftUI view reacts to its `scrollPosition(id:)` binding and `onScrollGeometryChange`.
public protocol ScrollPageObserver: AnyObject {
    func pageDidChange(_ page: any ScrollSource, on context: any PieceContext)
}

/// A `ScrollPage` alive on a stage: it owns the page value, moves it frame by frame on the stage's clock (a finger
/// dragging it, a fling coasting, a programmatic scroll to a section), and publishes it as a piece ("page") so every
/// frame logs where the content is.
///
/// **The binding.** `selection` is the value `scrollPosition(id:anchor: .top)` shares with the app. While the reader
/// scrolls (a drag, a fling, a scroll to an offset) it follows the section at the top anchor, frame by frame. When
/// the app writes it (`select(_:animation:)`: a pick, a scrub, back to top) the page goes to that section, at once
/// or with the given animation, and the binding keeps what the app wrote even where the page cannot bring that
/// section to the anchor (the last sections of a page).
///
/// **Timing.** All motion is sampled by scheduled work at frame times and applied with no animation, so the page's
/// published numbers are exact at every frame whatever transaction is running; the ticks are ordinary (blocking)
/// work, so a stage's `settle` waits for a fling to stop.
public final class LiveScrollPage {
    public let name: String
    /// The page as it rests (the last resting offset and the binding). Every change of it, in place or whole, drops
    /// the kept box and reading, so neither can miss one.
    public private(set) var page: ScrollPage {
        didSet {
            keptPage = nil
            keptReading = nil
        }
    }
    /// `page` boxed (`pageBox`), made on the first ask after it changed.
    private var keptPage: Boxed<ScrollPage>?
    /// The page read at once (`reading`), made on the first read after `page` or `offset` changed.
    private var keptReading: ScrollReading?
    /// `section.1`…, named once per number of sections rather than on every frame.
    let sectionNames = SectionNames()
    /// The offset on screen now (mid-drag, mid-fling, past an edge while it bounces).
    public private(set) var offset: Double {
        didSet { keptReading = nil }
    }
    weak var context: (any PieceContext)?
    var motion: Motion?
    var tick: ScheduledID?
    /// Bumped by every change of `offset`: the published numbers watch it with no animation, so they snap even
    /// when a piece reacting to the page changes state inside an animated transaction.
    var version = 0
    private var observers: [WeakObserver] = []
    /// The finger's drag, while one is down.
    var drag: ScrollPageDrag?

    /// What moves the page now.
    enum Motion {
        /// A fling let go at `begin` (a frame time); the reader's scroll, so the selection follows the anchor.
        case fling(ScrollPageFling, begin: Double)
        /// A programmatic scroll carried by an animation. `reads`: whether the selection follows the anchor as it
        /// goes (a scroll to an offset) or keeps what the app wrote (a scroll to a section).
        case scroll(AnimatedValue, reads: Bool)
    }

    private struct WeakObserver {
        weak var value: (any ScrollPageObserver)?
    }

    /// A live page named `name`, resting where `page` rests. Add it to `stage` yourself (`stage.add(page)`).
    public init(page: ScrollPage, context: any PieceContext, name: String = "page") {
        self.name = name
        self.page = page
        self.offset = page.contentOffset
        self.context = context
    }

    // MARK: Reading

    public var selection: String? { page.selection }
    public var sections: [ScrollPage.Section] { page.sections }
    /// How much has been read at the offset on screen, as the seed's `onScrollGeometryChange` computes it.
    public var readFraction: Double { page.readFraction(atOffset: offset) }
    public var keyboardInset: Double { page.keyboardInset }
    /// The page in a box, the same box until the page changes: its elements' input compares the page by its box
    /// rather than field by field, and holds it without copying it.
    var pageBox: Boxed<ScrollPage> {
        if let keptPage { return keptPage }
        let made = Boxed(page)
        keptPage = made
        return made
    }
    /// Everything a bound piece reads of the page, read once per change of `page` or `offset` (the two things it is
    /// made from, whose every change drops it).
    public var reading: ScrollReading {
        if let keptReading { return keptReading }
        let made = ScrollReading(page, offset: offset)
        keptReading = made
        return made
    }
    /// True while a fling or an animated scroll is running.
    public var isMoving: Bool { motion != nil }
    /// The section at the top anchor now.
    public var sectionAtAnchor: String? { page.selectionID(atOffset: offset) }

    /// `observer` hears of every move and selection change from now on. Held weakly.
    public func observe(_ observer: any ScrollPageObserver) {
        observers.removeAll { $0.value == nil || $0.value === observer }
        observers.append(WeakObserver(value: observer))
    }

    // MARK: The binding

    /// The app writes the binding: the page goes to section `id`, with `animation` or at once (nil). An id the page
    /// doesn't have, or nil, is kept but moves nothing, as SwiftUI ignores it.
    public func select(_ id: String?, animation: Animation? = nil) {
        guard let context else { return }
        context.update { page.selection = id }
        if let id, let target = page.restingOffset(for: id) {
            move(to: target, animation: animation, reads: false)
        } else {
            notify()
        }
    }

    /// A programmatic scroll to `offset` (clamped to the page's range), with `animation` or at once. The reader's
    /// position, not the app's pick: the selection follows the anchor.
    public func scroll(toOffset target: Double, animation: Animation? = nil) {
        move(to: page.clamped(target), animation: animation, reads: true)
    }

    /// Lets the page go at `velocity` points per second down the page (positive reads on), from where it shows now.
    public func fling(velocity: Double) {
        guard let context else { return }
        stopMotion()
        startFling(velocity: velocity.isFinite ? velocity : 0, begin: context.changeBeginTime)
    }

    /// The keyboard's overlap with the bottom of the page; 0 puts it away. The page's end moves with it, and pieces
    /// riding above it (the island) move in `animation`'s transaction.
    public func setKeyboard(_ height: Double, animation: Animation? = nil) {
        guard let context else { return }
        context.transact(animation) {
            page.keyboardInset = height.isFinite ? max(height, 0) : 0
            if page.clamped(offset) != offset, motion == nil, drag == nil { setOffset(page.clamped(offset), reads: true) }
            page.arrive(at: page.contentOffset)
        }
        notify()
    }

    /// Replaces the page's sections (the app's content changed). The page keeps its offset, pulled into range.
    public func setSections(_ sections: [ScrollPage.Section]) {
        guard let context else { return }
        stopMotion()
        context.update {
            page.sections = sections
            page.arrive(at: offset)
            setOffset(page.contentOffset, reads: false)
        }
        notify()
    }

    // MARK: Moving

    func move(to target: Double, animation: Animation?, reads: Bool) {
        guard let context else { return }
        stopMotion()
        guard let animation, target != offset else {
            context.update {
                setOffset(target, reads: reads)
                finishResting(reads: reads)
            }
            notify()
            return
        }
        var value = AnimatedValue(offset)
        let begin = context.changeBeginTime
        value.set(target, animation: animation, at: begin)
        motion = .scroll(value, reads: reads)
        scheduleTick(after: begin)
    }

    func startFling(velocity: Double, begin: Double) {
        guard let context else { return }
        let fling = page.fling(from: offset, velocity: velocity)
        guard fling.duration > 0 else {
            context.update {
                setOffset(fling.finalOffset, reads: true)
                finishResting(reads: true)
            }
            notify()
            return
        }
        motion = .fling(fling, begin: begin)
        scheduleTick(after: begin)
    }

    /// Stops a fling or a scroll where it shows now (a finger landing on the page, a new scroll).
    func stopMotion() {
        if let tick, let context { context.cancel(tick) }
        tick = nil
        motion = nil
    }

    /// The next frame after `time` samples the motion.
    private func scheduleTick(after time: Double) {
        guard let context else { return }
        let clock = context.clock
        var next = clock.firstFrame(atOrAfter: time)
        if clock.time(ofFrame: next) <= time + VirtualClock.timeTolerance { next += 1 }
        tick = context.schedule(at: clock.time(ofFrame: next), label: "\(name): scroll") { [weak self] in
            self?.step()
        }
    }

    /// One frame of motion: the offset at this frame time, and the selection read at the anchor while the reader
    /// scrolls. The last frame rests the page exactly where the motion ends.
    private func step() {
        guard let context, let motion else { return }
        tick = nil
        let now = context.workTime
        var done = false
        var reads = true
        var shown = offset
        switch motion {
        case let .fling(fling, begin):
            let elapsed = now - begin
            done = elapsed >= fling.duration
            shown = done ? fling.finalOffset : fling.offset(at: elapsed)
        case let .scroll(value, readsAnchor):
            reads = readsAnchor
            done = !value.isAnimating(at: now)
            shown = value.value(at: now)
        }
        context.update {
            setOffset(shown, reads: reads)
            if done {
                self.motion = nil
                finishResting(reads: reads)
            }
        }
        notify()
        if !done { scheduleTick(after: now) }
    }

    /// Moves what is on screen, reading the anchor into the binding when the reader is scrolling.
    func setOffset(_ value: Double, reads: Bool) {
        guard value.isFinite else { return }
        if value != offset {
            offset = value
            version += 1
        }
        if reads {
            let id = page.selectionID(atOffset: value)
            if id != page.selection { page.selection = id }
        }
    }

    /// The page comes to rest where it shows.
    private func finishResting(reads: Bool) {
        if reads { page.settle(at: offset) } else { page.arrive(at: offset) }
        if page.contentOffset != offset { setOffset(page.contentOffset, reads: reads) }
    }

    func notify() {
        guard let context else { return }
        observers.removeAll { $0.value == nil }
        for observer in observers { observer.value?.pageDidChange(self, on: context) }
    }
}
