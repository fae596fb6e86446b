-- A playing disc paused by its player: it coasts to a stop over the 0.9 s ramp, and settle waits for it.
-- At 33 rpm the disc turns 198 degrees a second; from rest it is at 110·t² degrees during the ramp.

local function stage() return Stage{ width = 393, height = 852, fps = 120 } end

test("from rest at 33 rpm the disc is at 110 t squared during the ramp", function()
  local s = stage()
  local v = s:vinyl{ isPlaying = true }
  -- Updates land on odd frames at 120 fps (every other frame from the first); frame 55 is 55/120 s.
  s:frames(55)
  local t = 55 / 120
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(110 * t * t, 1e-9)   -- 23.1076 degrees
  s:frames(1)                                                            -- frame 56 shows the same drawing
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(110 * t * t, 1e-9)
  expect(s:frame().vinyl.art.angle).toBe(s:frame().vinyl.disc.angle)
  s:frames(53)                                                           -- frame 109: 89.1 + 198 × (1/120)
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(90.75, 1e-9)
  expect(s:frame().vinyl.disc.speed).toBeCloseTo(198, 1e-9)
  expect(v.angle).toBeCloseTo(90.75, 1e-9)
end)

test("a spinning disc never keeps settle waiting", function()
  local s = stage()
  s:vinyl{ isPlaying = true }
  s:advance(1)
  expect(s:settle()).toBe(0)
end)

test("a pause coasts to a stop and settle waits for it", function()
  local s = stage()
  local player = s:player{ tracks = { { title = "Slow Mornings", artist = "Aster Vale", duration = 222 } },
                           isPlaying = true }
  local v = s:vinyl{ player = player }
  s:advance(2)
  player:pause()
  expect(v.isEasing).toBe(true)
  expect(s:settle()).toBe(114)                 -- 0.9 + 0.05 s at 120 fps
  expect(v.isEasing).toBe(false)
  -- 89.1 + 198 × 1.1 = 306.9 at the pause; 306.9 + 198 × 0.9 − 110 × 0.81 = 396 at rest.
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(396, 1e-9)
  expect(v.speed).toBe(0)
  -- Speeds only ever fall while it coasts.
  local speeds = s:frames{ from = 2 }:map(function(f) return f.vinyl.disc.speed end)
  expect(speeds).toNeverIncrease()
end)
