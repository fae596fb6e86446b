-- Dynamic Type scales the bar height and the artwork with subheadline (64 and 46 at Large), on the pixel grid;
-- the fonts come from the text metrics. Sideways, the full player's artwork takes only the room the others leave.
local P = require("_player")

test("xxxLarge: the bar is 83.333 tall", function()
  local s = P.stage{ dynamicTypeSize = "xxxLarge" }
  local _ = P.miniPlayer(s)
  local f = s:frame().miniPlayer
  -- 64 * 26 / 20 = 83.2 -> 249.6 px -> 250 px; 46 * 26 / 20 = 59.8 -> 179.4 px -> 179 px
  expect(f.background.h).toBeCloseTo(250 / 3, 1e-9)
  expect(f.art.w).toBeCloseTo(179 / 3, 1e-9)
  expect(f.content.bottomPadding).toBeCloseTo(250 / 3 + 16, 1e-9)
end)

test("accessibility5: the buttons outgrow 44 points", function()
  local s = P.stage{ dynamicTypeSize = "accessibility5" }
  local _, mp = P.miniPlayer(s)
  -- play in title3 at 55 pt: 55 * 2444 / 2048 = 65.635
  expect(s:frame().miniPlayer.miniPlay.w).toBeCloseTo(55 * 2444 / 2048, 1e-9)
  expect(s:frame().miniPlayer.background.h).toBeCloseTo(557 / 3, 1e-9)
  mp:tap()
  s:settle()
  -- everything still fits: the transport ends above the bottom safe area
  local f = s:frame().miniPlayer
  expect(f.play.y + f.play.h).toBeLessThanOrEqual(852 - 34)
end)

test("a phone held sideways", function()
  local s = P.stage{ width = 852, height = 393, safeArea = { top = 0, bottom = 21, leading = 59, trailing = 59 } }
  local _, mp = P.miniPlayer(s)
  expect(s:frame().miniPlayer.background).toBeCloseTo({ x = 71, y = 300, w = 710, h = 64, radius = 18, shadowOpacity = 0.18 }, 1e-9)
  mp:tap()
  s:settle()
  -- 364 tall less the others' 264.667: a 99.333 square centred on 426
  expect(s:frame().miniPlayer.art).toBeCloseTo({ x = 426 - 149 / 3, y = 76, w = 298 / 3, h = 298 / 3, radius = 28 }, 1e-9)
end)
