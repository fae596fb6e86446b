-- With Reduce Motion on, the two states swap without morphing: no spring opens or closes the player, and the
-- offset follows the finger exactly (the drag spring is off too).
local P = require("_player")

test("a tap swaps the states at once", function()
  local s = P.stage{ reduceMotion = true }
  local _, mp = P.miniPlayer(s)
  mp:tap()
  -- the lift's change shows whole on the frame the tap returns on, and nothing is left to move
  local f = s:frame().miniPlayer
  expect(f.background).toBeCloseTo(mp.layout.open.background, 1e-9)
  expect(f.title.opacity).toBe(1)
  expect(f.miniTitle).toBe(nil)                     -- the bar's parts left on the same frame: no fade to wait for
  expect(s:settle()).toBe(0)
  mp:tap("chevron")
  f = s:frame().miniPlayer
  expect(f.background).toBeCloseTo(mp.layout.closed.background, 1e-9)
  expect(f.miniTitle.opacity).toBe(1)
  expect(f.chevron).toBe(nil)
  expect(s:settle()).toBe(0)
end)

test("the open player follows its own moving space, frame for frame", function()
  -- No spring: each move reads the frame before it, which shows the previous translation whole. The finger at
  -- 30, 60, 90, 120 below where it went down gives 30 - 0, 60 - 30, 90 - 30, 120 - 60: 30, 30, 60, 60.
  local s = P.stage{ reduceMotion = true }
  local _, mp = P.miniPlayer(s)
  mp:tap()
  local finger = mp:touch(196, 300)
  local shown = {}
  for i = 1, 4 do
    finger:move(0, 30)
    s:frames(1)
    shown[i] = s:frame().miniPlayer.chevron.y - mp.layout.open.chevron.y
  end
  expect(shown).toEqual({ 30, 30, 60, 60 })
  expect(s:settle()).toBe(0)                        -- nothing moves on its own
  finger:up()
  s:settle()
  expect(mp.isExpanded).toBe(true)                  -- the lift reads 120 - 60 = 60 (see drag_thresholds.lua)
end)

test("the bar rises with the finger frame for frame", function()
  local s = P.stage{ reduceMotion = true }
  local _, mp = P.miniPlayer(s)
  local finger = mp:touch()
  finger:move(0, -40)
  s:frames(1)
  expect(s:frame().miniPlayer.background.y).toBe(746 - 10)
  finger:move(0, -40)
  s:frames(1)
  expect(s:frame().miniPlayer.background.y).toBe(746 - 20)
  finger:up()
  s:frames(1)
  expect(mp.isExpanded).toBe(true)
  expect(s:frame().miniPlayer.background).toBeCloseTo(mp.layout.open.background, 1e-9)
end)
