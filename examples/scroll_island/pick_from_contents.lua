-- Open the contents, slide the puck over three rows and lift to pick: the page jumps there as the panel melts back.
local R = require("_recipe")

test("a tap grows the glass into the contents and the rows arrive after it", function()
  local s = R.stage()
  local _, island = R.recipe(s)
  island:tap("bar")
  local opened = s:now()
  expect(island.isOpen).toBe(true)
  -- the lift lets the press go in the same update it opens, and the press's release animation covers the whole
  -- island: the glass grows on the release spring, not on reveal (Return or VoiceOver open on reveal)
  s:advance(0.1)
  local h = s:frame().scrollIsland.glass.h
  expect(h).toBeCloseTo(48 + (276 - 48) * motion.roles.release:value(0.1), 1e-9)
  expect(math.abs(h - (48 + (276 - 48) * motion.roles.reveal:value(0.1)))).toBeGreaterThan(1)
  s:advance(0.05)
  expect(s:frame().scrollIsland.rows.opacity).toBe(0)          -- the rows wait 0.16 s for the glass
  s:advance(0.05)
  expect(s:frame().scrollIsland.rows.opacity).toBeGreaterThan(0)
  s:settle()
  local g = s:frame().scrollIsland.glass
  -- 360 wide (the style's maxWidth; the screen leaves 361), the bar, 6 above the rows, five 44-point rows, 2 below
  expect(g).toBeCloseTo({ x = 16.5, y = 810 - 276, w = 360, h = 276 }, 1e-9)
  expect(g.radius).toBe(26)
  expect(s:frame().scrollIsland.contents.opacity).toBe(1)
  expect(s:frame().scrollIsland.title.opacity).toBe(0)
  expect(s:frame().scrollIsland.chevron.rotation).toBe(180)
  local impacts = R.events(s, "haptic", opened)
  expect(impacts[1].style).toBe("impact")
  local focus = R.events(s, "focus", opened)
  expect(focus[1].element).toBe("row.1")
  expect(focus.times[1] - opened).toBeCloseTo(0.42, 1 / 120)         -- VoiceOver moves in once the rows are there
end)

test("slide over three rows, watch the puck stretch and gather, and lift to pick", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  island:tap("bar")
  s:settle()
  local from = s:now()
  local row = function(i) local r = island:part("row", i) return r.x + r.w / 2, r.y + r.h / 2 end
  local finger = island:touch("row", 1)

  for i = 2, 4 do
    s:advance(0.05)
    finger:moveTo(row(i))
  end
  s:frames(4)
  local puck = s:frame().scrollIsland.puck
  expect(puck.bottom - puck.top).toBeGreaterThan(44)            -- the leading edge ahead, the far edge behind
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", piece = "scrollIsland", style = "selection", count = 3 }  -- one selection tick per row
  finger:up()
  expect(page.selection).toBe("serving")
  expect(page.offset).toBe(page:section("serving").restingOffset)
  expect(island.isOpen).toBe(false)
  s:settle()
  expect(s:frame().scrollIsland.title.text).toBe("Serving")
  expect(s:frame().scrollIsland.ring.arc).toBeCloseTo(page.readFraction, 1e-12)
  local events = R.events(s, "callback", from)
  expect(events[1].name).toBe("selection")
  expect(events[1].value).toBe("serving")
end)

test("lifting off the rows, or a touch the system takes, picks nothing", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  island:tap("bar")
  s:settle()
  local finger = island:touch("row", 2)
  s:frames(1)
  finger:moveTo(-20, island:part("row", 2).y + 22)             -- past the rows' 24-point reach at the side
  finger:up()
  expect(page.selection).toBeNil()
  expect(island.isOpen).toBe(true)
  local cancelled = island:touch("row", 4)
  s:frames(1)
  cancelled:cancel()
  expect(page.selection).toBeNil()
  expect(island.puckRow).toBe(1)
end)

test("a swipe up opens the contents and carries on onto a row like a menu", function()
  local s = R.stage()
  local page, island = R.recipe(s)
  local finger = island:touch("bar")
  s:frames(1)
  finger:move(0, -9)                      -- past 8 points, upward: the contents open
  expect(island.isOpen).toBe(true)
  s:advance(0.2)
  local x, y = island:part("row", 3).x + 100, island:part("row", 3).y + 22
  finger:moveTo(x, y)
  finger:up()
  expect(page.selection).toBe("method")
  expect(island.isOpen).toBe(false)
end)
