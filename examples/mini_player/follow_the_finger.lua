-- While a finger drags, the bar rises by a quarter of an upward drag and the open player follows a downward one,
-- both on the drag spring (0.3 s, bounce 0.1). The open player's drag is measured in its own space, which its
-- offset moves, so it follows the finger's movement less its own: about half the finger's travel. A release that
-- opens or closes resets the offset in the same update, so that spring carries the morph as well: it passes its
-- place by 0.15 %
-- (exp(-pi * 0.9 / sqrt(1 - 0.9^2)) = 0.0015), not the morph spring's 0.63 %. A cancelled drag changes nothing.
local P = require("_player")

test("the bar rises a quarter of the drag, then opens on the drag spring", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  local finger = mp:touch()
  finger:move(0, -60)
  s:advance(1)
  expect(s:frame().miniPlayer.background.y).toBeCloseTo(746 - 15, 1e-9)
  expect(mp.dragOffset).toBe(-60)
  local from = s:now()
  finger:up()
  s:settle()
  expect(mp.isExpanded).toBe(true)
  expect(mp.dragOffset).toBe(0)
  -- from 731 to 0: past it by 731 * 0.0015 = 1.11 points
  expect(P.series(s, "background", "y", from):min()).toBeCloseTo(-1.114, 0.01)
end)

test("the open player follows the finger down, not up, and closes on the drag spring", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  mp:tap()
  s:settle()
  local finger = mp:touch(196, 300)
  finger:move(0, -100)
  s:advance(0.5)
  expect(s:frame().miniPlayer.background.y).toBe(0)
  finger:moveTo(196, 500)                          -- 200 down, the player at 0: 200
  s:advance(1)
  expect(s:frame().miniPlayer.chevron.y).toBeCloseTo(67 + 200, 1e-9)
  finger:moveTo(196, 700)                          -- 400 down, the player at 200: 400 - 200 = 200 again
  s:advance(1)
  expect(s:frame().miniPlayer.chevron.y).toBeCloseTo(67 + 200, 1e-9)
  expect(mp.dragOffset).toBe(200)                  -- the finger went 400, the player 200
  local from = s:now()
  finger:up()                                      -- 400 - 200 = 200, past 120
  s:settle()
  expect(mp.isExpanded).toBe(false)
  -- from 200 to 746: past it by 546 * 0.0015 = 0.83 points
  expect(P.series(s, "background", "y", from):max()).toBeCloseTo(746.832, 0.01)
end)

test("a cancelled drag only lets the offset go", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  local finger = mp:touch()
  finger:move(0, -300)
  s:advance(0.3)
  finger:cancel()
  s:settle()
  expect(mp.isExpanded).toBe(false)
  expect(s:frame().miniPlayer.background).toBeCloseTo(mp.layout.closed.background, 1e-9)
end)
