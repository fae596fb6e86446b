-- Kept as a golden frame log: a disc plays for half a second at 60 fps, is paused and coasts to a stop.

test("play half a second, pause, coast to a stop", function()
  local s = Stage{ fps = 60 }
  local v = s:vinyl{ isPlaying = true }
  s:advance(0.5)
  v:set{ isPlaying = false }
  expect(s:settle()).toBe(57)                     -- 0.95 s at 60 fps
  -- At 0.5 s: 110 × 0.25 = 27.5 degrees at 110 °/s; slowing to 0 over 0.9 s adds 110 × 0.9 / 2 = 49.5.
  expect(v.angle).toBeCloseTo(77, 1e-9)
end)
