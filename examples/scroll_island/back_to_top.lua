-- The back-to-top bubble: it buds out of the island's leading end once the reader is past the first section, a tap
-- takes the page to the top, and it melts home.
local R = require("_recipe")

test("tapping the bubble selects the first section and it melts home", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  page:scroll{ to = "method" }
  s:settle()
  local b = s:frame().scrollIsland.bubble
  expect(b.out).toBe(true)
  expect(b.scale).toBe(1)
  expect(b.w).toBe(48)
  local from = s:now()
  island:tap("bubble")
  expect(page.selection).toBe("overview")
  -- the first section's top at the anchor: 24 points of padding above it stay under the bar
  expect(page.offset).toBe(page:section("overview").restingOffset)
  expect(page.offset).toBe(page.minOffset + 24)
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", piece = "scrollIsland", style = "selection", count = 1 }
  s:frames(1)
  expect(s:frame().scrollIsland.bubble.out).toBe(false)
  s:advance(0.5)
  expect(s:frame().scrollIsland.bubble).toBeTruthy()        -- still melting in
  s:advance(0.1)
  expect(s:frame().scrollIsland.bubble).toBeNil()           -- removed 0.56 s after it was called home
  s:settle()
  expect(s:frame().scrollIsland.glass.x + s:frame().scrollIsland.glass.w / 2).toBeCloseTo(196.5, 1e-9)
end)

test("the bubble is VoiceOver's Back to top while it is out", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  page:scroll{ to = "serving" }
  s:settle()
  local tree = island:accessibility()
  expect(tree[1].id).toBe("bubble")
  expect(tree[1].label).toBe("Back to top")
  island:perform("activate", "bubble")
  expect(page.selection).toBe("overview")
end)

test("after the contents close, the bubble waits for the glass to settle", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  page:scroll{ to = "method" }
  s:settle()
  island:tap("bar")
  s:frames(1)
  expect(s:frame().scrollIsland.bubble.out).toBe(false)      -- melting while the contents are open
  s:settle()
  island:tap("bar")
  local closed = s:now()
  s:runUntil(function(f) return f.scrollIsland.bubble ~= nil and f.scrollIsland.bubble.out end, 2)
  expect(s:now() - closed).toBeCloseTo(0.45 + 0.024, 1 / 120)
end)

test("the bubble sinks under the finger and only a lift on it goes back to the top", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  page:scroll{ to = "method" }
  s:settle()
  local finger = island:touch("bubble")
  s:settle()
  -- a 48-point glass button sinks 2.5 points per edge, held at the deepest press, 0.92
  expect(s:frame().scrollIsland.bubble.press).toBe(0.92)
  expect(page.selection).toBe("method")
  finger:moveTo(196, 300)                                    -- off the bubble, onto the page
  finger:up()
  expect(page.selection).toBe("method")
  s:settle()
  expect(s:frame().scrollIsland.bubble.press).toBe(1)
end)

test("switching the button off melts the bubble home before it goes", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  page:scroll{ to = "method" }
  s:settle()
  island:set{ showsTopButton = false }
  s:frames(1)
  expect(s:frame().scrollIsland.bubble.out).toBe(false)      -- still there, heading home on the 0.5 s spring
  s:advance(0.5)
  expect(s:frame().scrollIsland.bubble).toBeTruthy()
  s:advance(0.1)
  expect(s:frame().scrollIsland.bubble).toBeNil()
  s:settle()
  expect(s:frame().scrollIsland.glass.x + s:frame().scrollIsland.glass.w / 2).toBeCloseTo(196.5, 1e-9)
end)

test("showsTopButton = false leaves the bubble out", function()
  local s = R.stage()
  local page = R.recipe(s, { showsTopButton = false })
  page:scroll{ to = "notes" }
  s:settle()
  expect(s:frame().scrollIsland.bubble).toBeNil()
  expect(s:frame().scrollIsland.glass.x + s:frame().scrollIsland.glass.w / 2).toBeCloseTo(196.5, 1e-9)
end)
