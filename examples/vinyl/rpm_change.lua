-- 33 to 45 rpm while playing: the speed ramps from 198 to 270 degrees a second over 0.9 s; while paused the new
-- rpm waits for play.

test("a faster rpm while playing ramps from the current speed", function()
  local s = Stage{ fps = 120 }
  local v = s:vinyl{ isPlaying = true }
  s:advance(2)
  v:set{ rpm = 45 }
  -- From 306.9 degrees at 198 °/s gaining 80 °/s²: 306.9 + 178.2 + 32.4 = 517.5 at 2.9 s; frame 349 is an
  -- update: 517.5 + 270 / 120 = 519.75.
  s:advance(0.9)
  s:frames(1)
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(519.75, 1e-9)
  expect(v.speed).toBeCloseTo(270, 1e-9)
  expect(v.rpm).toBe(45)
end)

test("a change while paused waits for play", function()
  local s = Stage{ fps = 60 }
  local v = s:vinyl{ isPlaying = false }
  s:settle()
  v:set{ rpm = 78 }
  s:advance(1)
  expect(v.speed).toBe(0)
  v:set{ isPlaying = true }
  s:advance(1)
  expect(v.speed).toBeCloseTo(468, 1e-9)          -- 78 × 6
end)

test("speeds beyond a thousand rpm are held there, and a non-number turns nothing", function()
  local s = Stage{ fps = 60 }
  local v = s:vinyl{ isPlaying = true, rpm = 5000, ramp = 0 }
  s:frames(1)
  expect(v.speed).toBe(6000)                      -- 1000 rpm × 6
  v:set{ rpm = 0 / 0 }
  expect(v.speed).toBe(0)
end)

test("the 90 fps rhythm: a sixtieth of a second is two frames", function()
  local s = Stage{ fps = 90 }
  local v = s:vinyl{ isPlaying = true }
  s:frames(4)
  -- Updates at frames 1 and 3: frame 4 still shows 110 × (3/90)² = 0.12222 degrees.
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(110 * (3 / 90) ^ 2, 1e-12)
  expect(v.updates).toBe(2)
end)
