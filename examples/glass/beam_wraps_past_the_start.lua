-- A beam on a 201.5 × 101.5 card (radius 20, line 1.5): its path runs round (0.75, 0.75, 200, 100), tops 160,
-- sides 60, quarter-circle corners 10π: 440 + 40π ≈ 565.66 points. A 5 s lap, a quarter-lap tail.

local function card(s, options)
  options = options or {}
  local o = { x = 0, y = 0, w = 201.5, h = 101.5, radius = 20 }
  for k, v in pairs(options) do o[k] = v end
  return s:borderBeam(o)
end

local length = 440 + 40 * math.pi

test("the head starts where the top-left corner ends and runs clockwise", function()
  local s = Stage{ fps = 120 }
  local b = card(s)
  s:advance(0.5)                                   -- 0.5 / 5 = 0.1 of the way: 56.57 points along the top
  local beam = s:frame().borderBeam["beam.1"]
  expect(beam.head).toBeCloseTo(0.1, 1e-12)
  expect(beam.x).toBeCloseTo(20.75 + 0.1 * length, 1e-9)
  expect(beam.y).toBeCloseTo(0.75, 1e-12)
  expect(b.heads[1]).toBeCloseTo(0.1, 1e-12)
  expect(b.length).toBeCloseTo(length, 1e-9)
end)

test("at head 0.1 the longer strokes wrap across the path's start", function()
  local s = Stage{ fps = 120 }
  card(s)
  s:advance(0.5)
  local f = s:frame().borderBeam
  -- stroke 1 spans the whole tail: 0.1 − 0.25 = −0.15, drawn from 0.85 round to 0.1
  expect(f["beam.1.stroke.1"].from).toBeCloseTo(0.85, 1e-12)
  expect(f["beam.1.stroke.1"].to).toBeCloseTo(0.1, 1e-12)
  expect(f["beam.1.stroke.1"].wraps).toBe(true)
  expect(f["beam.1.stroke.1"].opacity).toBeCloseTo(1 / 256, 1e-12)     -- (1/16)²
  -- stroke 11 (k = 10): 0.1 − 0.25 × 6/16 = 0.00625, just past the start: no wrap
  expect(f["beam.1.stroke.11"].from).toBeCloseTo(0.00625, 1e-12)
  expect(f["beam.1.stroke.11"].wraps).toBe(false)
  -- stroke 16 (k = 15): a sixteenth of the tail, fully opaque
  expect(f["beam.1.stroke.16"].from).toBeCloseTo(0.084375, 1e-12)
  expect(f["beam.1.stroke.16"].opacity).toBe(1)
  -- the glow copy: twice the width, blur 4, opacity 0.8
  expect(f["beam.1.bloom"].width).toBe(3)
  expect(f["beam.1.bloom"].blur).toBe(4)
  expect(f["beam.1.bloom"].opacity).toBe(0.8)
end)

test("the beam moves every frame and never keeps settle waiting", function()
  local s = Stage{ fps = 60 }
  card(s)
  s:frames(1)
  expect(s:settle()).toBe(0)
  s:advance(1)
  expect(s:frame().borderBeam["beam.1"].head).toBeCloseTo((61 / 60) / 5, 1e-12)
end)

test("a capsule's corners are half its height", function()
  local s = Stage{}
  local b = s:borderBeam{ x = 0, y = 0, w = 101.5, h = 41.5, shape = "capsule" }
  -- inset (0.75, 0.75, 100, 40): radius 20, tops 60, two half circles: 120 + 40π
  expect(b.length).toBeCloseTo(120 + 40 * math.pi, 1e-9)
  s:frames(1)
  expect(s:frame().borderBeam.path.radius).toBe(20)
end)
