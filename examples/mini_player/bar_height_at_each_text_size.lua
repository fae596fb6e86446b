-- One test a text size (test.each): the bar's @ScaledMetric height of 64 grows with subheadline's line spacing,
-- rounded to the pixel grid (1/3 pt). subheadline's line spacing is 20 at Large; the rows give it at each size.
local P = require("_player")

test.each({
  -- size, subheadline's line spacing, the bar's height in pixels: 64 * spacing / 20 * 3, rounded
  { "large", 20, 192 },          -- 64 * 20 / 20 = 64 -> 192 px
  { "xLarge", 22, 211 },         -- 64 * 22 / 20 = 70.4 -> 211.2 px -> 211
  { "xxxLarge", 26, 250 },       -- 64 * 26 / 20 = 83.2 -> 249.6 px -> 250
}, "at %s the bar is 64 * %s / 20 tall, on the pixel grid", function(size, _, pixels)
  local s = P.stage{ dynamicTypeSize = size }
  P.miniPlayer(s)
  expect(s:frame().miniPlayer.background.h).toBeCloseTo(pixels / 3, 1e-9)
end)
