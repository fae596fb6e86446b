-- The largest accessibility text size on a phone held sideways: too little room above the bar for a square
-- artwork of 150 points, so the card turns compact (a 64-point artwork beside the lines, corner 14); the bar grows
-- with the text, its art and bubbles held at 64 and 60.
local P = require("_player")

local function landscape(options)
  local o = { width = 852, height = 393, safeArea = { top = 0, bottom = 21, leading = 59, trailing = 59 },
              dynamicTypeSize = "accessibility5" }
  for k, v in pairs(options or {}) do o[k] = v end
  return P.stage(o)
end

test("the card is compact and the bar grows with the text", function()
  local s = landscape()
  local _, np = P.nowPlaying(s)
  local l = np.layout
  expect(l.compact).toBe(true)
  expect(l.cardArt.w).toBe(64)
  expect(l.cardArt.radius).toBe(14)
  expect(l.miniArt.w).toBe(64)
  expect(l.playMini.w).toBe(60)
  expect(l.barHeight).toBeGreaterThan(84)
  expect(l.card.w).toBe(440)                      -- the widest a card gets
  expect(l.cardTitle.x).toBe(l.cardArt.x + 64 + 14)
  expect(l.bar.x).toBe(59 + 12)
end)

test("it opens into the compact card and reads the same", function()
  local s = landscape()
  local _, np = P.nowPlaying(s)
  np:tap()
  s:settle()
  local f = s:frame().nowPlaying
  expect(f.art.w).toBe(64)
  expect(f.art.radius).toBe(14)
  expect(f.surface.h).toBe(np.layout.card.h)
  expect(f.title.scale).toBe(1)
  expect(s).toHaveEmitted{ kind = "haptic", name = "land", count = 1 }
end)

test("at the default size the same screen still gets the compact card; a tall phone does not", function()
  local s = landscape{ dynamicTypeSize = "large" }
  local _, np = P.nowPlaying(s)
  expect(np.layout.compact).toBe(true)
  local tall = P.stage{ dynamicTypeSize = "accessibility5" }
  local _, np2 = P.nowPlaying(tall)
  expect(np2.layout.compact).toBe(false)
end)
