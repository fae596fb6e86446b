-- A floating glass sheet with .presentationDetents([.medium, .large]): it rises to medium (half the screen),
-- is dragged up to large, and is flicked down and away. Medium is inactive in compact height, so a phone held
-- sideways opens it at large.

test("presented at medium: half the screen, floating 8 points in", function()
  local s = Stage{}
  local sh = s:sheet{ detents = { "medium", "large" } }
  expect(sh.layout.medium).toBe(426)                           -- 852 / 2
  expect(sh.layout.large).toBe(69)                             -- the top safe area, 59, plus 10
  sh:present()
  s:settle()
  local f = s:frame()
  expect(sh.detent).toBe("medium")
  expect(f.sheet.sheet.y).toBe(426)
  expect(f.sheet.sheet.x).toBe(8)
  expect(f.sheet.sheet.h).toBe(418)                            -- 852 - 8 - 426
  expect(f.sheet.sheet.floating).toBe(true)
  expect(f.sheet.grabber.opacity).toBe(1)
end)

test("dragged from medium to large, then flicked down and away", function()
  local s = Stage{}
  local sh = s:sheet{ detents = { "medium", "large" }, presented = true }
  s:frames(1)
  -- a slow drag past halfway between the two tops (247.5) lands at large
  sh:drag{ part = "grabber", dy = -200, duration = 0.5 }
  s:settle()
  expect(sh.detent).toBe("large")
  local f = s:frame()
  expect(f.sheet.sheet.y).toBe(69)
  expect(f.sheet.sheet.x).toBe(0)                               -- flat against the sides at large
  expect(f.sheet.sheet.floating).toBe(false)
  -- a flick lifting at 69 + 120 = 189 coasts 0.099 x 5000 = 495 further, to 684: past 639, halfway from medium
  -- (426) to the bottom edge (852), so the sheet goes
  local from = s:now()
  sh:fling{ part = "sheet", dy = 120, velocity = 5000 }
  s:settle()
  expect(sh.presented).toBe(false)
  expect(s:frame().sheet.sheet.y).toBe(852)
  expect(s:events{ kind = "callback", from = from }:map(function(e) return e.name end):list()).toEqual({ "onDismiss" })
end)

test("a phone held sideways opens at large: medium is inactive in compact height", function()
  local s = Stage{ width = 852, height = 393, safeArea = { top = 0, bottom = 21, leading = 59, trailing = 59 } }
  local sh = s:sheet{ detents = { "medium", "large" } }
  expect(sh.detents).toEqual({ "large" })
  sh:present()
  s:settle()
  expect(sh.detent).toBe("large")
  expect(s:frame().sheet.sheet.y).toBe(10)
  expect(s:frame().sheet.grabber.opacity).toBe(0)             -- nothing to move between
  expect(function() sh:setDetent("medium") end).toThrow("the medium detent is not active here (active: large)")
end)

test("the rise is the reveal role's calm spring, with about 1.5 % give", function()
  local s = Stage{}
  local sh = s:sheet{ detents = { "medium", "large" } }
  s:frames(1)
  local from = s:now()
  sh:present()
  s:settle()
  local ys = s:frames{ from = from }:map(function(f) return f.sheet.sheet.y end)
  expect(ys).toOvershootBy(0.015, 0.005)
end)

test("bad detents are refused", function()
  local s = Stage{}
  expect(function() s:sheet{ detents = { "half" } } end).toThrow("detents[1] must be \"medium\" or \"large\", got \"half\"")
  expect(function() s:sheet{ detents = {} } end).toThrow("option 'detents' must be a non-empty list")
  local sh = s:sheet{}
  expect(function() sh:setDetent("large") end).toThrow("the sheet is not presented")
end)
