-- Under Reduce Motion the disc is drawn upright and no speed change is made; when it turns off again the disc
-- carries on with the spin the model kept (docs/pieces/vinyl.md, decisions).

test("under reduce motion the disc stays upright and nothing waits", function()
  local s = Stage{ reduceMotion = true }
  local v = s:vinyl{ isPlaying = true }
  s:advance(1)
  expect(s:frame().vinyl.disc.angle).toBe(0)
  expect(v.speed).toBe(0)
  v:set{ isPlaying = false }
  expect(v.isEasing).toBe(false)
  expect(s:settle()).toBe(0)
end)

test("turning reduce motion on mid spin snaps the disc upright", function()
  local s = Stage{}
  local v = s:vinyl{ isPlaying = true }
  s:advance(1)
  expect(v.angle).toBeGreaterThan(0)
  s:environment{ reduceMotion = true }
  s:frames(1)
  expect(s:frame().vinyl.disc.angle).toBe(0)
end)

test("turning it off again resumes the kept spin", function()
  local s = Stage{ fps = 120 }
  s:vinyl{ isPlaying = true }
  s:advance(0.5)
  s:environment{ reduceMotion = true }
  s:advance(1.5)
  s:environment{ reduceMotion = false }
  -- The kept spin is at 306.9 degrees at 2 s, turning 198 °/s; frame 301 (2.508333 s) is an update:
  -- 306.9 + 198 × 0.508333 = 407.55.
  s:advance(0.5)
  s:frames(1)
  expect(s:frame().vinyl.disc.angle).toBeCloseTo(407.55, 1e-9)
end)

test("voiceover meets one element named by accessibilityName", function()
  local s = Stage{ reduceMotion = true }
  local v = s:vinyl{ isPlaying = true, accessibilityName = "Cover of Slow Mornings" }
  local a = v:accessibility()
  expect(#a).toBe(1)
  expect(a[1].label).toBe("Cover of Slow Mornings")
  expect(a[1].value).toBeNil()
end)
