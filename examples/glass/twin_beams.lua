-- Twin beams on a card, as in the original card example: an 8 s lap, starts 0 and 0.5.

test("twin beams run half a lap apart", function()
  local s = Stage{ fps = 60 }
  local b = s:borderBeam{ x = 20, y = 100, w = 353, h = 200, radius = 28, lap = 8, starts = { 0, 0.5 } }
  s:advance(2)
  expect(b.heads[1]).toBeCloseTo(0.25, 1e-12)      -- 2 / 8
  expect(b.heads[2]).toBeCloseTo(0.75, 1e-12)      -- 0.25 + 0.5
  local f = s:frame().borderBeam
  expect(f["beam.2.stroke.16"].to).toBeCloseTo(0.75, 1e-12)
  s:advance(2)
  expect(b.heads[2]).toBeCloseTo(0, 1e-12)          -- 0.5 + 0.5: a whole lap
  -- a head at exactly the start draws its strokes up to the end of the path
  expect(s:frame().borderBeam["beam.2.stroke.1"].to).toBe(1)
  expect(s:frame().borderBeam["beam.2.stroke.1"].from).toBeCloseTo(0.75, 1e-12)
end)

test("under reduce motion nothing is drawn", function()
  local s = Stage{ reduceMotion = true }
  s:borderBeam{ x = 20, y = 100, w = 353, h = 200, radius = 28, starts = { 0, 0.5 } }
  s:advance(1)
  expect(s:frame().borderBeam["beam.1"]).toBeNil()
  expect(s:frame().borderBeam.path).toBeNil()
  s:environment{ reduceMotion = false }
  s:frames(1)
  expect(s:frame().borderBeam["beam.1"]).toBeTruthy()
end)

test("bad options are refused by name", function()
  local s = Stage{}
  expect(function() s:borderBeam{ x = 0, y = 0, w = 10, h = 10 } end).toThrow("give the shape: radius = 28")
  expect(function() s:borderBeam{ radius = 4 } end).toThrow("give x, y, w and h")
  expect(function() s:borderBeam{ x = 0, y = 0, w = 10, h = 10, shape = "star" } end).toThrow("option 'shape' must be \"capsule\"")
  expect(function() s:borderBeam{ x = 0, y = 0, w = 10, h = 10, radius = 4, lap = 0 } end).toThrow("option 'lap' must be above 0")
  expect(function() s:borderBeam{ x = 0, y = 0, w = 10, h = 10, radius = 4, tail = 2 } end).toThrow("option 'tail' must be a fraction")
  expect(function() s:borderBeam{ x = 0, y = 0, w = 10, h = 10, radius = 4, start = 0, starts = { 0 } } end).toThrow("not both")
  expect(function() s:borderBeam{ x = 0, y = 0, w = 10, h = 10, radius = 4, starts = { "a" } } end).toThrow("starts[1] must be a finite number")
end)
