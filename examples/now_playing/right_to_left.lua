-- Right to left: the bar and its contents mirror (artwork on the right, play and forward on the left), the card's
-- artwork and lines mirror, and the transport and the scrubber keep their left-to-right order.
local P = require("_player")

test("the bar mirrors; the transport keeps its order", function()
  local s = P.stage{ layoutDirection = "rightToLeft" }
  local _, np = P.nowPlaying(s)
  local ltr = P.stage()
  local _, other = P.nowPlaying(ltr)
  local a, b = np.layout, other.layout
  local function mirrored(r, m) return math.abs((r.x - 12) - (369 - (m.x - 12) - m.w)) < 1e-9 end
  expect(mirrored(a.bar, b.bar)).toBe(true)
  expect(mirrored(a.miniArt, b.miniArt)).toBe(true)
  expect(mirrored(a.miniTitle, b.miniTitle)).toBe(true)
  expect(a.playMini.x).toBeLessThan(a.bar.x)                 -- play joins the bar's left end
  expect(a.forward.x).toBeLessThan(a.playMini.x)             -- and forward comes after it, further left
  expect(a.previous.x).toBeLessThan(a.next.x)                -- previous stays on the left on the card
  expect(a.scrubber.x).toBe(b.scrubber.x)
  expect(a.card.x).toBe(b.card.x)
  expect(mirrored(a.cardTitle, b.cardTitle)).toBe(true)
  expect(a.rtl).toBe(true)
end)

test("it opens and closes the same way", function()
  local s = P.stage{ layoutDirection = "rightToLeft" }
  local _, np = P.nowPlaying(s)
  np:tap()
  s:settle()
  local f = s:frame().nowPlaying
  expect(f.surface.x).toBe(np.layout.card.x)
  expect(f.title.x).toBe(np.layout.cardTitle.x)
  expect(f.next.x).toBeGreaterThan(f.previous.x)
  np:key("escape")
  s:settle()
  expect(s:frame().nowPlaying.forward.x).toBe(np.layout.forward.x)
end)
