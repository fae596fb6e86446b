-- The floating glass sheet with medium and large detents, explored: presented and dismissed by the app, its detent
-- set, dragged and flicked by the grabber or anywhere on it, the grabber tapped, escape, waits, and a phone held
-- sideways (where medium is inactive). The specification's sheet moves on the reveal, dismiss and snap roles (a
-- release on the snap spring at the finger's speed), so nothing jumps; it rests at a detent or off the bottom edge
-- within 3 s, and its grabber and the sheet are labelled for VoiceOver.
local E = require("_explore")

local function stage(reduceMotion, sideways)
  local s = Stage{ width = sideways and 852 or 393, height = sideways and 393 or 852,
    safeArea = sideways and { top = 0, bottom = 21 } or { top = 59, bottom = 34 }, fps = 60,
    reduceMotion = reduceMotion }
  local sh = s:sheet{ detents = { "medium", "large" } }
  s:frames(1)
  return s, { sh = sh }
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

-- Most actions need a sheet on screen: on a dismissed one they present it instead, so a run that dismissed the
-- sheet keeps acting (discarding them would leave most steps unchecked, which the health check refuses).
local function shown(w)
  if w.sh.presented then return true end
  w.sh:present()
  return false
end

local actions = {
  present = function(s, w) w.sh:present() end,
  dismiss = function(s, w) if shown(w) then w.sh:dismiss() end end,
  detent = function(s, w, gen)
    if not shown(w) then return end
    local d = gen.pick{ "medium", "large" }
    local active = false
    for _, a in ipairs(w.sh.detents) do active = active or a == d end
    gen.assume(active)
    w.sh:setDetent(d)
  end,
  drag = function(s, w, gen)
    if not shown(w) then return end
    local part, dy = gen.pick{ "sheet", "grabber" }, gen.number(-500, 500)
    w.sh:drag{ part = part, dy = dy, duration = swipeTime(gen, 0, dy, 0.8) }
  end,
  fling = function(s, w, gen)
    if not shown(w) then return end
    -- A flick of no distance is refused by design (the finger must travel), and a draw may give exactly 0.
    local dy = gen.number(-200, 200)
    gen.assume(dy ~= 0)
    w.sh:fling{ part = "sheet", dy = dy, velocity = gen.number(100, 6000) }
  end,
  grabber = function(s, w) if shown(w) then w.sh:tap("grabber") end end,
  escape = function(s, w) if shown(w) then w.sh:key("escape") end end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

-- The sheet's grabber is the system's 36 by 5 capsule (`SheetLayout.grabberSize`, a named judgement of the system's
-- drawing), and the model gives VoiceOver's "Sheet Grabber" button that frame: under 44 by the system's design, not
-- a model's mistake (VoiceOver reaches it by swiping; a finger drags the whole sheet).
local hitTargets = { except = { "sheet.grabber" } }
-- A dismissed sheet rests below the screen's bottom edge by design (its top edge at the bottom, grabber and all).
local onScreen = { except = { "sheet" } }

local function rules(...) return E.rules({ "labels", hitTargets = hitTargets, onScreen = onScreen }, ...) end

explore("the sheet never jumps and rests at a detent", {
  setup = function() return stage(false, false) end,
  actions = actions,
  invariants = rules("finite", "continuous", "settles"),
  steps = 20, runs = 200,
})

explore("held sideways the sheet never jumps and rests at large", {
  setup = function() return stage(false, true) end,
  actions = actions,
  invariants = rules("finite", "continuous", "settles"),
  check = function(s, w)
    -- Medium is inactive in compact height: a presented sheet is at large or on its way there.
    if w.sh.presented then expect(w.sh.detent).toBe("large") end
  end,
  steps = 20, runs = 200,
})

-- Under Reduce Motion the sheet's roles become the foundation's short eases (reveal 0.2 s out, dismiss 0.18 s in,
-- snap the still spring): the sheet still travels between detents (the system's sheet slides under Reduce Motion
-- too, and the specification names no other way), so `still` is not a rule here; it must still never jump.
explore("under Reduce Motion the sheet never jumps and rests at a detent", {
  setup = function() return stage(true, false) end,
  actions = actions,
  invariants = rules("finite", "continuous", "settles"),
  steps = 20, runs = 200,
})
