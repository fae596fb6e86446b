-- A card written as a Lua piece, opened and closed on the motion roles, checked frame by frame.

local function card(s)
  return s:piece{
    name = "card",
    state = { open = false },
    layout = function(state, env)
      local h = state.open and 600 or 64
      return { surface = { x = 16, y = env.height - env.safeArea.bottom - h, w = env.width - 32, h = h,
                           radius = state.open and 34 or 32 } }
    end,
  }
end

local function heights(s, from)
  return s:frames{ from = from }:map(function(f) return f.card.surface.h end)
end

test("one second at 120 fps is exactly 120 frames", function()
  local s = Stage{ fps = 120 }
  expect(s:advance(1.0)).toBe(120)
  expect(s:now()).toBe(1.0)
  expect(s:frame().frame).toBe(120)
  expect(s:frame().t).toBe(1.0)
end)

test("opening on reveal starts on the next frame and overshoots like the calm spring", function()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
  local c = card(s)
  s:advance(0.1)
  local tapped = s:now()
  c:set({ open = true }, motion.roles.reveal)
  s:frames(1)
  expect(s:frame().card.surface.h).toBe(64)          -- the start value, on the first frame after the change
  s:frames(1)
  expect(s:frame().card.surface.h).toBeGreaterThan(64)
  local ran = s:settle()
  expect(ran).toBeLessThan(130)
  local h = heights(s, tapped)
  expect(h:last()).toBe(600)
  expect(h).toOvershootBy(0.0152, 0.002)              -- calm: about 1.5 %
  expect(h).toSettleWithin(0.6)
  expect(c.layout.surface.h).toBe(600)
end)

test("a close over a running open keeps the spring's speed", function()
  local s = Stage{}
  local c = card(s)
  c:set({ open = true }, motion.roles.reveal)
  s:advance(0.15)
  c:set({ open = false }, motion.roles.reveal)        -- springs merge: position and velocity carry over
  local before = s:frame().card.surface.h
  s:frames(2)
  local after = s:frame().card.surface.h
  expect(after).toBeGreaterThan(before)                -- still rising for a moment: the velocity carried over
  s:settle()
  expect(s:frame().card.surface.h).toBe(64)
end)

test("an ease out over a running spring blends to the new target", function()
  local s = Stage{}
  local c = card(s)
  c:set({ open = true }, motion.roles.reveal)
  s:advance(0.1)
  c:set({ open = false }, motion.easeOut(0.3))
  s:advance(0.4)
  expect(s:frame().card.surface.h).toBe(64)
end)

test("a change with no animation snaps", function()
  local s = Stage{}
  local c = card(s)
  c:set({ open = true })
  s:frames(1)
  expect(s:frame().card.surface.h).toBe(600)
end)

test("reduce motion opens on a 0.2 s ease out that never overshoots", function()
  local s = Stage{ reduceMotion = true }
  local c = card(s)
  local start = s:now()
  c:set({ open = true }, motion.reduced.roles.reveal)
  s:settle()
  local h = heights(s, start)
  expect(h).toNeverDecrease()
  expect(h).toNeverExceed(600)
  expect(h).toSettleWithin(0.21)
end)

test("settle names what is still moving when it gives up", function()
  local s = Stage{}
  local c = card(s)
  c:set({ open = true }, motion.roles.reveal)
  expect(function() s:settle{ maxFrames = 10 } end).toThrow("card.surface.h")
end)

test("bad arguments name the function and the argument", function()
  local s = Stage{}
  expect(function() s:advance("1") end).toThrow("stage:advance: argument 1 must be a number of seconds, got string")
  expect(function() Stage{ fps = 0 } end).toThrow("option 'fps' must be a whole number")
  expect(function() Stage{ widht = 3 } end).toThrow("unknown option 'widht'")
end)

test("frames stay a series even when a script reuses the name", function()
  local s = Stage{}
  card(s)
  s:advance(0.05)
  local saved = series
  series = nil -- luacheck: ignore 121 (the test replaces the global on purpose)
  local frames = s:frames()
  series = saved -- luacheck: ignore 121 (and puts it back)
  expect(frames:count()).toBe(6)
end)
