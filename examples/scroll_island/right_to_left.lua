-- Right to left: the island mirrors, the arrows and the scrub run toward the trailing (left) side for later
-- sections, and the bubble buds out of the right-hand (leading) end.
local R = require("_recipe")

test("everything mirrors about the centre", function()
  local ltr = R.stage()
  R.recipe(ltr)
  local rtl = R.stage{ layoutDirection = "rightToLeft" }
  R.recipe(rtl)
  local a, b = ltr:frame().scrollIsland, rtl:frame().scrollIsland
  expect(b.glass.x).toBeCloseTo(393 - a.glass.x - a.glass.w, 1e-9)
  expect(b.ring.x).toBeCloseTo(393 - a.ring.x - a.ring.w, 1e-9)
  expect(b.chevron.x).toBeCloseTo(393 - a.chevron.x - a.chevron.w, 1e-9)
  expect(b.ring.x).toBeGreaterThan(b.chevron.x)
end)

test("later sections lie toward the trailing side", function()
  local s = R.stage{ layoutDirection = "rightToLeft" }
  local page, island = R.recipe(s)
  island:key("left")
  expect(page.selection).toBe("ingredients")
  island:key("right")
  expect(page.selection).toBe("overview")
  island:drag{ part = "bar", dx = -70, duration = 0.4 }       -- 70 / 32 = 2.2: two sections on
  expect(page.selection).toBe("method")
  s:settle()
  local f = s:frame().scrollIsland
  expect(f.bubble.x).toBeCloseTo(f.glass.x + f.glass.w + 4, 1e-9)
end)

test("open, the rows mirror too", function()
  local s = R.stage{ layoutDirection = "rightToLeft" }
  local page, island = R.recipe(s)
  island:tap("bar")
  s:settle()
  local f = s:frame().scrollIsland
  expect(f.glass).toBeCloseTo({ x = 16.5, y = 534, w = 360, h = 276 }, 1e-9)
  expect(f["row.1"].x).toBeCloseTo(22.5, 1e-9)
  island:touch("row", 2):up()
  expect(page.selection).toBe("ingredients")
end)
