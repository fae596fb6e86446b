-- Drag the closed island sideways: one section per 32 points with a tick each, rubber-band give past the ends, and
-- the section under the finger committed on release.
local R = require("_recipe")

test("scrubbing steps one section per 32 points and commits on release", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  local from = s:now()
  island:drag{ part = "bar", dx = 100, duration = 0.5 }
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", piece = "scrollIsland", style = "selection", count = 3 }  -- crossings at 16, 48 and 80 points
  expect(page.selection).toBe("serving")
  s:settle()
  expect(s:frame().scrollIsland.title.text).toBe("Serving")
end)

test("within 8 points a touch is still a tap; past them it scrubs", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  island:drag{ part = "bar", dx = 8, duration = 0.1 }
  expect(island.isOpen).toBe(true)
  island:tap("bar")
  s:settle()
  island:drag{ part = "bar", dx = 8.5, duration = 0.1 }
  expect(island.isOpen).toBe(false)
  expect(page.selection).toBeNil()        -- 8.5 / 32 rounds back to the first section
end)

test("scrub past the last section and release", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  page:scroll{ to = "notes" }
  s:settle()
  local rest = s:frame().scrollIsland.glass.x
  local from = s:now()
  local finger = island:touch("bar")
  s:frames(1)
  for _ = 1, 12 do finger:move(8, 0) s:frames(1) end         -- 96 points toward later sections
  local g = s:frame().scrollIsland.glass
  -- the give for 96 points past the end: (1 − 1/(96·0.55/14 + 1))·14
  local give = (1 - 1 / (96 * 0.55 / 14 + 1)) * 14
  expect(g.x - rest).toBeCloseTo(give, 1e-9)
  expect(give).toBeLessThan(14)
  expect(g.scale).toBeGreaterThan(1)                          -- lifted under the finger
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", piece = "scrollIsland", style = "selection", count = 0 }
  s:frames(12)                                                -- still for a moment: it lets go at rest
  finger:up()
  local released = s:now()
  s:settle()
  local xs = s:frames{ from = released }:map(function(f) return f.scrollIsland.glass.x end)
  expect(xs:last()).toBe(rest)
  expect(page.selection).toBe("notes")
  expect(s:frame().scrollIsland.glass.scale).toBe(1)
end)

test("scrubbing before the first section gives the other way", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  local rest = s:frame().scrollIsland.glass.x
  local finger = island:touch("bar")
  s:frames(1)
  finger:move(-40, 0)
  s:frames(1)
  expect(s:frame().scrollIsland.glass.x - rest).toBeCloseTo(-(1 - 1 / (40 * 0.55 / 14 + 1)) * 14, 1e-9)
  finger:cancel()
  s:settle()
  expect(s:frame().scrollIsland.glass.x).toBe(rest)
  expect(page.selection).toBeNil()
end)
