-- Reduce Motion: the glass grows and shrinks on short eases, the rows come with no beat, the puck slides on one
-- short spring without stretching, the title cross-fades, the bubble appears in place, the scrub has no give.
local R = require("_recipe")

test("the glass grows on a 0.2 s ease out and the rows arrive without waiting", function()
  local s = R.stage{ reduceMotion = true }
  local _, island = R.recipe(s)
  island:tap("bar")
  s:now()
  s:advance(0.1)
  local ease = motion.easeOut(0.2)
  expect(s:frame().scrollIsland.glass.h).toBeCloseTo(48 + (276 - 48) * ease:value(0.1), 1e-9)
  expect(s:frame().scrollIsland.rows.opacity).toBeGreaterThan(0)
  s:settle()
  island:tap("bar")
  s:advance(0.1)
  local shrink = motion.easeIn(0.18)                          -- no 0.08 s wait for the rows either
  expect(s:frame().scrollIsland.glass.h).toBeCloseTo(276 - (276 - 48) * shrink:value(0.1), 1e-9)
end)

test("the puck slides without stretching", function()
  local s = R.stage{ reduceMotion = true }
  local _, island = R.recipe(s)
  island:key("space")
  s:settle()
  island:key("down")
  island:key("down")
  for _ = 1, 30 do
    s:frames(1)
    local p = s:frame().scrollIsland.puck
    expect(p.bottom - p.top).toBeCloseTo(44, 1e-9)
  end
end)

test("the title cross-fades and the bubble appears in place", function()
  local s = R.stage{ reduceMotion = true }
  local page = R.recipe(s)
  page:scroll{ to = "method" }
  s:frames(1)
  local f = s:frame().scrollIsland
  expect(f.title.morph).toBe("fade")
  expect(f.bubble.scale).toBe(0.001)                           -- closed to nothing where it will rest
  s:settle()
  f = s:frame().scrollIsland
  expect(f.bubble.scale).toBe(1)
  expect(f.bubble.x + f.bubble.w + 4).toBeCloseTo(f.glass.x, 1e-9)
end)

test("no give past the ends and no lift", function()
  local s = R.stage{ reduceMotion = true }
  local _, island = R.recipe(s)
  local rest = s:frame().scrollIsland.glass.x
  local finger = island:touch("bar")
  s:frames(1)
  finger:move(-60, 0)
  s:frames(1)
  expect(s:frame().scrollIsland.glass.x).toBe(rest)
  expect(s:frame().scrollIsland.glass.scale).toBe(1)
  finger:up()
end)

test("a tapped row in a scrolling list is picked after 60 ms", function()
  local s = R.stage{ reduceMotion = true }
  local page = s:page{ sections = R.plain(40, 300) }
  local island = s:scrollIsland{ page = page }
  island:tap("bar")
  s:settle()
  island:tap("row", 2)
  local lifted = s:now()
  s:runUntil(function() return not island.isOpen end, 1)
  expect(s:now() - lifted).toBeCloseTo(0.06, 1 / 120)
  expect(page.selection).toBe("p2")
end)
