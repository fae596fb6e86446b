-- Right to left, the bar and the player are mirrored: the artwork sits at the right of the bar and play at the
-- left, the lines end 80 points from the right edge, and previous and next trade sides.
local P = require("_player")

test("the bar and the player mirror", function()
  local s = P.stage{ layoutDirection = "rightToLeft" }
  local _, mp = P.miniPlayer(s)
  local f = s:frame().miniPlayer
  expect(f.art).toBeCloseTo({ x = 393 - 22 - 46, y = 755, w = 46, h = 46, radius = 10 }, 1e-9)
  expect(f.miniPlay).toBeCloseTo({ x = 22, y = 756, w = 44, h = 44, opacity = 1 }, 1e-9)
  expect(f.miniTitle.x + f.miniTitle.w).toBeCloseTo(393 - 80, 1e-9)
  expect(mp.layout.rtl).toBe(true)
  mp:tap()
  s:settle()
  f = s:frame().miniPlayer
  expect(f.previous.x).toBeCloseTo(262.5, 1e-9)
  expect(f.next.x).toBeCloseTo(86.5, 1e-9)
  -- the drag is vertical, so its rules do not mirror
  mp:drag{ dy = 300, x = 196, y = 300 }           -- about 150 in the player's own space: past 120
  s:settle()
  expect(mp.isExpanded).toBe(false)
end)
