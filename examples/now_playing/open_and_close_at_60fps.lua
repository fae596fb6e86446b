-- One open and one close at 60 frames a second, the way a screen recording would see them: the card is at rest
-- within the calm spring's time, closing folds it back into the bar, and both land with a haptic. Small enough
-- to keep as a golden frame log (goldens/examples__now_playing__open_and_close_at_60fps.jsonl): any change to
-- a rect, a beat or an event in this choreography shows up in scripts/test.
local P = require("_player")

test("open, settle, close from the grabber, settle", function()
  local s = P.stage{ fps = 60 }
  local _, np = P.nowPlaying(s)
  np:tap()
  s:settle()
  expect(s:frame().nowPlaying.surface).toBeCloseTo(P.card, 1e-9)
  local opened = s:now()
  np:tap("grabber")
  s:settle()
  expect(np.isOpen).toBe(false)
  expect(s:frame().nowPlaying.surface).toBeCloseTo(P.bar, 1e-9)
  local lands = s:events{ kind = "haptic" }
  expect(#lands).toBeGreaterThan(1)
  expect(lands[#lands].flexibility).toBe("soft")       -- the close lands softly, as the open did
  expect(lands.times[#lands]).toBeGreaterThan(opened)
end)
