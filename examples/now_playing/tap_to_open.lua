-- Tap the bar: forward melts into play, the glass grows into the card on the calm spring, the controls blur in
-- 220 ms later as previous and next bud out of play, and the card lands with a soft haptic and VoiceOver on the
-- title.
local P = require("_player")

test("a tap opens the card and it settles", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  expect(s:frame().nowPlaying.surface).toBeCloseTo(P.bar, 1e-9)
  np:tap()
  s:settle()
  local f = s:frame()
  expect(np.isOpen).toBe(true)
  expect(np.expanded).toBe(true)
  expect(f.nowPlaying.surface).toBeCloseTo(P.card, 1e-9)
  expect(f.nowPlaying.surface.radius).toBe(34)
  expect(f.nowPlaying.play.w).toBe(72)
  expect(f.nowPlaying.next.x + 26 - (f.nowPlaying.play.x + 36)).toBeCloseTo(88, 1e-9)
  expect(f.nowPlaying.hairline.opacity).toBe(0)
  expect(f.nowPlaying.forward).toBeNil()
end)

test("the glass grows on the calm spring: about 1.5 % give", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local from = s:now()
  np:tap()
  s:settle()
  local heights = s:frames{ from = from }:map(function(f) return f.nowPlaying.surface.h end)
  expect(heights).toSettleWithin(0.8)
  expect(heights).toOvershootBy(0.015, 0.005)
end)

test("every step lands on its beat", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local down = s:now()
  np:tap()                                   -- the finger lifts 0.1 s after it went down
  local start = down + 0.1
  s:settle()
  local barH = P.bar.h
  -- forward is called home on the first frame of the opening; the glass is seen growing one frame later
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.forward and f.nowPlaying.forward.out == false end))
    .toBeCloseTo(P.frameTime(start), 1e-9)
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.surface.h > barH + 0.01 end))
    .toBeCloseTo(P.frameTime(start) + 1 / 120, 1e-9)
  -- previous and next are added home 220 ms in and sent out 24 ms later
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.previous ~= nil end))
    .toBeCloseTo(P.frameTime(start + 0.22), 1e-9)
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.next and f.nowPlaying.next.out end))
    .toBeCloseTo(P.frameTime(start + 0.244), 1e-9)
  -- forward, melted in, is gone 0.52 + 0.04 s after it was called
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.forward == nil end))
    .toBeCloseTo(P.frameTime(start + 0.56), 1e-9)
  -- the land haptic and the focus on the title come last
  local lands = s:events{ kind = "haptic", name = "land", from = down }
  expect(#lands).toBe(1)
  expect(lands.times[1]).toBeCloseTo(P.frameTime(start + 0.464), 1e-9)
  expect(lands[1].style).toBe("impact")               -- SwiftUI's .impact(flexibility: .soft)
  expect(lands[1].flexibility).toBe("soft")
  local focus = s:events{ kind = "focus", from = down }
  expect(focus.times[1]).toBe(lands.times[1])
  expect(focus[1].element).toBe("title")
end)

test("the bar and play are one liquid shape; the open card stands apart", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local merges = s:events{ kind = "merge" }
  expect(merges[1].pairs).toBe("surface+play,forward+play")
  np:tap()
  s:settle()
  s:advance(0.1)
  local last = s:events{ kind = "merge" }
  expect(last[#last].pairs).toBe("")
end)
