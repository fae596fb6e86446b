---@meta
-- PieceBox's Lua API for lua-language-server, generated from the binding registry, the bindings'
-- declarations and the test framework by `piecebox stubs`; do not edit it. After changing a binding,
-- run: piecebox stubs --out examples/types

-- Types scripts hold (the binding registry).

---`stage`: made by `Stage{...}`. Plugins may add methods.
---@class piecebox.stage
---@field fps integer # Frames per second the stage renders; read-only
---@field frameIndex integer # The number of the latest frame rendered; read-only
---@field width number # The screen's width (pt); read-only
---@field height number # The screen's height (pt); read-only
---@field advance fun(self: piecebox.stage, seconds: number): integer # Moves the clock on, rendering every frame on the way; gives the frames rendered
---@field frames fun(self: piecebox.stage, n?: integer|{from?: number, to?: number}): piecebox.series|integer # frames(n) renders n frames and gives n; frames() or frames{ from, to } gives the kept frames as a series
---@field events fun(self: piecebox.stage, options?: {kind?: string, piece?: string, name?: string, from?: number, to?: number}): piecebox.series # The kept frames' events (of a kind, a piece, a name, between two times) as a series of event tables at their frames' times
---@field settle fun(self: piecebox.stage, options?: {maxFrames?: integer}): integer # Renders frames until nothing moves; gives the frames rendered
---@field jump fun(self: piecebox.stage, seconds: number): integer # Moves the clock on without rendering the frames between; gives the frames rendered
---@field now fun(self: piecebox.stage): number # The stage's virtual time
---@field frame fun(self: piecebox.stage, i?: integer): piecebox.frame? # The latest frame, or frame i of those kept (nil when it is not kept)
---@field frameAt fun(self: piecebox.stage, time: number): piecebox.frame? # The kept frame shown at a time (nil when none is kept)
---@field environment fun(self: piecebox.stage, changes?: {width?: number, height?: number, safeArea?: {top?: number, bottom?: number, leading?: number, trailing?: number}, reduceMotion?: boolean, layoutDirection?: "leftToRight"|"rightToLeft", dynamicTypeSize?: string, colorScheme?: "light"|"dark", isEnabled?: boolean, reduceTransparency?: boolean, liquidGlass?: boolean}, animation?: piecebox.animation): table # Gives the environment; with a table, changes it (with an animation, animated) and gives the new one
---@field runUntil fun(self: piecebox.stage, predicate: fun(frame: table): boolean, timeout?: number): integer # Renders frames until the predicate holds for a frame (timing out after 10 s); gives the frames rendered
---@field after fun(self: piecebox.stage, seconds: number, fn: function, options?: {background?: boolean, label?: string}): piecebox.work # Runs fn once after a delay on the virtual clock
---@field every fun(self: piecebox.stage, seconds: number, fn: function, options?: {background?: boolean, label?: string}): piecebox.work # Runs fn every interval on the virtual clock until cancelled
---@field emit fun(self: piecebox.stage, event: table) # Logs an event in the next frame (a haptic, a sound)
---@field piece fun(self: piecebox.stage, options?: piecebox.pieceOptions): piecebox.piece # Makes a `piece` on this stage
---@field player fun(self: piecebox.stage, options?: piecebox.playerOptions): piecebox.player # Makes a `player` on this stage
---@field nowPlaying fun(self: piecebox.stage, options?: piecebox.nowPlayingOptions): piecebox.nowPlaying # Makes a `nowPlaying` on this stage
---@field page fun(self: piecebox.stage, options?: piecebox.pageOptions): piecebox.page # Makes a `page` on this stage
---@field scrollIsland fun(self: piecebox.stage, options?: piecebox.scrollIslandOptions): piecebox.scrollIsland # Makes a `scrollIsland` on this stage
---@field miniPlayer fun(self: piecebox.stage, options?: piecebox.miniPlayerOptions): piecebox.miniPlayer # Makes a `miniPlayer` on this stage
---@field vinyl fun(self: piecebox.stage, options?: piecebox.vinylOptions): piecebox.vinyl # Makes a `vinyl` on this stage
---@field borderBeam fun(self: piecebox.stage, options?: piecebox.borderBeamOptions): piecebox.borderBeam # Makes a `borderBeam` on this stage
---@field metalButton fun(self: piecebox.stage, options?: piecebox.metalButtonOptions): piecebox.metalButton # Makes a `metalButton` on this stage
---@field glassGroup fun(self: piecebox.stage, options?: piecebox.glassGroupOptions): piecebox.glassGroup # Makes a `glassGroup` on this stage
---@field tools fun(self: piecebox.stage, options?: piecebox.toolsOptions): piecebox.tools # Makes a `tools` on this stage
---@field sheet fun(self: piecebox.stage, options?: piecebox.sheetOptions): piecebox.sheet # Makes a `sheet` on this stage
---@field tabBar fun(self: piecebox.stage, options?: piecebox.tabBarOptions): piecebox.tabBar # Makes a `tabBar` on this stage
---@field refresher fun(self: piecebox.stage, options?: piecebox.refresherOptions): piecebox.refresher # Makes a `refresher` on this stage
---@field buds fun(self: piecebox.stage, options?: piecebox.budsOptions): piecebox.buds # Makes a `buds` on this stage

---The options table that makes a `stage`.
---@class piecebox.stageOptions
---@field width? number # The screen's width (pt; above 0; default 393)
---@field height? number # The screen's height (pt; above 0; default 852)
---@field safeArea? {top?: number, bottom?: number, leading?: number, trailing?: number} # Insets the system takes (pt; default { top = 59, bottom = 34 })
---@field reduceMotion? boolean # Reduce Motion (default false)
---@field layoutDirection? "leftToRight"|"rightToLeft" # The layout direction (default "leftToRight")
---@field dynamicTypeSize? string # The Dynamic Type size (default "large")
---@field colorScheme? "light"|"dark" # The colour scheme (default "light")
---@field isEnabled? boolean # Whether controls are enabled (default true)
---@field reduceTransparency? boolean # Reduce Transparency (default false)
---@field liquidGlass? boolean # Whether the system draws Liquid Glass (iOS 26 and later); false draws the frosted fallback of older systems (default true)
---@field fps? integer # Frames per second (1 to 1000; default 120)
---@field history? number|"all" # How many seconds of frames the stage keeps (s; default "all")
---@field gesturePrediction? number # The per-millisecond decay a touch's predictedEndTranslation coasts by (a guess) (0 to 0.9999; default 0.99)

---`piece`: made by `s:piece{...}` on a stage. Plugins may add methods.
---@class piecebox.piece
---@field name string # The piece's name in the frame log; read-only
---@field state table # The piece's state table; read-only
---@field layout table # The piece's target elements (where they are going), by name; read-only
---@field tap fun(self: piecebox.piece, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.piece, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.piece, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.piece, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.piece, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.piece): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.piece, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.piece, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field set fun(self: piecebox.piece, changes: table, animation?: piecebox.animation) # Merges changes into the state inside one transaction

---The options table that makes a `piece`.
---@class piecebox.pieceOptions
---@field name? string # The piece's name in the frame log
---@field state? table # The piece's state, handed to layout
---@field layout? fun(state: table, env: piecebox.env): table # Gives the piece's elements for a state (or give body)
---@field body? fun(state: table, env: piecebox.env): piecebox.view # Instead of layout: gives a view tree (ui), laid out on the screen; each view given an id is an element
---@field onTouch? fun(state: table, touch: piecebox.touch, env: piecebox.env): boolean?, piecebox.animation? # Handles a touch on the piece
---@field onKey? fun(state: table, key: string, env: piecebox.env): boolean?, piecebox.animation? # Handles a key press
---@field accessibility? fun(state: table, env: piecebox.env): table[] # Gives the accessibility elements
---@field perform? fun(state: table, action: string, element: string?, env: piecebox.env): boolean?, piecebox.animation? # Performs an accessibility action
---@field parts? table # Where gestures aim, by part name
---@field timeline? table # A timeline that redraws the piece as time passes: { minimumInterval, paused = boolean or function(state, env) }
---@field methods? table<string, function> # Methods of its own, called piece:name(...) with the piece as self
---@field readings? table<string, function> # Values read as fields, piece.name: each a function(state, env) that returns it
---@field player? piecebox.player|table # A player whose reports onPlayer is told (needs onPlayer)
---@field onPlayer? fun(state: table, report: table, env: piecebox.env) # Handles the player's state when made (reason "appear") and each report it sends
---@field tasks? table[] # Like .task(id:): { id = function(state, env), run = function(state, env), initial = true }, run when the id changes
---@field order? table # The frame log's order: { elements = { names }, properties = { names } }; others after, by name

---`finger`: given by `<piece>:touch(...)`. Plugins may add methods.
---@class piecebox.finger
---@field location {x: number, y: number} # Where the finger is (pt); read-only
---@field isDown boolean # Whether the finger is still down; read-only
---@field move fun(self: piecebox.finger, dx: number, dy: number): piecebox.finger # Moves the finger by a distance and delivers the sample; gives the finger
---@field moveTo fun(self: piecebox.finger, x: number, y: number): piecebox.finger # Moves the finger to a point and delivers the sample; gives the finger
---@field up fun(self: piecebox.finger): piecebox.finger # Lifts the finger; gives the finger
---@field cancel fun(self: piecebox.finger): piecebox.finger # Cancels the touch (the system took it); gives the finger

---`player`: made by `s:player{...}` on a stage. Plugins may add methods.
---@class piecebox.player
---@field time number # The playhead now (s); read-only
---@field reportedTime number # The playhead as the player last reported it (s); read-only
---@field duration number # The track's duration (0 for a live stream) (s); read-only
---@field isPlaying boolean # Whether it plays; read-only
---@field isLive boolean # Whether the track is a live stream; read-only
---@field hasPendingSeek boolean # Whether a seek waits for the player to confirm it; read-only
---@field title string # The track's title; read-only
---@field artist string # The track's artist; read-only
---@field track integer? # The track playing (1-based), nil with none; read-only
---@field count integer # How many tracks are queued; read-only
---@field play fun(self: piecebox.player) # Plays, as the app's own control would (not recorded as a piece's call)
---@field pause fun(self: piecebox.player) # Pauses, as the app's own control would
---@field toggle fun(self: piecebox.player) # Plays or pauses, as the app's own control would
---@field seek fun(self: piecebox.player, seconds: number) # Moves the playhead to a position
---@field skip fun(self: piecebox.player, direction: "next"|"previous") # Skips to the next or previous track
---@field load fun(self: piecebox.player, tracks: {title: string, artist?: string, duration: number}[], index?: integer) # A new queue, played from track index (1-based) at 0
---@field calls fun(self: piecebox.player): {name: string, at: number, time?: number}[] # Every call a piece made on the player, oldest first

---The options table that makes a `player`.
---@class piecebox.playerOptions
---@field tracks {title: string, artist?: string, duration: number}[] # The queue, played from the first
---@field time? number # Where the playhead starts (s; default 0)
---@field isPlaying? boolean # Whether it starts playing (default false)
---@field updateInterval? number # How often the player reports its time (s)
---@field seekConfirmation? string|number # When a seek is confirmed: "immediately", "never" or after a delay (s)
---@field trackEnd? "stop"|"advance" # What happens at a track's end (default "stop")
---@field name? string # The name of the player's scheduled work (default player)

---`nowPlaying`: made by `s:nowPlaying{...}` on a stage. Plugins may add methods.
---@class piecebox.nowPlaying
---@field name string # The piece's name in the frame log; read-only
---@field expanded boolean # The app's expanded binding; read-only
---@field isOpen boolean # Whether the open layout is on screen (it follows expanded on the choreography); read-only
---@field shownTime number # The time the playhead shows (s); read-only
---@field isScrubbing boolean # Whether a finger is scrubbing the playhead; read-only
---@field pendingSeek number? # The seek waiting to be confirmed, nil with none (s); read-only
---@field state table # The piece's state; read-only
---@field layout table # Where everything rests for the current state, by the frame log's names; read-only
---@field tap fun(self: piecebox.nowPlaying, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.nowPlaying, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.nowPlaying, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.nowPlaying, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.nowPlaying, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.nowPlaying): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.nowPlaying, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.nowPlaying, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field setExpanded fun(self: piecebox.nowPlaying, open: boolean) # The app sets its expanded binding; the piece opens or closes on its choreography
---@field set fun(self: piecebox.nowPlaying, changes: {skipping?: string|{back: integer, forward: integer}, messages?: table, onSkip?: boolean, onSeek?: boolean}) # The app passes new parameters, together

---The options table that makes a `nowPlaying`.
---@class piecebox.nowPlayingOptions
---@field player piecebox.player|table # The player it shows and controls
---@field skipping? string|{back: integer, forward: integer} # "tracks", "podcast" (15 back, 30 forward) or seconds back and forward (default "tracks")
---@field expanded? boolean # The app's expanded binding (default false)
---@field messages? table # Copy that replaces the standard strings, by key
---@field onSkip? boolean # Whether the app handles skipping (default true)
---@field onSeek? boolean # Whether the app handles seeking (default true)
---@field name? string # The piece's name in the frame log (default nowPlaying)

---`page`: made by `s:page{...}` on a stage. Plugins may add methods.
---@class piecebox.page
---@field name string # The page's name in the frame log; read-only
---@field selection string? # The selected section's id; read-only
---@field sectionAtAnchor string? # The id of the section at the reading anchor; read-only
---@field offset number # The scroll offset (pt); read-only
---@field readFraction number # How much of the page has been read, 0 to 1; read-only
---@field contentHeight number # The content's height (pt); read-only
---@field minOffset number # The least resting offset (pt); read-only
---@field maxOffset number # The greatest resting offset (pt); read-only
---@field isMoving boolean # Whether the page is scrolling; read-only
---@field count integer # How many sections it has; read-only
---@field tap fun(self: piecebox.page, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.page, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field touch fun(self: piecebox.page, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.page, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.page): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.page, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.page, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field scroll fun(self: piecebox.page, options: {to?: string, offset?: number, animated?: boolean, animation?: piecebox.animation|piecebox.spring}) # The app scrolls the page to a section or an offset
---@field fling fun(self: piecebox.page, options: {velocity: number}|{dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer? # Lets the page go at a speed down the page (negative: up); with dx or dy, a finger's flick as on any piece
---@field keyboard fun(self: piecebox.page, height: number, animation?: piecebox.animation) # The keyboard's overlap; 0 puts it away
---@field section fun(self: piecebox.page, section: integer|string): {id: string, title: string, detail?: string, y: number, h: number, restingOffset: number} # A section by number (from 1) or id, in content coordinates

---The options table that makes a `page`.
---@class piecebox.pageOptions
---@field sections {id: string, title: string, detail?: string, height?: number, paragraphs?: string[]}[] # The page's sections, top to bottom
---@field name? string # The page's name in the frame log (default page)
---@field selection? string # The section selected at first
---@field keyboard? number # The keyboard's overlap at first (pt; at least 0; default 0)
---@field spacing? number # Space between sections (pt; at least 0)
---@field paddingTop? number # Space above the first section (pt; at least 0)
---@field paddingBottom? number # Space below the last section (pt; at least 0)

---`scrollIsland`: made by `s:scrollIsland{...}` on a stage. Plugins may add methods.
---@class piecebox.scrollIsland
---@field name string # The piece's name in the frame log; read-only
---@field isOpen boolean # Whether the panel is open on screen; read-only
---@field isExpanded boolean # Whether it is expanded; read-only
---@field selection string? # The page's selected section id; read-only
---@field current integer # The current section (1-based); read-only
---@field shown integer # The section the island shows (1-based); read-only
---@field puckRow integer # The row the puck is on (1-based); read-only
---@field readFraction number # How much of the page has been read, 0 to 1; read-only
---@field count integer # How many rows it has; read-only
---@field layout table? # Where everything rests for the current state, by the frame log's names; read-only
---@field tap fun(self: piecebox.scrollIsland, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.scrollIsland, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.scrollIsland, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.scrollIsland, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.scrollIsland, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.scrollIsland): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.scrollIsland, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.scrollIsland, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field setExpanded fun(self: piecebox.scrollIsland, open: boolean) # The app sets its isExpanded binding (a toolbar button, say)
---@field set fun(self: piecebox.scrollIsland, changes: {progress?: "page"|"estimate"|number, showsTopButton?: boolean}) # The app passes new parameters

---The options table that makes a `scrollIsland`.
---@class piecebox.scrollIslandOptions
---@field page piecebox.page # The page it follows
---@field name? string # The piece's name in the frame log (default scrollIsland)
---@field progress? "page"|"estimate"|number # How the island shows progress: the page's reading, an estimate, or a fixed fraction (pinned to 0 to 1) (default "page")
---@field showsTopButton? boolean # Whether it shows a back-to-top button (default true)
---@field maxWidth? number # The widest the island grows (pt; above 0; default 360)
---@field isExpanded? boolean # The app's isExpanded binding; left out, the island keeps its own state
---@field messages? table # Copy that replaces the standard strings, by key

---`miniPlayer`: made by `s:miniPlayer{...}` on a stage. Plugins may add methods.
---@class piecebox.miniPlayer
---@field name string # The piece's name in the frame log; read-only
---@field isExpanded boolean # Whether it is expanded; read-only
---@field progress number # How far the track has played, 0 to 1; read-only
---@field dragOffset number # How far a finger has dragged it (pt); read-only
---@field layout table # Where everything rests for the current state, by the frame log's names; read-only
---@field tap fun(self: piecebox.miniPlayer, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.miniPlayer, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.miniPlayer, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.miniPlayer, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.miniPlayer, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.miniPlayer): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.miniPlayer, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.miniPlayer, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now

---The options table that makes a `miniPlayer`.
---@class piecebox.miniPlayerOptions
---@field player piecebox.player|table # The player it shows and controls
---@field name? string # The piece's name in the frame log (default miniPlayer)
---@field messages? table # Copy that replaces the standard strings, by key
---@field dragSpace? "view"|"screen" # Where the open player's drag is measured: its own moving space, or the screen one for one (default "view")
---@field dragGeometry? "drawn"|"target" # The player's offset a touch is turned into its space with: as drawn, or where it is heading (a guess) (default "drawn")

---`vinyl`: made by `s:vinyl{...}` on a stage. Plugins may add methods.
---@class piecebox.vinyl
---@field angle number # The disc's turn (deg); read-only
---@field speed number # The turn speed now (0 under Reduce Motion) (deg/s); read-only
---@field rpm number # Revolutions per minute at full speed (rpm); read-only
---@field isEasing boolean # Whether the speed is changing; read-only
---@field isPlaying boolean # Whether the disc is meant to turn; read-only
---@field name string # The piece's name in the frame log; read-only
---@field updates integer # How many times the disc's timeline has updated; read-only
---@field tap fun(self: piecebox.vinyl, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.vinyl, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.vinyl, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.vinyl, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.vinyl, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.vinyl): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.vinyl, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.vinyl, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field set fun(self: piecebox.vinyl, changes: {isPlaying?: boolean, rpm?: number, x?: number, y?: number, w?: number, h?: number}) # The app passes new parameters

---The options table that makes a `vinyl`.
---@class piecebox.vinylOptions
---@field player? piecebox.player|table # The player whose isPlaying the disc follows (not with isPlaying)
---@field isPlaying? boolean # Whether the disc turns (not with player) (default false)
---@field rpm? number # Revolutions per minute at full speed; held within ±1000 (rpm; default 33.0)
---@field ramp? number # How long the disc takes to change speed (s; default 0.9)
---@field x? number # The frame's left edge (pt)
---@field y? number # The frame's top edge (pt)
---@field w? number # The frame's width (pt; at least 0)
---@field h? number # The frame's height (pt; at least 0)
---@field name? string # The piece's name in the frame log (default vinyl)
---@field accessibilityName? string # What VoiceOver calls the disc (default Album art)

---`borderBeam`: made by `s:borderBeam{...}` on a stage. Plugins may add methods.
---@class piecebox.borderBeam
---@field name string # The piece's name in the frame log; read-only
---@field heads number[] # The heads as last drawn, one per beam, 0 to 1 along the path; read-only
---@field length number # The path's length (pt); read-only

---The options table that makes a `borderBeam`.
---@class piecebox.borderBeamOptions
---@field x? number # The frame's left edge (pt)
---@field y? number # The frame's top edge (pt)
---@field w? number # The frame's width (pt; at least 0)
---@field h? number # The frame's height (pt; at least 0)
---@field radius? number # The rounded rectangle's corner radius (or shape = "capsule") (pt; at least 0)
---@field shape? "capsule"|"roundedRectangle" # The shape the light travels round
---@field lap? number # Seconds per lap (s; above 0; default 5)
---@field tail? number # The tail's length, as a fraction of the path (0 to 1; default 0.25)
---@field width? number # The line's width (pt; at least 0; default 1.5)
---@field bloom? number # The glow's blur radius (0: no glow) (pt; at least 0; default 4)
---@field start? number # Where the one beam starts, as a fraction of the path
---@field starts? number[] # Where each beam starts, as fractions of the path (default { 0 })
---@field color? string # The beam's colour: a SwiftUI colour's name ("accent" on light glass) or #RRGGBB[AA] (default "white")
---@field name? string # The piece's name in the frame log (default borderBeam)

---`metalButton`: made by `s:metalButton{...}` on a stage. Plugins may add methods.
---@class piecebox.metalButton
---@field name string # The piece's name in the frame log; read-only
---@field title string # The button's title; read-only
---@field frame {x: number, y: number, w: number, h: number} # The capsule on the stage now (pt); read-only
---@field tap fun(self: piecebox.metalButton, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.metalButton, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.metalButton, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.metalButton, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.metalButton, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.metalButton): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.metalButton, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.metalButton, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now

---The options table that makes a `metalButton`.
---@class piecebox.metalButtonOptions
---@field title? string # The button's title (default Ask)
---@field symbol? string # The SF Symbol beside the title (default sparkles)
---@field x? number # The capsule's left edge (centred when left out) (pt)
---@field y? number # The capsule's top edge (pt)
---@field name? string # The piece's name in the frame log (default metalButton)

---`glassGroup`: made by `s:glassGroup{...}` on a stage. Plugins may add methods.
---@class piecebox.glassGroup
---@field name string # The piece's name in the frame log; read-only
---@field spacing number # How near shapes merge (pt); read-only
---@field ids string[] # The shapes' ids, in drawing order; read-only
---@field merged string[] # The pairs merged in the latest checked frame, "a+b", in drawing order; read-only
---@field tap fun(self: piecebox.glassGroup, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.glassGroup, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.glassGroup, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.glassGroup, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.glassGroup, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.glassGroup): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.glassGroup, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.glassGroup, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field insert fun(self: piecebox.glassGroup, shape: table, animation?: piecebox.animation|"bouncy"|"smooth"|"snappy") # Adds a shape (growing out of its from neighbour, if named)
---@field remove fun(self: piecebox.glassGroup, id: string, animation?: piecebox.animation|"bouncy"|"smooth"|"snappy") # Removes a shape by id
---@field set fun(self: piecebox.glassGroup, changes: {spacing?: number}) # The app passes new parameters

---The options table that makes a `glassGroup`.
---@class piecebox.glassGroupOptions
---@field spacing number # How near shapes merge (pt)
---@field shapes table[] # The shapes, in drawing order
---@field lift? boolean # Whether the group floats on the foundation's lift shadow (light mode; the system's container has none) (default true)
---@field name? string # The piece's name in the frame log (default glassGroup)

---`tools`: made by `s:tools{...}` on a stage. Plugins may add methods.
---@class piecebox.tools
---@field name string # The piece's name in the frame log; read-only
---@field spacing number # How near shapes merge (pt); read-only
---@field ids string[] # The shapes' ids, in drawing order; read-only
---@field merged string[] # The pairs merged in the latest checked frame, "a+b", in drawing order; read-only
---@field expanded boolean # Whether the tools are open; read-only
---@field tap fun(self: piecebox.tools, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.tools, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.tools, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.tools, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.tools, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.tools): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.tools, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.tools, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field toggle fun(self: piecebox.tools) # The pencil's action: opens or closes the tools, bouncy
---@field setExpanded fun(self: piecebox.tools, open: boolean) # Opens or closes the tools

---The options table that makes a `tools`.
---@class piecebox.toolsOptions
---@field expanded? boolean # Whether the tools start open (default false)
---@field name? string # The piece's name in the frame log (default tools)
---@field labels? {pencil?: string, eraser?: string} # What VoiceOver reads for each button (the app's .accessibilityLabel) (default the symbols' labels: "Pencil", "Eraser")

---`sheet`: made by `s:sheet{...}` on a stage. Plugins may add methods.
---@class piecebox.sheet
---@field name string # The piece's name in the frame log; read-only
---@field presented boolean # Whether it is presented; read-only
---@field detent string? # The detent shown, nil when dismissed; read-only
---@field detents string[] # The active detents; read-only
---@field layout table<string, number> # Where the sheet's top edge rests at each active detent, and dismissed (pt); read-only
---@field tap fun(self: piecebox.sheet, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.sheet, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.sheet, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.sheet, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.sheet, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.sheet): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.sheet, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.sheet, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field present fun(self: piecebox.sheet) # Presents the sheet
---@field dismiss fun(self: piecebox.sheet) # Dismisses the sheet
---@field setDetent fun(self: piecebox.sheet, detent: "medium"|"large") # Moves the sheet to a detent

---The options table that makes a `sheet`.
---@class piecebox.sheetOptions
---@field detents? string[] # The detents it may rest at
---@field presented? boolean # Whether it starts presented (default false)
---@field name? string # The piece's name in the frame log (default sheet)

---`tabBar`: made by `s:tabBar{...}` on a stage. Plugins may add methods.
---@class piecebox.tabBar
---@field name string # The piece's name in the frame log; read-only
---@field minimized boolean # Whether the bar is minimized; read-only
---@field selected string # The selected tab's id; read-only
---@field tap fun(self: piecebox.tabBar, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.tabBar, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.tabBar, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.tabBar, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.tabBar, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.tabBar): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.tabBar, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.tabBar, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field select fun(self: piecebox.tabBar, id: string) # Selects a tab
---@field setMinimized fun(self: piecebox.tabBar, minimized: boolean) # Minimizes the bar or brings it back

---The options table that makes a `tabBar`.
---@class piecebox.tabBarOptions
---@field page? piecebox.page # The page whose scrolling minimizes the bar
---@field accessory? boolean # Whether the bar has an accessory (default false)
---@field minimizeBehavior? "onScrollDown"|"never" # When the bar minimizes (default "onScrollDown")
---@field selected? "library"|"radio"|"search" # The tab selected at first (default "library")
---@field name? string # The piece's name in the frame log (default tabBar)

---`refresher`: made by `s:refresher{...}` on a stage. Plugins may add methods.
---@class piecebox.refresher
---@field name string # The piece's name in the frame log; read-only
---@field pull number # How far the list is pulled below its top edge (where it is headed; the frames show it moving) (pt); read-only
---@field isRefreshing boolean # Whether a refresh is running; read-only
---@field refreshes integer # How many refreshes have started; read-only
---@field tap fun(self: piecebox.refresher, part?: string|{duration?: number, part?: string, index?: integer, x?: number, y?: number}, index?: integer, options?: {duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Taps a part (the default one when none is named) or a point, rendering the frames
---@field drag fun(self: piecebox.refresher, options: {dx?: number, dy?: number, duration?: number, part?: string, index?: integer, x?: number, y?: number}): integer # Drags a finger by dx, dy evenly, lifting at rest, rendering the frames
---@field fling fun(self: piecebox.refresher, options: {dx?: number, dy?: number, velocity: number, part?: string, index?: integer, x?: number, y?: number}): integer # Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames
---@field touch fun(self: piecebox.refresher, part?: string|number, index?: integer|number): piecebox.finger # Puts a finger down on a part or at a point; the script moves and lifts it
---@field key fun(self: piecebox.refresher, name: string): boolean # Presses a key; true when the piece did something with it
---@field accessibility fun(self: piecebox.refresher): table[] # The accessibility elements in reading order
---@field perform fun(self: piecebox.refresher, action: string, element?: string) # Performs an accessibility action, on an element or the whole screen
---@field part fun(self: piecebox.refresher, name: string, index?: integer): {x: number, y: number, w: number, h: number} # Where a part is now
---@field finish fun(self: piecebox.refresher) # The app's refresh is over: the spinner goes and the list settles home

---The options table that makes a `refresher`.
---@class piecebox.refresherOptions
---@field top? number # Where the list's top edge rests (pt; default the safe area's top)
---@field x? number # The list's left edge (pt; default 0)
---@field w? number # The list's width (pt; at least 0; default the stage's width)
---@field threshold? number # How far the list must be pulled for a release to refresh (pt; above 0; default 80)
---@field name? string # The piece's name in the frame log (default refresher)

---`buds`: made by `s:buds{...}` on a stage. Plugins may add methods.
---@class piecebox.buds
---@field name string # The buds' name in the frame log; read-only
---@field present string[] # The bubbles present; read-only
---@field out string[] # The bubbles out; read-only
---@field bloom fun(self: piecebox.buds, names: string[], stagger?: number, delay?: number) # Adds bubbles home, then sends them out, stagger apart, after an optional delay
---@field gather fun(self: piecebox.buds, names: string[], stagger?: number) # Calls bubbles home, last first, and removes them
---@field place fun(self: piecebox.buds, names: string[]) # Puts bubbles out at rest at once, with no animation
---@field isOut fun(self: piecebox.buds, name: string): boolean # Whether a bubble is out
---@field contains fun(self: piecebox.buds, name: string): boolean # Whether a bubble is present

---The options table that makes a `buds`.
---@class piecebox.budsOptions
---@field name? string # The name of the buds' scheduled work (default buds)
---@field placed? string[] # Bubbles out at rest from the start

---`work`: given by `stage:after(...)`, `stage:every(...)`.
---@class piecebox.work
---@field active boolean # Whether the work is still to run; read-only
---@field label string # The work's label in the frame log; read-only
---@field cancel fun(self: piecebox.work): boolean # Stops the work before its next run; true when it was still to run

---The options table that makes a `work`.
---@class piecebox.workOptions
---@field background? boolean # Background work never keeps settle waiting (default false)
---@field label? string # The work's label in the frame log

---`spring`: given by `motion.spring{...}`, `motion.tiers.<tier>`.
---@class piecebox.spring
---@field duration number # The perceptual duration (s); read-only
---@field bounce number # How bouncy it is, -1 to 1; read-only
---@field response number # The response (as SwiftUI's spring(response:dampingFraction:)) (s); read-only
---@field dampingRatio number # The damping ratio (1 is critically damped); read-only
---@field stiffness number # The spring's stiffness; read-only
---@field damping number # The spring's damping; read-only
---@field mass number # The mass on the spring; read-only
---@field settlingDuration number # How long until it settles (s); read-only
---@field value fun(self: piecebox.spring, t: number, target?: number, initialVelocity?: number): number # Where a spring from 0 is after t seconds
---@field velocity fun(self: piecebox.spring, t: number, target?: number, initialVelocity?: number): number # How fast a spring from 0 moves after t seconds
---@field animation fun(self: piecebox.spring): piecebox.animation # An animation that uses this spring

---The options table that makes a `spring`.
---@class piecebox.springOptions
---@field duration? number # The perceptual duration (with bounce) (s; above 0)
---@field bounce? number # How bouncy (with duration) (between -1 and 1)
---@field response? number # The response (with dampingRatio) (s; above 0)
---@field dampingRatio? number # The damping ratio (with response or settlingDuration) (above 0)
---@field mass? number # The mass (with stiffness and damping) (above 0)
---@field stiffness? number # The stiffness (with damping) (above 0)
---@field damping? number # The damping (with stiffness) (at least 0)
---@field settlingDuration? number # How long until it settles (with dampingRatio) (s; above 0)

---`animation`: given by `motion.roles.<role>`, `motion.easeIn(...)`, `<spring>:animation()`.
---@class piecebox.animation
---@field duration number # The duration it was made with (a spring's duration, a curve's length; speed divides it) (s); read-only
---@field settlingDuration number # When the animation completes (settles) (s); read-only
---@field description string # What the animation is, as SwiftUI would print it; read-only
---@field value fun(self: piecebox.animation, t: number): number # The fraction of the change covered after t seconds (1 when done)
---@field velocity fun(self: piecebox.animation, t: number): number # How fast the fraction changes after t seconds
---@field isFinished fun(self: piecebox.animation, t: number): boolean # Whether the animation is done after t seconds
---@field delay fun(self: piecebox.animation, seconds: number): piecebox.animation # The same animation starting later
---@field speed fun(self: piecebox.animation, factor: number): piecebox.animation # The same animation played faster (above 1) or slower

---`view`: given by `ui.VStack{...}`, `ui.Text(...)`, `<view>:padding(...)`.
---@class piecebox.view
---@field kind string # SwiftUI's name for the view: "Text", "VStack", "RoundedRectangle", ...; read-only
---@field frame fun(self: piecebox.view, frame: {width?: number, height?: number, minWidth?: number, idealWidth?: number, maxWidth?: number, minHeight?: number, idealHeight?: number, maxHeight?: number, alignment?: string}): piecebox.view # A fixed frame { width, height } or a flexible one { minWidth, maxWidth = math.huge, ... }, with an alignment
---@field padding fun(self: piecebox.view, amount?: number|string|string[]|{all?: number, horizontal?: number, vertical?: number, top?: number, leading?: number, bottom?: number, trailing?: number}, length?: number): piecebox.view # Space around the view: none given is the system's 16 pt; a number, an edge name or list, or { horizontal = 10, top = 4, ... }
---@field safeAreaPadding fun(self: piecebox.view, amount?: number|string|string[]|table, length?: number): piecebox.view # Padding that becomes safe area for what is inside (as padding's arguments)
---@field layoutPriority fun(self: piecebox.view, priority: number): piecebox.view # Its priority for space among its siblings
---@field fixedSize fun(self: piecebox.view, axes?: {horizontal?: boolean, vertical?: boolean}): piecebox.view # Its ideal size whatever it is offered: both axes, or { horizontal, vertical }
---@field aspectRatio fun(self: piecebox.view, ratio?: number, contentMode?: "fit"|"fill"): piecebox.view # Keeps a width:height ratio (nil: its ideal size's), fitting or filling
---@field scaledToFit fun(self: piecebox.view): piecebox.view # aspectRatio(nil, "fit")
---@field scaledToFill fun(self: piecebox.view): piecebox.view # aspectRatio(nil, "fill")
---@field ignoresSafeArea fun(self: piecebox.view, edges?: string|string[]): piecebox.view # Lays out into the safe area on these edges (all by default)
---@field background fun(self: piecebox.view, view: piecebox.view|string, alignment?: string): piecebox.view # A view behind it, sized by it (a string is a Color's name)
---@field overlay fun(self: piecebox.view, view: piecebox.view|string, alignment?: string): piecebox.view # A view over it, sized by it (a string is a Color's name)
---@field id fun(self: piecebox.view, name: string): piecebox.view # Names the view at this point of the chain: an element of the piece, and a key of ui.layout's answer
---@field offset fun(self: piecebox.view, offset: {x?: number, y?: number}): piecebox.view # Draws it moved by { x, y }, leaving its slot where it was
---@field opacity fun(self: piecebox.view, opacity: number): piecebox.view # Draws it this opaque (0 to 1)
---@field scaleEffect fun(self: piecebox.view, scale: number|{x?: number, y?: number, anchor?: string}): piecebox.view # Draws it scaled: one factor, or { x, y, anchor }
---@field rotationEffect fun(self: piecebox.view, degrees: number, anchor?: string|{x: number, y: number}): piecebox.view # Draws it turned by degrees (clockwise) about an anchor
---@field clipShape fun(self: piecebox.view, shape: piecebox.view): piecebox.view # Clips what it draws to a shape
---@field contentShape fun(self: piecebox.view, shape: piecebox.view): piecebox.view # The shape a touch is tested against
---@field zIndex fun(self: piecebox.view, z: number): piecebox.view # Its drawing order among its siblings
---@field foregroundStyle fun(self: piecebox.view, style: string): piecebox.view # Its style, by name (carried to the frame log)
---@field fill fun(self: piecebox.view, style: string): piecebox.view # A shape's fill, by name (carried to the frame log)
---@field font fun(self: piecebox.view, font: string|number, weight?: "ultraLight"|"thin"|"light"|"regular"|"medium"|"semibold"|"bold"|"heavy"|"black"): piecebox.view # The font of every text and symbol inside: a text style or a size, and a weight
---@field lineLimit fun(self: piecebox.view, lines?: integer, reservesSpace?: boolean): piecebox.view # The most lines each text inside takes (nil: no limit); reserving space, always that many lines tall
---@field accessibilityLabel fun(self: piecebox.view, label: string): piecebox.view # What VoiceOver says for it
---@field accessibilityHidden fun(self: piecebox.view, hidden?: boolean): piecebox.view # Hides it from VoiceOver (true by default)

---`tokens`: given by `motion.tiers`, `motion.roles`, `motion.reduced.*`.
---@class piecebox.tokens
---@field [string] piecebox.spring|piecebox.animation # A tier (a spring) or role (an animation) by name, as the tokens in force say

-- Globals.

---`Stage{...}` makes a `stage`.
---@param options? piecebox.stageOptions
---@return piecebox.stage
function Stage(options) end

---The `motion` table.
---@class piecebox.motion
---@field spring fun(options: piecebox.springOptions): piecebox.spring # A spring from { duration, bounce }, { response, dampingRatio }, { mass, stiffness, damping } or { settlingDuration, dampingRatio }
---@field easeIn fun(duration?: number): piecebox.animation # An ease-in curve
---@field easeOut fun(duration?: number): piecebox.animation # An ease-out curve
---@field easeInOut fun(duration?: number): piecebox.animation # An ease-in-out curve
---@field linear fun(duration?: number): piecebox.animation # A linear curve
---@field timingCurve fun(x1: number, y1: number, x2: number, y2: number, duration?: number): piecebox.animation # A cubic Bézier timing curve
---@field interpolatingSpring fun(spring: piecebox.spring|piecebox.springOptions, initialVelocity?: number): piecebox.animation # A spring animation that keeps its velocity when retargeted
---@field rubberBand fun(pull: number, limit: number, coefficient?: number): number # How far a pull past an edge shows, rubber-banded
---@field rubberBandIn fun(value: number, lower: number, upper: number, limit: number, coefficient?: number): number # A value rubber-banded into a range
---@field project fun(position: number, velocity: number, decelerationRate?: number): number # Where a fling from a position at a velocity comes to rest
---@field nearest fun(value: number, stops: number[]): number # The nearest of a list of stops to a value
---@field pressScale fun(w: number, h: number, depth?: number): number # The scale a pressed surface of a size shrinks to
---@field settle fun(options: {velocity: number, from: number, to: number, spring?: piecebox.springOptions, reduceMotion?: boolean}): piecebox.animation # The animation that settles a thrown value from one place to another
---@field override fun(overrides: table<string, piecebox.animation|piecebox.spring|table>) # Overrides roles and tiers (or adds new ones) for the rest of the test or file
---@field resetOverrides fun() # Drops the overrides set since the test or file began
---@field follow fun(spring?: piecebox.spring|piecebox.springOptions, rank: integer): piecebox.animation # Follow-through: the animation of the rank-th follower (rank 0 leads), on the elastic tier or the spring given
---@field cascade fun(animation: piecebox.animation|piecebox.spring, index: integer, step?: number): piecebox.animation # An entrance delayed for the index-th item (30 ms a place, capped at the seventh; none under Reduce Motion)
---@field transition fun(transition: string): string # A moving transition by name, or "opacity" (a plain fade) under Reduce Motion
---@field swap fun(): string # The transition for content replaced in place: "blurReplace", or "opacity" under Reduce Motion
---@field pressAnchor fun(touch: {x: number, y: number}?, size: {w: number, h: number}, lean?: number): {x: number, y: number} # Where a pressed surface scales from, in unit space, leaning toward the touch
---@field tiers piecebox.motion.tiers
---@field roles piecebox.motion.roles
---@field allowsAmbient any
---@field reduced piecebox.motion.reduced
---@field liquid piecebox.motion.liquid

---`motion.tiers`: a `tokens` whose every name gives a `spring`.
---@class piecebox.motion.tiers: piecebox.tokens
---@field [string] piecebox.spring

---`motion.roles`: a `tokens` whose every name gives a `animation`.
---@class piecebox.motion.roles: piecebox.tokens
---@field [string] piecebox.animation

---The `motion.reduced` table.
---@class piecebox.motion.reduced
---@field follow fun(spring?: piecebox.spring|piecebox.springOptions, rank: integer): piecebox.animation # Follow-through: the animation of the rank-th follower (rank 0 leads), on the elastic tier or the spring given
---@field cascade fun(animation: piecebox.animation|piecebox.spring, index: integer, step?: number): piecebox.animation # An entrance delayed for the index-th item (30 ms a place, capped at the seventh; none under Reduce Motion)
---@field transition fun(transition: string): string # A moving transition by name, or "opacity" (a plain fade) under Reduce Motion
---@field swap fun(): string # The transition for content replaced in place: "blurReplace", or "opacity" under Reduce Motion
---@field tiers piecebox.tokens
---@field roles piecebox.tokens
---@field allowsAmbient piecebox.tokens
---@field liquid piecebox.motion.reduced.liquid

---The `motion.reduced.liquid` table.
---@class piecebox.motion.reduced.liquid
---@field apart any
---@field homeScale any
---@field joined any
---@field merge any
---@field split any
---@field home any

---The `motion.liquid` table.
---@class piecebox.motion.liquid
---@field apart any
---@field homeScale any
---@field joined any
---@field merge any
---@field split any
---@field home any

---@type piecebox.motion
motion = {}

---The `metal` table.
---@class piecebox.metal
---@field white fun(degrees: number): number # How white the rim is at an angle (0 along +x, clockwise), 0 to 1
---@field startAngle any

---@type piecebox.metal
metal = {}

---The `text` table.
---@class piecebox.text
---@field morph fun(old: string, new: string, options?: {reduceMotion?: boolean}): {text: string, place: integer, fate: string, delay?: number, from?: number}[] # Each letter of the new line with its fate and delay, then the old line's leaving letters

---@type piecebox.text
text = {}

---The `ui` table.
---@class piecebox.ui
---@field VStack fun(content: table): piecebox.view # Children one above another
---@field HStack fun(content: table): piecebox.view # Children side by side
---@field ZStack fun(content: table): piecebox.view # Children on top of one another
---@field Group fun(content: table): piecebox.view # Children that join the enclosing stack, each with the group's modifiers
---@field Button fun(label: piecebox.view|string): piecebox.view # A button with this label (a view, or a string for a Text)
---@field Text fun(text: string): piecebox.view # A text, measured in its font
---@field Image fun(systemName: string): piecebox.view # An SF Symbol, sized by its font
---@field Spacer fun(options?: {minLength?: number}): piecebox.view # Space that grows along its stack: { minLength } (nil: the system's default)
---@field Rectangle fun(): piecebox.view # A rectangle that fills what it is offered
---@field RoundedRectangle fun(options: {cornerRadius: number}): piecebox.view # A rounded rectangle: { cornerRadius }
---@field Circle fun(): piecebox.view # A circle: the square of the smaller offered side
---@field Capsule fun(): piecebox.view # A capsule that fills what it is offered
---@field Ellipse fun(): piecebox.view # An ellipse that fills what it is offered
---@field Color fun(name: string): piecebox.view # A colour that fills what it is offered, by name
---@field EmptyView fun(): piecebox.view # Nothing: no place and no spacing in a stack
---@field ForEach fun(list: table, fn: fun(item: unknown, index: integer): piecebox.view): piecebox.view # A Group of fn(item, index)'s views for each item of a list
---@field layout fun(view: piecebox.view, screen?: {width?: number, height?: number, safeArea?: {top?: number, bottom?: number, leading?: number, trailing?: number}, dynamicTypeSize?: string, layoutDirection?: "leftToRight"|"rightToLeft"}): table<string, {x: number, y: number, w: number, h: number}> # Lays a view out on a screen: the rects { x, y, w, h } of the views given an id, by id
---@field scaledMetric fun(value: number, style: "largeTitle"|"title"|"title2"|"title3"|"headline"|"body"|"callout"|"subheadline"|"footnote"|"caption"|"caption2", dynamicTypeSize: "xSmall"|"small"|"medium"|"large"|"xLarge"|"xxLarge"|"xxxLarge"|"accessibility1"|"accessibility2"|"accessibility3"|"accessibility4"|"accessibility5"): number # @ScaledMetric(relativeTo: style) holding value, at a Dynamic Type size (env.dynamicTypeSize), on the 3x pixel grid

---@type piecebox.ui
ui = {}

-- The tables a script's functions are handed.

---A point in stage coordinates (points).
---@class piecebox.point
---@field x number
---@field y number

---A width and a height (points).
---@class piecebox.size
---@field width number
---@field height number

---A touch as SwiftUI's DragGesture.Value, handed to onTouch.
---@class piecebox.touch
---@field phase "began"|"moved"|"ended"|"cancelled" # Where the touch is in its life
---@field location piecebox.point # Where the finger is
---@field startLocation piecebox.point # Where it touched down
---@field translation piecebox.size # How far it moved since
---@field velocity piecebox.point # Points a second
---@field predictedEndTranslation piecebox.size # Where it would coast to
---@field time number # The stage's time now (s)
---@field startTime number # When it touched down (s)

---The environment a piece's functions are handed last, with the time.
---@class piecebox.env
---@field width number # The screen's width (pt)
---@field height number # The screen's height (pt)
---@field safeArea {top: number, bottom: number, leading: number, trailing: number} # The insets (pt)
---@field reduceMotion boolean
---@field reduceTransparency boolean
---@field liquidGlass boolean # False: a system before iOS 26
---@field layoutDirection "leftToRight"|"rightToLeft"
---@field dynamicTypeSize string
---@field colorScheme "light"|"dark"
---@field isEnabled boolean
---@field time? number # The stage's time (s), in handlers, tasks and readings
---@field drawnTime? number # The time the piece's timeline draws (s), for a piece with a timeline

---A rendered frame: its number, its time, its events and each piece's elements by name.
---@class piecebox.frame
---@field frame integer # The frame's number
---@field t number # Its time (s)
---@field events table[] # The events it carries
---@field [string] table<string, table> # A piece's elements by name: f.card.surface.h

-- The test framework.

---Declares tests or a group: call it, or its `.only` (only such tests run) or `.skip`; `.each(rows, name, fn)`
---declares one a row (a list row is spread into the name's `%s` and the function's arguments).
---@class piecebox.declarer
---@overload fun(...: any)
---@field only fun(...: any)
---@field skip fun(...: any)
---@field each fun(rows: any[], name: string, ...: any)

---The draws of an exploration's action: every random choice goes through them, so a run replays and shrinks.
---@class piecebox.gen
---@field number fun(lo: number, hi: number): number
---@field integer fun(lo: integer, hi: integer): integer
---@field bool fun(): boolean
---@field pick fun(list: any[]): any
---@field assume fun(condition: any)

---@class piecebox.exploration
---@field setup fun(): piecebox.stage, table
---@field actions table<string, fun(s: piecebox.stage, w: table, gen: piecebox.gen)>
---@field invariants? table
---@field check? fun(s: piecebox.stage, w: table)
---@field steps? integer
---@field runs? integer
---@field gap? number|number[]
---@field settle? number
---@field maxFrames? integer

---Declares an exploration: call it, or its `.only` or `.skip`.
---@class piecebox.explorer
---@overload fun(name: string, exploration: piecebox.exploration)
---@field only fun(name: string, exploration: piecebox.exploration)
---@field skip fun(name: string, exploration: piecebox.exploration)

---@type piecebox.explorer
explore = {}

---@type piecebox.declarer
test = {}

---@type piecebox.declarer
it = {}

---@type piecebox.declarer
describe = {}

---@param ... any
function xtest(...) end

---@param ... any
function xit(...) end

---@param ... any
function beforeAll(...) end

---@param ... any
function afterAll(...) end

---@param ... any
function beforeEach(...) end

---@param ... any
function afterEach(...) end

---@param ... any
function expectExtend(...) end

---What `expect(value)` gives: its matchers, called `expect(x).toBe(1)` or `expect(x):toBe(1)`, and
---`.never`, which negates them. Matchers added with `expectExtend` are not listed.
---@class piecebox.expectation
---@field never piecebox.expectation
---@field toBe fun(expected: any)
---@field toEqual fun(expected: any)
---@field toBeCloseTo fun(expected: number|table<any, number>, tolerance?: number)
---@field toBeGreaterThan fun(expected: number)
---@field toBeGreaterThanOrEqual fun(expected: number)
---@field toBeLessThan fun(expected: number)
---@field toBeLessThanOrEqual fun(expected: number)
---@field toBeTruthy fun()
---@field toBeFalsy fun()
---@field toBeNil fun()
---@field toContain fun(item: any)
---@field toThrow fun(pattern?: string)
---@field toNeverDecrease fun(tolerance?: number)
---@field toNeverIncrease fun(tolerance?: number)
---@field toNeverExceed fun(limit: number)
---@field toSettleWithin fun(seconds: number, tolerance?: number)
---@field toOvershootBy fun(fraction: number, tolerance?: number)
---@field toHaveEmitted fun(pattern: {kind?: string, piece?: string, name?: string, count?: integer, [string]: any})
---@field toMatchGolden fun(name: string, options?: {elements?: string[], tolerance?: number|table<string, number>})
---@field toBeFinite fun(options?: {from?: number})
---@field toBeContinuous fun(options?: {maxStep?: number, except?: string[], from?: number, [string]: number})
---@field toBeStillUnderReduceMotion fun(options?: {moving?: string[], from?: number})
---@field toHaveHitTargets fun(side?: number, options?: {except?: string[]})
---@field toHaveAccessibilityLabels fun()
---@field toStayInside fun(where: "screen"|"safeArea"|{x: number, y: number, w: number, h: number}, options?: {except?: string[]})

---@param value any
---@return piecebox.expectation
function expect(value) end

---Values over time: `series(values[, times])`, and what `s:frames()` gives.
---@class piecebox.series
---@field map fun(self: piecebox.series, fn: fun(value: any, t: number): any): piecebox.series
---@field filter fun(self: piecebox.series, fn: fun(value: any, t: number): boolean): piecebox.series
---@field at fun(self: piecebox.series, t: number): any
---@field first fun(self: piecebox.series): any
---@field last fun(self: piecebox.series): any
---@field count fun(self: piecebox.series): integer
---@field max fun(self: piecebox.series): number?
---@field min fun(self: piecebox.series): number?
---@field list fun(self: piecebox.series): any[]
---@field settleTime fun(self: piecebox.series, tolerance?: number): number
---@field overshoot fun(self: piecebox.series): number

---@param ... any
---@return piecebox.series
function series(...) end
