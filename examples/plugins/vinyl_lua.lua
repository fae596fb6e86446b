--! plugins: vinyl_lua
-- SpinningVinylArt as a Lua piece type (examples/plugins/vinyl_lua): the Swift vinyl's numbers, from a plugin.
-- At 33 rpm the disc turns 198 degrees a second; from rest it is at 110 t squared degrees during the 0.9 s ramp.

test("from rest the disc ramps up, drawn at the timeline's updates", function()
  local s = Stage{ fps = 120 }
  s:vinylLua{ isPlaying = true }
  s:frames(55)                            -- updates land on odd frames at 120 fps: frame 55 is one
  expect(s:frame().vinylLua.disc.angle).toBeCloseTo(110 * (55 / 120) ^ 2, 1e-9)   -- 23.1076 degrees
  expect(s:frame().vinylLua.art.angle).toBe(s:frame().vinylLua.disc.angle)
  expect(s:settle()).toBe(0)              -- a spinning disc never keeps settle waiting
end)

test("a pause from the player coasts to a stop, and settle waits for it", function()
  local s = Stage{ fps = 120 }
  local player = s:player{ tracks = { { title = "Slow Mornings", artist = "Aster Vale", duration = 222 } },
                           isPlaying = true }
  local v = s:vinylLua{ player = player }
  s:advance(2)
  player:pause()
  expect(v.state.isEasing).toBe(true)
  expect(s:settle()).toBe(114)            -- the 0.9 s ramp + 0.05 s at 120 fps
  -- 89.1 + 198 x 1.1 = 306.9 at the pause; 306.9 + 198 x 0.9 - 110 x 0.81 = 396 at rest.
  expect(s:frame().vinylLua.disc.angle).toBeCloseTo(396, 1e-9)
  expect(v.state.isEasing).toBe(false)
end)

test("under reduce motion the disc stays upright and nothing waits", function()
  local s = Stage{ reduceMotion = true }
  local v = s:vinylLua{ isPlaying = true }
  s:advance(1)
  expect(s:frame().vinylLua.disc.angle).toBe(0)
  v:set{ isPlaying = false }
  expect(s:settle()).toBe(0)
  expect(v:accessibility()[1].label).toBe("Album art")
end)
