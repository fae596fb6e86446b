-- A tap on the bar opens the player on the half-second spring (bounce 0.15): the background grows from the bar to
-- the whole screen and the artwork from 46 points to the square, passing their places by the spring's 0.63 %
-- (exp(-pi * 0.85 / sqrt(1 - 0.85^2)) = 0.0063) before they rest. The chevron closes it on the same spring.
local P = require("_player")

test("the bar opens into the full player", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  local from = s:now()
  mp:tap()
  s:settle()
  expect(mp.isExpanded).toBe(true)
  local f = s:frame().miniPlayer
  expect(f.background).toBeCloseTo({ x = 0, y = 0, w = 393, h = 852, radius = 0, shadowOpacity = 0 }, 1e-9)
  expect(f.art).toBeCloseTo({ x = 28, y = 135, w = 337, h = 337, radius = 28 }, 1e-9)
  -- 64 -> 852 and 46 -> 337, each past its place by 0.63 % of the way
  expect(P.series(s, "background", "h", from)).toOvershootBy(0.0063, 0.0005)
  expect(P.series(s, "art", "w", from)).toOvershootBy(0.0063, 0.0005)
  -- the bar's parts are gone (their fade over, they left the frame), the player's are in
  expect(f.miniTitle).toBe(nil)
  expect(f.title.opacity).toBe(1)
  expect(f.content.accessibilityHidden).toBe(true)
end)

test("the chevron closes it on the same spring", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  mp:tap()
  s:settle()
  local from = s:now()
  mp:tap("chevron")
  s:settle()
  expect(mp.isExpanded).toBe(false)
  expect(s:frame().miniPlayer.background).toBeCloseTo(mp.layout.closed.background, 1e-9)
  expect(P.series(s, "background", "y", from)).toOvershootBy(0.0063, 0.0005)
end)
