-- Kept as a golden frame log: one beam on a capsule button for a quarter second at 60 fps, with the head
-- crossing the path's start (start 0.95 on a 2 s lap: 0.95 + 0.25 / 2 = 1.075, past the start at 0.1 s).

test("a beam crosses the start of a capsule's path", function()
  local s = Stage{ fps = 60 }
  local b = s:borderBeam{ x = 100, y = 400, w = 120, h = 48, shape = "capsule", lap = 2, start = 0.95 }
  s:advance(0.25)
  expect(b.heads[1]).toBeCloseTo(0.075, 1e-12)
end)
