/// What the piece draws, element by element, in stage coordinates. The names are the seed's words and are the keys
/// of the frame log:
///
/// - `surface`: the one glass shape, the bar (taller by the pull) or the card. `radius`, `scale` (the press, about
///   its centre; everything the glass carries sinks with it by the same scale, which the contents' rects leave
///   out), `brightness` (the Reduce Motion press shade), `opacity`; `shown` says which layout it is heading for.
///   Everything inside it (art, lines, hairline, grabber, scrubber, thumb, times) is clipped to its shape, so
///   parts of them outside the glass mid-flight are not seen; their rects are not cut.
/// - `art`: the artwork flying between its tile and its square. `radius`, `opacity`, `swap`/`swapBlur` (a new
///   track blurring in, `NowPlayingSwaps.swift`); `track` names what it shows.
/// - `title`, `artist`: the two lines, drawn at the card's size and shrunk into the bar. The rect is what is seen;
///   `scale` is the shrink, `blur` and `opacity` the blur-out while they fly, `swap`/`swapBlur` a change of a line
///   that doesn't morph; `text`, and `morphs` (whether a change of it morphs letter by letter). A line that morphs
///   also has its letters, `title.letter.1`… and `artist.letter.1`….
/// - `hairline`: the bar's progress line. `progress` (0…1, the red part), `opacity`.
/// - `grabber` (its touch area), `scrubber` (its touch area; `progress`), `thumb` (`scale` 16/28 at rest, 1 under
///   the finger), `times` (`elapsed` and `remaining` text, or `live`): the card's controls, with `opacity` and
///   `blur` as they blur in and out.
/// - `forward`, `previous`, `next`: the bubbles that bud out of play, while present. `scale` (the glass: 0.72 at
///   home), `brightness`, `opacity`, and `contentOpacity`/`contentBlur` (the glyph's own fade); `glyph`, `out`, `enabled`.
/// - `play`: the red play bubble. `scale` (the press), `brightness`, `swap`/`swapBlur` (the glyph's swap); `glyph`
///   is `play.fill` or `pause.fill`, `glyphOffset` its nudge (1.5 for the play triangle).
///
/// Every element moves down with the card's drop. Every `opacity` includes the disabled piece's 0.45. The
/// playhead's steady creep between a playing player's updates is background motion: it never holds up a settle.
extension NowPlayingPiece: MemoisedPiece {
    /// Everything NowPlaying's elements are made from. The layout, the line widths and the letters are pure
    /// functions of these. Nothing here reads the clock: the elements are targets, and the stage moves the numbers
    /// between them.
    public struct ElementsInput: Equatable, Sendable {
        /// The stage's environment (size, safe area, Dynamic Type, direction, Reduce Motion, `isEnabled`).
        let environment: PieceEnvironment
        let tokens: MotionTokens
        /// The parameters as last passed (the track, the time, the skip mode, the messages), with the stage's
        /// `isEnabled`.
        let inputs: NowPlaying.Inputs
        let state: NowPlaying.State
        let budsPresent: [NowPlaying.Bubble]
        let budsOut: Set<NowPlaying.Bubble>
        let pressedButton: String?
        /// The time's creep as the hairline, scrubber and thumb watch it (the piece's own, or the `value` role).
        let creep: Animation
        let creepIsSteady: Bool
        /// The press shade's scheme, read from the piece's context.
        let colorScheme: ColorScheme
        /// The title's and artist's widths and letters, measured once per text.
        let lines: PureCache<LineCache>
        /// The letters made last for each line (`LetterMemo`).
        let letters: PureCache<LetterMemo>
        /// Whether the letters' memo keeps its answers (the stage's switch, `PieceContext.memoises`).
        let memoises: Bool
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        // Any reconcile may start motion: the merge watcher samples the frames that follow.
        merges.watch(on: context)
        return ElementsInput(environment: environment, tokens: tokens, inputs: inputs(in: environment),
                             state: state, budsPresent: buds.present, budsOut: buds.out,
                             pressedButton: pressedButton, creep: creep ?? self.tokens.value,
                             creepIsSteady: creepIsSteady, colorScheme: context?.environment.colorScheme ?? .light,
                             lines: PureCache(lineCache), letters: PureCache(letterMemo),
                             memoises: context?.memoises ?? MemoSwitch.on)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        input.elements()
    }

    /// The liquid press under Reduce Motion shades instead of sinking: darker by 0.08 in light mode, lighter by
    /// 0.1 in dark mode, while pressed.
    static func pressShade(pressed: Bool, reduceMotion: Bool, colorScheme: ColorScheme) -> Double {
        guard pressed, reduceMotion else { return 0 }
        return colorScheme == .dark ? 0.1 : -0.08
    }

    /// Bubbles sink this far into the glass while pressed, per edge (the liquid press's depth).
    static let pressDepth = 2.5
}

extension NowPlayingPiece.ElementsInput {
    fileprivate func elements() -> [Element] {
        let environment = self.environment
        let g = NowPlayingLayout.make(in: environment, live: inputs.live, forward: inputs.hasForward)
        let bar = NowPlayingLayout.barFrame(in: environment, barHeight: g.barHeight)
        let origin = Point(x: bar.minX, y: bar.minY)
        let rm = environment.reduceMotion
        let dim = inputs.isEnabled ? 1.0 : NowPlayingPiece.disabledOpacity
        let drop = state.drop
        func place(_ r: Rect) -> Rect { r.offsetBy(dx: origin.x, dy: origin.y + drop) }
        func place(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y + drop) }

        var result: [Element] = []
        result.append(surface(g, place: place, rm: rm, dim: dim, tokens: tokens))
        result.append(contentsOf: fliers(g, inputs: inputs, place: place, rm: rm, dim: dim, tokens: tokens))
        result.append(contentsOf: controls(g, inputs: inputs, place: place, dim: dim, tokens: tokens))
        for bubble in budsPresent {
            result.append(self.bubble(bubble, g, inputs: inputs, place: place, rm: rm, dim: dim, tokens: tokens))
        }
        result.append(play(g, inputs: inputs, place: place, rm: rm, dim: dim, tokens: tokens))
        return result
    }

    /// The surface in the bar's coordinates: the card, or the bar grown upwards by the pull.
    func surfaceRect(_ g: NowPlayingLayout) -> Rect {
        if state.shown { return g.card }
        var bar = g.bar
        bar.y -= state.stretch
        bar.height += state.stretch
        return bar
    }

    private func surface(_ g: NowPlayingLayout, place: (Rect) -> Rect, rm: Bool, dim: Double,
                         tokens: MotionTokens) -> Element {
        let rect = surfaceRect(g)
        let pressing = state.drag.pressing && !state.shown
        let scale = pressing && !rm ? GesturePhysics.pressScale(for: rect.size) : 1
        let placed = place(rect)
        // The glass's position sits outside the press (the seed's outer offset): it moves with the update's own
        // transaction, so on the frame a press becomes a pull the top snaps up while the height rides the release.
        let outsidePress = ImplicitAnimation(nil, value: .text("position"))
        return Element("surface")
            .number("x", placed.x, animation: outsidePress)
            .number("y", placed.y, animation: outsidePress)
            .number("w", placed.width)
            .number("h", placed.height)
            .number("radius", g.surfaceRadius(open: state.shown))
            .number("scale", scale)
            .number("brightness", NowPlayingPiece.pressShade(pressed: pressing, reduceMotion: rm, colorScheme: colorScheme))
            // pieceLiquidPress: everything inside moves on the press (or release) when the press changes.
            .animation(pressing ? tokens.press : tokens.release, value: .bool(pressing))
            .number("opacity", dim)
            .flag("shown", state.shown)
    }

    private func fliers(_ g: NowPlayingLayout, inputs: NowPlaying.Inputs, place: (Rect) -> Rect, rm: Bool,
                        dim: Double, tokens: MotionTokens) -> [Element] {
        let shown = state.shown
        let fliers = state.fliersShown ? 1.0 : 0
        let lines = state.fliersShown && state.linesShown ? 1.0 : 0
        let swap = state.swap
        var art = Element("art")
            .rect(place(shown ? g.cardArt : g.miniArt))
            .number("radius", shown ? g.artRadius : NowPlayingLayout.miniArtRadius)
            .number("opacity", fliers * dim)
        art = swapNumbers(art, starting: swap?.art ?? false, animation: tokens.morph, value: .text(inputs.trackKey),
                          rm: rm)
            .text("track", inputs.trackLabel)
        func line(_ name: String, title: Bool) -> [Element] {
            let text = title ? inputs.shownTitle : inputs.artist
            let slot = place(title ? (shown ? g.cardTitle : g.miniTitle) : (shown ? g.cardArtist : g.miniArtist))
            let element = Element(name)
                .rect(slot)
                .number("scale", shown ? 1 : g.lineScale(title: title))
                .number("blur", state.linesShown ? 0 : 5)
                .number("opacity", lines * dim)
            let whole = (title ? swap?.title : swap?.artist) ?? false
            return [swapNumbers(element, starting: whole, animation: tokens.snap, value: .text(text), rm: rm)
                .text("text", text)
                .flag("morphs", lineMorphs(text, title: title, g))]
                + letterElements(text, title: title, slot: slot, g: g, rm: rm, tokens: tokens)
        }
        let hairline = Element("hairline")
            .rect(place(g.hairline))
            .number("progress", state.playhead.progress(inputs), animation: creepAnimation(inputs))
            .background(["progress"], when: creepIsSteady)
            .number("opacity", (state.hairlineShown && !g.live ? 1 : 0) * dim)
        return [art] + line("title", title: true) + line("artist", title: false) + [hairline]
    }

    /// `.animation(creep, value: time)`: the player's time eases between updates.
    private func creepAnimation(_ inputs: NowPlaying.Inputs) -> ImplicitAnimation {
        ImplicitAnimation(creep, value: .number(inputs.time))
    }

    private func controls(_ g: NowPlayingLayout, inputs: NowPlaying.Inputs, place: (Rect) -> Rect, dim: Double,
                          tokens: MotionTokens) -> [Element] {
        let opacity = (state.controlsShown ? 1.0 : 0) * dim
        let blur = state.controlsShown ? 0.0 : 6
        var result = [Element("grabber").rect(place(g.grabber)).number("opacity", opacity).number("blur", blur)]
        if !g.live {
            let progress = state.playhead.progress(inputs)
            result.append(Element("scrubber")
                .rect(place(g.scrub))
                .number("progress", progress)
                .animation(creepAnimation(inputs).animation, value: .number(inputs.time))
                .background(["progress"], when: creepIsSteady)
                .number("opacity", opacity)
                .number("blur", blur))
            if inputs.hasOnSeek {
                let scrubbing = state.playhead.scrubTime != nil
                let side = NowPlayingLayout.thumbSide
                let center = Point(x: g.scrub.minX + g.scrub.width * progress, y: g.scrub.midY)
                result.append(Element("thumb")
                    .rect(place(Rect(center: center, size: Size(width: side, height: side))))
                    .number("scale", scrubbing ? 1 : NowPlayingLayout.thumbRestSide / side,
                            animation: ImplicitAnimation(scrubbing ? tokens.press : tokens.release,
                                                         value: .bool(scrubbing)))
                    .animation(creepAnimation(inputs).animation, value: .number(inputs.time))
                    .background(["x"], when: creepIsSteady)
                    .number("opacity", opacity)
                    .number("blur", blur))
            }
        }
        var times = Element("times").rect(place(g.times)).number("opacity", opacity).number("blur", blur)
        if g.live {
            times = times.text("live", inputs.messages.live)
        } else {
            let shown = state.playhead.shownTime(inputs)
            times = times
                .text("elapsed", NowPlaying.elapsedText(shown, duration: inputs.duration))
                .text("remaining", NowPlaying.remainingText(shown, duration: inputs.duration))
        }
        result.append(times)
        return result
    }

    /// Where a bubble's centre rests from play's: forward beside it in the bar, previous and next either side on
    /// the card.
    func restOffset(_ bubble: NowPlaying.Bubble, _ g: NowPlayingLayout) -> Double {
        switch bubble {
        case .forward: g.forwardOffset
        case .previous: -NowPlayingLayout.skipOffset
        case .next: NowPlayingLayout.skipOffset
        }
    }

    private func bubble(_ bubble: NowPlaying.Bubble, _ g: NowPlayingLayout, inputs: NowPlaying.Inputs,
                        place: (Point) -> Point, rm: Bool, dim: Double, tokens: MotionTokens) -> Element {
        let out = budsOut.contains(bubble)
        let side = bubble == .forward ? g.playMiniSide : NowPlayingLayout.skipSide
        let base = state.shown ? g.playCard : g.playMini
        // Under Reduce Motion a bubble never travels: its glass closes in place and its content fades.
        let dx = out || rm ? restOffset(bubble, g) : 0
        let center = place(Point(x: base.x + dx, y: base.y))
        let glass = rm ? (out ? 1 : 0.001) : (out ? 1 : Liquid.homeScale)
        let pressed = pressedButton == bubble.rawValue
        let press = pressed && !rm ? GesturePhysics.pressScale(for: Size(width: side, height: side)) : 1
        let content = ImplicitAnimation(out ? .easeOut(duration: 0.3).delay(0.1) : .easeOut(duration: 0.14),
                                        value: .bool(out))
        let pressMotion = ImplicitAnimation(pressed ? tokens.press : tokens.release, value: .bool(pressed))
        return Element(bubble.rawValue)
            .rect(Rect(center: center, size: Size(width: side, height: side)))
            .number("scale", glass * press, animation: pressMotion)
            .number("brightness", NowPlayingPiece.pressShade(pressed: pressed, reduceMotion: rm, colorScheme: colorScheme),
                    animation: pressMotion)
            .number("opacity", (rm && !out ? 0 : 1) * dim)
            .number("contentOpacity", out ? 1 : 0, animation: content)
            .number("contentBlur", out ? 0 : 6, animation: content)
            .text("glyph", inputs.skipping.symbol(for: bubble))
            .flag("out", out)
            .flag("enabled", out && inputs.isEnabled)
    }

    private func play(_ g: NowPlayingLayout, inputs: NowPlaying.Inputs, place: (Point) -> Point, rm: Bool,
                      dim: Double, tokens: MotionTokens) -> Element {
        let side = state.shown ? NowPlayingLayout.playSide : g.playMiniSide
        let center = place(state.shown ? g.playCard : g.playMini)
        let pressed = pressedButton == "play"
        let press = pressed && !rm ? GesturePhysics.pressScale(for: Size(width: side, height: side)) : 1
        let pressMotion = ImplicitAnimation(pressed ? tokens.press : tokens.release, value: .bool(pressed))
        let element = Element("play")
            .rect(Rect(center: center, size: Size(width: side, height: side)))
            .number("scale", press, animation: pressMotion)
            .number("brightness", NowPlayingPiece.pressShade(pressed: pressed, reduceMotion: rm, colorScheme: colorScheme),
                    animation: pressMotion)
            .number("opacity", dim)
        return swapNumbers(element, starting: state.swap?.play ?? false, animation: tokens.snap,
                           value: .bool(inputs.isPlaying), rm: rm)
            .text("glyph", inputs.isPlaying ? "pause.fill" : "play.fill")
            .attribute("glyphOffset", .number(inputs.isPlaying ? 0 : NowPlaying.playGlyphNudge))
            .flag("enabled", inputs.isEnabled)
    }
}
