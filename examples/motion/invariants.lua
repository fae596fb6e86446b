-- The motion rules every piece should keep, asserted over a stage's kept frames: no NaN, no jump between two frames,
-- nothing but opacities (and what the specification allows) changing under Reduce Motion.

local function nowPlaying(s)
  local p = s:player{ tracks = { { title = "Midnight Drive", artist = "The Night Owls", duration = 200 } } }
  return s:nowPlaying{ player = p }
end

test("NowPlaying opens and closes without a jump", function()
  local s = Stage{ fps = 60 }
  local np = nowPlaying(s)
  s:advance(0.1)
  np:tap()
  s:settle()
  np:setExpanded(false)
  s:settle()
  expect(s).toBeFinite()
  expect(s).toBeContinuous()                       -- at most 150 points a frame, the default
end)

test("after the last input every motion ends in time", function()
  local s = Stage{ fps = 60 }
  local np = nowPlaying(s)
  s:advance(0.1)
  np:tap()
  -- The card is still opening a fifth of a second after the tap: the failure names the first number still moving.
  expect(function() expect(s).toSettleWithin(0.2) end).toThrow("nowPlaying.surface.y still moving 0.2 s later")
  expect(s).toSettleWithin(2)
  -- A disc's turning is ambient motion, which never holds a stage up.
  s:vinyl{ isPlaying = true }
  expect(s).toSettleWithin(0.1)
end)

test("a change made outside any animation is a jump, named with its frame and numbers", function()
  local s = Stage{ fps = 60 }
  local card = s:piece{ name = "card", state = { x = 0 }, layout = function(st)
    return { box = { x = st.x, y = 0, w = 10, h = 10 } }
  end }
  s:advance(0.1)                                   -- frames 0 to 6 (0.1 s at 60 fps)
  card:set({ x = 200 })                            -- no animation: frame 7 (7 / 60 = 0.116667 s) shows it moved
  s:advance(0.1)
  expect(s).never.toBeContinuous{ maxStep = 40 }
  expect(function() expect(s).toBeContinuous{ maxStep = 40 } end)
    .toThrow("frame 7 (t = 0.116667 s): card.box.x moved 200 in one frame (at most 40): 0 → 200")
  -- A property may have a limit of its own, or be left out.
  expect(s).toBeContinuous{ maxStep = 40, x = 200 }
  expect(s).toBeContinuous{ maxStep = 40, except = { "box.x" } }
  -- Only the frames from a time on: the jump is before 0.2 s.
  expect(s).toBeContinuous{ maxStep = 40, from = 0.2 }
end)

test("under Reduce Motion a playing disc holds still, and a snap is named", function()
  local s = Stage{ fps = 60 }
  s:environment{ reduceMotion = true }
  local v = s:vinyl{ isPlaying = true }           -- docs/pieces/vinyl.md: no turning under Reduce Motion
  s:advance(1)
  expect(s).toBeStillUnderReduceMotion()
  -- Moving the disc is a motion, whatever the setting; naming `x` lets it change.
  v:set{ x = 10, y = 10, w = 200, h = 200 }
  s:advance(0.1)
  expect(function() expect(s).toBeStillUnderReduceMotion() end).toThrow("moved under Reduce Motion")
  -- It moved at once, in the first frame after 1 s (61 / 60 = 1.0167 s); from 1.05 s on it holds still again.
  expect(s).toBeStillUnderReduceMotion{ from = 1.05 }
  expect(s).never.toBeStillUnderReduceMotion{ from = 1.0 }
end)

test("bad options are named", function()
  local s = Stage{}
  expect(function() expect(s).toBeContinuous{ maxStep = -1 } end).toThrow("option 'maxStep' must be a number of at least 0, got -1")
  expect(function() expect(s).toBeStillUnderReduceMotion{ moving = { 3 } } end).toThrow("moving[1] must be a property name")
  expect(function() expect(3).toBeFinite() end).toThrow("toBeFinite: expect() must be given a stage")
end)

test("at rest: hit targets, labels, and parts inside the screen", function()
  local s = Stage{}
  s:nowPlaying{ player = s:player{ tracks = { { title = "Midnight Drive", artist = "The Night Owls", duration = 200 } } } }
  s:settle()
  expect(s).toHaveHitTargets()                     -- every button at least 44 by 44 points
  expect(s).toHaveAccessibilityLabels()
  expect(s).toStayInside("screen")
  -- A page's content runs past the screen by design: name it as an exception.
  local pg = s:page{ sections = { { id = "a", title = "One", height = 900 } } }
  s:settle()
  expect(function() expect(s).toStayInside("screen") end)
    .toThrow("page.section.1.rect { x = 0, y = 59, w = 393, h = 900 } is not inside { x = 0, y = 0, w = 393, h = 852 }")
  expect(s).toStayInside("screen", { except = { "page" } })
  expect(pg.count).toBe(1)
  -- A custom bound: no part of NowPlaying's bar is above y = 600.
  expect(s).toStayInside({ x = 0, y = 600, w = 393, h = 252 }, { except = { "page" } })
  expect(function() expect(s).toStayInside("middle") end).toThrow('argument 1 must be "screen", "safeArea" or a rect')
end)
