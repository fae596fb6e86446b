-- One open and one close at 60 frames a second, the way a screen recording would see them. Small enough to keep
-- as a golden frame log (goldens/examples__mini_player__open_and_close_at_60fps.jsonl): any change to a rect, an
-- opacity or a spring shows up in scripts/test.
local P = require("_player")

test("tap to open, settle, drag down to close, settle", function()
  local s = P.stage{ fps = 60 }
  local _, mp = P.miniPlayer(s)
  mp:tap()
  s:settle()
  expect(s:frame().miniPlayer.background).toBeCloseTo(mp.layout.open.background, 1e-9)
  -- the player follows in its own moving space, about half the finger: 300 down ends near 150, past 120
  mp:drag{ dy = 300, x = 196, y = 300 }
  s:settle()
  expect(mp.isExpanded).toBe(false)
  expect(s:frame().miniPlayer.background).toBeCloseTo(mp.layout.closed.background, 1e-9)
end)
