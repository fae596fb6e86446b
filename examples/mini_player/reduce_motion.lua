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
  expect(f.miniTitle.opacity).toBe(0)
  expect(s:settle()).toBe(0)
  mp:tap("chevron")
  expect(s:frame().miniPlayer.background).toBeCloseTo(mp.layout.closed.background, 1e-9)
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
