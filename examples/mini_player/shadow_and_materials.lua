-- The bar's rounded background is filled with the regular material and casts the seed's shadow (black at 0.18,
-- radius 12, 4 points down); the full player's background is the thick material and casts none. The subtitles and
-- the chevron are drawn in the secondary style.
local P = require("_player")

test("the bar casts its shadow on the regular material", function()
  local s = P.stage{}
  P.miniPlayer(s)
  local bg = s:frame().miniPlayer.background
  expect({ bg.shadowOpacity, bg.shadowRadius, bg.shadowY }).toEqual({ 0.18, 12, 4 })
  expect(bg.material).toBe("regular")
  expect(s:frame().miniPlayer.miniSubtitle.style).toBe("secondary")
end)

test("the full player is the thick material with no shadow", function()
  local s = P.stage{}
  local _, mp = P.miniPlayer(s)
  mp:tap()
  s:settle()
  local f = s:frame().miniPlayer
  expect({ f.background.shadowOpacity, f.background.shadowRadius, f.background.shadowY }).toEqual({ 0, 0, 0 })
  expect(f.background.material).toBe("thick")
  expect({ f.subtitle.style, f.chevron.style }).toEqual({ "secondary", "secondary" })
end)
