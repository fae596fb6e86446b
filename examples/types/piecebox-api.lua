---@meta
-- PieceBox's Lua API for lua-language-server, generated from the binding registry and the test
-- framework by `piecebox stubs`; do not edit it. After changing a binding, run: piecebox stubs --out examples/types
-- The registry names each type's options, methods and readings but not what they take or give, so
-- those are `any` below; a type is named only where the registry says which call gives it.

-- Types scripts hold (the binding registry).

---`stage`: made by `Stage{...}`. Plugins may add methods.
---@class piecebox.stage
---@field fps any # read-only
---@field frameIndex any # read-only
---@field width any # read-only
---@field height any # read-only
---@field advance fun(self: piecebox.stage, ...: any): any
---@field frames fun(self: piecebox.stage, ...: any): any
---@field settle fun(self: piecebox.stage, ...: any): any
---@field jump fun(self: piecebox.stage, ...: any): any
---@field now fun(self: piecebox.stage, ...: any): any
---@field frame fun(self: piecebox.stage, ...: any): any
---@field frameAt fun(self: piecebox.stage, ...: any): any
---@field environment fun(self: piecebox.stage, ...: any): any
---@field runUntil fun(self: piecebox.stage, ...: any): any
---@field after fun(self: piecebox.stage, ...: any): piecebox.work
---@field every fun(self: piecebox.stage, ...: any): piecebox.work
---@field emit fun(self: piecebox.stage, ...: any): any
---@field piece fun(self: piecebox.stage, options?: piecebox.pieceOptions): piecebox.piece
---@field player fun(self: piecebox.stage, options?: piecebox.playerOptions): piecebox.player
---@field nowPlaying fun(self: piecebox.stage, options?: piecebox.nowPlayingOptions): piecebox.nowPlaying
---@field page fun(self: piecebox.stage, options?: piecebox.pageOptions): piecebox.page
---@field scrollIsland fun(self: piecebox.stage, options?: piecebox.scrollIslandOptions): piecebox.scrollIsland
---@field miniPlayer fun(self: piecebox.stage, options?: piecebox.miniPlayerOptions): piecebox.miniPlayer
---@field vinyl fun(self: piecebox.stage, options?: piecebox.vinylOptions): piecebox.vinyl
---@field borderBeam fun(self: piecebox.stage, options?: piecebox.borderBeamOptions): piecebox.borderBeam
---@field metalButton fun(self: piecebox.stage, options?: piecebox.metalButtonOptions): piecebox.metalButton
---@field glassGroup fun(self: piecebox.stage, options?: piecebox.glassGroupOptions): piecebox.glassGroup
---@field tools fun(self: piecebox.stage, options?: piecebox.toolsOptions): piecebox.tools
---@field sheet fun(self: piecebox.stage, options?: piecebox.sheetOptions): piecebox.sheet
---@field tabBar fun(self: piecebox.stage, options?: piecebox.tabBarOptions): piecebox.tabBar
---@field buds fun(self: piecebox.stage, options?: piecebox.budsOptions): piecebox.buds

---The options table that makes a `stage`.
---@class piecebox.stageOptions
---@field width? any
---@field height? any
---@field safeArea? any
---@field reduceMotion? any
---@field layoutDirection? any
---@field dynamicTypeSize? any
---@field colorScheme? any
---@field isEnabled? any
---@field reduceTransparency? any
---@field fps? any
---@field history? any

---`piece`: made by `s:piece{...}` on a stage. Plugins may add methods.
---@class piecebox.piece
---@field name any # read-only
---@field state any # read-only
---@field layout any # read-only
---@field tap fun(self: piecebox.piece, ...: any): any
---@field drag fun(self: piecebox.piece, ...: any): any
---@field fling fun(self: piecebox.piece, ...: any): any
---@field touch fun(self: piecebox.piece, ...: any): piecebox.finger
---@field key fun(self: piecebox.piece, ...: any): any
---@field accessibility fun(self: piecebox.piece, ...: any): any
---@field perform fun(self: piecebox.piece, ...: any): any
---@field part fun(self: piecebox.piece, ...: any): any
---@field set fun(self: piecebox.piece, ...: any): any

---The options table that makes a `piece`.
---@class piecebox.pieceOptions
---@field name? any
---@field state? any
---@field layout? any
---@field onTouch? any
---@field onKey? any
---@field accessibility? any
---@field perform? any
---@field parts? any
---@field timeline? any

---`finger`: given by `<piece>:touch(...)`. Plugins may add methods.
---@class piecebox.finger
---@field location any # read-only
---@field isDown any # read-only
---@field move fun(self: piecebox.finger, ...: any): any
---@field moveTo fun(self: piecebox.finger, ...: any): any
---@field up fun(self: piecebox.finger, ...: any): any
---@field cancel fun(self: piecebox.finger, ...: any): any

---`player`: made by `s:player{...}` on a stage. Plugins may add methods.
---@class piecebox.player
---@field time any # read-only
---@field reportedTime any # read-only
---@field duration any # read-only
---@field isPlaying any # read-only
---@field isLive any # read-only
---@field hasPendingSeek any # read-only
---@field title any # read-only
---@field artist any # read-only
---@field track any # read-only
---@field count any # read-only
---@field play fun(self: piecebox.player, ...: any): any
---@field pause fun(self: piecebox.player, ...: any): any
---@field toggle fun(self: piecebox.player, ...: any): any
---@field seek fun(self: piecebox.player, ...: any): any
---@field skip fun(self: piecebox.player, ...: any): any
---@field load fun(self: piecebox.player, ...: any): any
---@field calls fun(self: piecebox.player, ...: any): any

---The options table that makes a `player`.
---@class piecebox.playerOptions
---@field tracks? any
---@field time? any
---@field isPlaying? any
---@field updateInterval? any
---@field seekConfirmation? any
---@field trackEnd? any
---@field name? any

---`nowPlaying`: made by `s:nowPlaying{...}` on a stage. Plugins may add methods.
---@class piecebox.nowPlaying
---@field name any # read-only
---@field expanded any # read-only
---@field isOpen any # read-only
---@field shownTime any # read-only
---@field isScrubbing any # read-only
---@field pendingSeek any # read-only
---@field state any # read-only
---@field layout any # read-only
---@field tap fun(self: piecebox.nowPlaying, ...: any): any
---@field drag fun(self: piecebox.nowPlaying, ...: any): any
---@field fling fun(self: piecebox.nowPlaying, ...: any): any
---@field touch fun(self: piecebox.nowPlaying, ...: any): piecebox.finger
---@field key fun(self: piecebox.nowPlaying, ...: any): any
---@field accessibility fun(self: piecebox.nowPlaying, ...: any): any
---@field perform fun(self: piecebox.nowPlaying, ...: any): any
---@field part fun(self: piecebox.nowPlaying, ...: any): any
---@field setExpanded fun(self: piecebox.nowPlaying, ...: any): any
---@field set fun(self: piecebox.nowPlaying, ...: any): any

---The options table that makes a `nowPlaying`.
---@class piecebox.nowPlayingOptions
---@field player? any
---@field skipping? any
---@field expanded? any
---@field messages? any
---@field onSkip? any
---@field onSeek? any
---@field name? any

---`page`: made by `s:page{...}` on a stage. Plugins may add methods.
---@class piecebox.page
---@field name any # read-only
---@field selection any # read-only
---@field sectionAtAnchor any # read-only
---@field offset any # read-only
---@field readFraction any # read-only
---@field contentHeight any # read-only
---@field minOffset any # read-only
---@field maxOffset any # read-only
---@field isMoving any # read-only
---@field count any # read-only
---@field tap fun(self: piecebox.page, ...: any): any
---@field drag fun(self: piecebox.page, ...: any): any
---@field touch fun(self: piecebox.page, ...: any): piecebox.finger
---@field key fun(self: piecebox.page, ...: any): any
---@field accessibility fun(self: piecebox.page, ...: any): any
---@field perform fun(self: piecebox.page, ...: any): any
---@field part fun(self: piecebox.page, ...: any): any
---@field scroll fun(self: piecebox.page, ...: any): any
---@field fling fun(self: piecebox.page, ...: any): any
---@field keyboard fun(self: piecebox.page, ...: any): any
---@field section fun(self: piecebox.page, ...: any): any

---The options table that makes a `page`.
---@class piecebox.pageOptions
---@field sections? any
---@field name? any
---@field selection? any
---@field keyboard? any
---@field spacing? any
---@field paddingTop? any
---@field paddingBottom? any

---`scrollIsland`: made by `s:scrollIsland{...}` on a stage. Plugins may add methods.
---@class piecebox.scrollIsland
---@field name any # read-only
---@field isOpen any # read-only
---@field isExpanded any # read-only
---@field selection any # read-only
---@field current any # read-only
---@field shown any # read-only
---@field puckRow any # read-only
---@field readFraction any # read-only
---@field count any # read-only
---@field layout any # read-only
---@field tap fun(self: piecebox.scrollIsland, ...: any): any
---@field drag fun(self: piecebox.scrollIsland, ...: any): any
---@field fling fun(self: piecebox.scrollIsland, ...: any): any
---@field touch fun(self: piecebox.scrollIsland, ...: any): piecebox.finger
---@field key fun(self: piecebox.scrollIsland, ...: any): any
---@field accessibility fun(self: piecebox.scrollIsland, ...: any): any
---@field perform fun(self: piecebox.scrollIsland, ...: any): any
---@field part fun(self: piecebox.scrollIsland, ...: any): any
---@field setExpanded fun(self: piecebox.scrollIsland, ...: any): any
---@field set fun(self: piecebox.scrollIsland, ...: any): any

---The options table that makes a `scrollIsland`.
---@class piecebox.scrollIslandOptions
---@field page? any
---@field name? any
---@field progress? any
---@field showsTopButton? any
---@field maxWidth? any
---@field isExpanded? any
---@field messages? any

---`miniPlayer`: made by `s:miniPlayer{...}` on a stage. Plugins may add methods.
---@class piecebox.miniPlayer
---@field name any # read-only
---@field isExpanded any # read-only
---@field progress any # read-only
---@field dragOffset any # read-only
---@field layout any # read-only
---@field tap fun(self: piecebox.miniPlayer, ...: any): any
---@field drag fun(self: piecebox.miniPlayer, ...: any): any
---@field fling fun(self: piecebox.miniPlayer, ...: any): any
---@field touch fun(self: piecebox.miniPlayer, ...: any): piecebox.finger
---@field key fun(self: piecebox.miniPlayer, ...: any): any
---@field accessibility fun(self: piecebox.miniPlayer, ...: any): any
---@field perform fun(self: piecebox.miniPlayer, ...: any): any
---@field part fun(self: piecebox.miniPlayer, ...: any): any

---The options table that makes a `miniPlayer`.
---@class piecebox.miniPlayerOptions
---@field player? any
---@field name? any
---@field messages? any

---`vinyl`: made by `s:vinyl{...}` on a stage. Plugins may add methods.
---@class piecebox.vinyl
---@field angle any # read-only
---@field speed any # read-only
---@field rpm any # read-only
---@field isEasing any # read-only
---@field isPlaying any # read-only
---@field name any # read-only
---@field updates any # read-only
---@field tap fun(self: piecebox.vinyl, ...: any): any
---@field drag fun(self: piecebox.vinyl, ...: any): any
---@field fling fun(self: piecebox.vinyl, ...: any): any
---@field touch fun(self: piecebox.vinyl, ...: any): piecebox.finger
---@field key fun(self: piecebox.vinyl, ...: any): any
---@field accessibility fun(self: piecebox.vinyl, ...: any): any
---@field perform fun(self: piecebox.vinyl, ...: any): any
---@field part fun(self: piecebox.vinyl, ...: any): any
---@field set fun(self: piecebox.vinyl, ...: any): any

---The options table that makes a `vinyl`.
---@class piecebox.vinylOptions
---@field player? any
---@field isPlaying? any
---@field rpm? any
---@field ramp? any
---@field x? any
---@field y? any
---@field w? any
---@field h? any
---@field name? any
---@field accessibilityName? any

---`borderBeam`: made by `s:borderBeam{...}` on a stage. Plugins may add methods.
---@class piecebox.borderBeam
---@field name any # read-only
---@field heads any # read-only
---@field length any # read-only

---The options table that makes a `borderBeam`.
---@class piecebox.borderBeamOptions
---@field x? any
---@field y? any
---@field w? any
---@field h? any
---@field radius? any
---@field shape? any
---@field lap? any
---@field tail? any
---@field width? any
---@field bloom? any
---@field start? any
---@field starts? any
---@field name? any

---`metalButton`: made by `s:metalButton{...}` on a stage. Plugins may add methods.
---@class piecebox.metalButton
---@field name any # read-only
---@field title any # read-only
---@field frame any # read-only
---@field tap fun(self: piecebox.metalButton, ...: any): any
---@field drag fun(self: piecebox.metalButton, ...: any): any
---@field fling fun(self: piecebox.metalButton, ...: any): any
---@field touch fun(self: piecebox.metalButton, ...: any): piecebox.finger
---@field key fun(self: piecebox.metalButton, ...: any): any
---@field accessibility fun(self: piecebox.metalButton, ...: any): any
---@field perform fun(self: piecebox.metalButton, ...: any): any
---@field part fun(self: piecebox.metalButton, ...: any): any

---The options table that makes a `metalButton`.
---@class piecebox.metalButtonOptions
---@field title? any
---@field symbol? any
---@field x? any
---@field y? any
---@field name? any

---`glassGroup`: made by `s:glassGroup{...}` on a stage. Plugins may add methods.
---@class piecebox.glassGroup
---@field name any # read-only
---@field spacing any # read-only
---@field ids any # read-only
---@field merged any # read-only
---@field tap fun(self: piecebox.glassGroup, ...: any): any
---@field drag fun(self: piecebox.glassGroup, ...: any): any
---@field fling fun(self: piecebox.glassGroup, ...: any): any
---@field touch fun(self: piecebox.glassGroup, ...: any): piecebox.finger
---@field key fun(self: piecebox.glassGroup, ...: any): any
---@field accessibility fun(self: piecebox.glassGroup, ...: any): any
---@field perform fun(self: piecebox.glassGroup, ...: any): any
---@field part fun(self: piecebox.glassGroup, ...: any): any
---@field insert fun(self: piecebox.glassGroup, ...: any): any
---@field remove fun(self: piecebox.glassGroup, ...: any): any
---@field set fun(self: piecebox.glassGroup, ...: any): any

---The options table that makes a `glassGroup`.
---@class piecebox.glassGroupOptions
---@field spacing? any
---@field shapes? any
---@field name? any

---`tools`: made by `s:tools{...}` on a stage. Plugins may add methods.
---@class piecebox.tools
---@field name any # read-only
---@field spacing any # read-only
---@field ids any # read-only
---@field merged any # read-only
---@field expanded any # read-only
---@field tap fun(self: piecebox.tools, ...: any): any
---@field drag fun(self: piecebox.tools, ...: any): any
---@field fling fun(self: piecebox.tools, ...: any): any
---@field touch fun(self: piecebox.tools, ...: any): piecebox.finger
---@field key fun(self: piecebox.tools, ...: any): any
---@field accessibility fun(self: piecebox.tools, ...: any): any
---@field perform fun(self: piecebox.tools, ...: any): any
---@field part fun(self: piecebox.tools, ...: any): any
---@field toggle fun(self: piecebox.tools, ...: any): any
---@field setExpanded fun(self: piecebox.tools, ...: any): any

---The options table that makes a `tools`.
---@class piecebox.toolsOptions
---@field expanded? any
---@field name? any

---`sheet`: made by `s:sheet{...}` on a stage. Plugins may add methods.
---@class piecebox.sheet
---@field name any # read-only
---@field presented any # read-only
---@field detent any # read-only
---@field detents any # read-only
---@field layout any # read-only
---@field tap fun(self: piecebox.sheet, ...: any): any
---@field drag fun(self: piecebox.sheet, ...: any): any
---@field fling fun(self: piecebox.sheet, ...: any): any
---@field touch fun(self: piecebox.sheet, ...: any): piecebox.finger
---@field key fun(self: piecebox.sheet, ...: any): any
---@field accessibility fun(self: piecebox.sheet, ...: any): any
---@field perform fun(self: piecebox.sheet, ...: any): any
---@field part fun(self: piecebox.sheet, ...: any): any
---@field present fun(self: piecebox.sheet, ...: any): any
---@field dismiss fun(self: piecebox.sheet, ...: any): any
---@field setDetent fun(self: piecebox.sheet, ...: any): any

---The options table that makes a `sheet`.
---@class piecebox.sheetOptions
---@field detents? any
---@field presented? any
---@field name? any

---`tabBar`: made by `s:tabBar{...}` on a stage. Plugins may add methods.
---@class piecebox.tabBar
---@field name any # read-only
---@field minimized any # read-only
---@field selected any # read-only
---@field tap fun(self: piecebox.tabBar, ...: any): any
---@field drag fun(self: piecebox.tabBar, ...: any): any
---@field fling fun(self: piecebox.tabBar, ...: any): any
---@field touch fun(self: piecebox.tabBar, ...: any): piecebox.finger
---@field key fun(self: piecebox.tabBar, ...: any): any
---@field accessibility fun(self: piecebox.tabBar, ...: any): any
---@field perform fun(self: piecebox.tabBar, ...: any): any
---@field part fun(self: piecebox.tabBar, ...: any): any
---@field select fun(self: piecebox.tabBar, ...: any): any
---@field setMinimized fun(self: piecebox.tabBar, ...: any): any

---The options table that makes a `tabBar`.
---@class piecebox.tabBarOptions
---@field page? any
---@field accessory? any
---@field minimizeBehavior? any
---@field selected? any
---@field name? any

---`buds`: made by `s:buds{...}` on a stage. Plugins may add methods.
---@class piecebox.buds
---@field name any # read-only
---@field present any # read-only
---@field out any # read-only
---@field bloom fun(self: piecebox.buds, ...: any): any
---@field gather fun(self: piecebox.buds, ...: any): any
---@field place fun(self: piecebox.buds, ...: any): any
---@field isOut fun(self: piecebox.buds, ...: any): any
---@field contains fun(self: piecebox.buds, ...: any): any

---The options table that makes a `buds`.
---@class piecebox.budsOptions
---@field name? any
---@field placed? any

---`work`: given by `stage:after(...)`, `stage:every(...)`.
---@class piecebox.work
---@field active any # read-only
---@field label any # read-only
---@field cancel fun(self: piecebox.work, ...: any): any

---The options table that makes a `work`.
---@class piecebox.workOptions
---@field background? any
---@field label? any

---`spring`: given by `motion.spring{...}`, `motion.tiers.<tier>`.
---@class piecebox.spring
---@field duration any # read-only
---@field bounce any # read-only
---@field response any # read-only
---@field dampingRatio any # read-only
---@field stiffness any # read-only
---@field damping any # read-only
---@field mass any # read-only
---@field settlingDuration any # read-only
---@field value fun(self: piecebox.spring, ...: any): any
---@field velocity fun(self: piecebox.spring, ...: any): any
---@field animation fun(self: piecebox.spring, ...: any): piecebox.animation

---The options table that makes a `spring`.
---@class piecebox.springOptions
---@field duration? any
---@field bounce? any
---@field response? any
---@field dampingRatio? any
---@field mass? any
---@field stiffness? any
---@field damping? any
---@field settlingDuration? any

---`animation`: given by `motion.roles.<role>`, `motion.easeIn(...)`, `<spring>:animation()`.
---@class piecebox.animation
---@field duration any # read-only
---@field description any # read-only
---@field value fun(self: piecebox.animation, ...: any): any
---@field velocity fun(self: piecebox.animation, ...: any): any
---@field isFinished fun(self: piecebox.animation, ...: any): any
---@field delay fun(self: piecebox.animation, ...: any): any
---@field speed fun(self: piecebox.animation, ...: any): any

---`tokens`: given by `motion.tiers`, `motion.roles`, `motion.reduced.*`.
---@class piecebox.tokens
---@field [string] any # any name it knows answers

-- Globals.

---`Stage{...}` makes a `stage`.
---@param options? piecebox.stageOptions
---@return piecebox.stage
function Stage(options) end

---The `motion` table.
---@class piecebox.motion
---@field spring fun(options: piecebox.springOptions): piecebox.spring
---@field easeIn fun(...: any): piecebox.animation
---@field easeOut fun(...: any): any
---@field easeInOut fun(...: any): any
---@field linear fun(...: any): any
---@field timingCurve fun(...: any): any
---@field interpolatingSpring fun(...: any): any
---@field rubberBand fun(...: any): any
---@field rubberBandIn fun(...: any): any
---@field project fun(...: any): any
---@field nearest fun(...: any): any
---@field pressScale fun(...: any): any
---@field settle fun(...: any): any
---@field follow fun(...: any): any
---@field cascade fun(...: any): any
---@field override fun(...: any): any
---@field resetOverrides fun(...: any): any
---@field pressAnchor fun(...: any): any
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
---@field white fun(...: any): any
---@field startAngle any

---@type piecebox.metal
metal = {}

---The `text` table.
---@class piecebox.text
---@field morph fun(...: any): any

---@type piecebox.text
text = {}

-- The test framework.

---Declares tests or a group: call it, or its `.only` (only such tests run) or `.skip`.
---@class piecebox.declarer
---@overload fun(...: any)
---@field only fun(...: any)
---@field skip fun(...: any)

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
---@field toBe fun(...: any)
---@field toEqual fun(...: any)
---@field toBeCloseTo fun(...: any)
---@field toBeGreaterThan fun(...: any)
---@field toBeGreaterThanOrEqual fun(...: any)
---@field toBeLessThan fun(...: any)
---@field toBeLessThanOrEqual fun(...: any)
---@field toBeTruthy fun(...: any)
---@field toBeFalsy fun(...: any)
---@field toBeNil fun(...: any)
---@field toContain fun(...: any)
---@field toThrow fun(...: any)
---@field toNeverDecrease fun(...: any)
---@field toNeverIncrease fun(...: any)
---@field toNeverExceed fun(...: any)
---@field toSettleWithin fun(...: any)
---@field toOvershootBy fun(...: any)
---@field toMatchGolden fun(...: any)

---@param value any
---@return piecebox.expectation
function expect(value) end

---Values over time: `series(values[, times])`, and what `s:frames()` gives.
---@class piecebox.series
---@field map fun(self: piecebox.series, ...: any): any
---@field filter fun(self: piecebox.series, ...: any): any
---@field at fun(self: piecebox.series, ...: any): any
---@field first fun(self: piecebox.series, ...: any): any
---@field last fun(self: piecebox.series, ...: any): any
---@field count fun(self: piecebox.series, ...: any): any
---@field max fun(self: piecebox.series, ...: any): any
---@field min fun(self: piecebox.series, ...: any): any
---@field list fun(self: piecebox.series, ...: any): any
---@field settleTime fun(self: piecebox.series, ...: any): any
---@field overshoot fun(self: piecebox.series, ...: any): any

---@param ... any
---@return piecebox.series
function series(...) end
