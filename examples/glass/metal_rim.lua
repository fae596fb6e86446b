-- The metal rim's white level round the turn, starting at 200° (0° along +x, clockwise on screen): at its stops,
-- between them, and from the last stop to the seam, where it holds 0.97 (docs/pieces/borderBeam.md and docs/pieces/metalButton.md).

test("each stop shows its level", function()
  expect(metal.white(200)).toBeCloseTo(0.08, 1e-12)       -- location 0
  expect(metal.white(236)).toBeCloseTo(0.97, 1e-12)       -- 0.10 × 360 = 36 past 200
  expect(metal.white(308)).toBeCloseTo(0.55, 1e-12)       -- 0.30: 108 past
  expect(metal.white(362)).toBeCloseTo(1, 1e-12)          -- 0.45: 162 past
  expect(metal.white(2)).toBeCloseTo(1, 1e-12)            -- the same place, a turn back
  expect(metal.white(38)).toBeCloseTo(0.17, 1e-12)        -- 0.55: 198 past (398 − 360)
  expect(metal.white(92)).toBeCloseTo(0.86, 1e-12)        -- 0.70: 252 past
  expect(metal.white(131.6)).toBeCloseTo(0.08, 1e-12)     -- 0.81: 291.6 past
  expect(metal.white(171.2)).toBeCloseTo(0.97, 1e-12)     -- 0.92: 331.2 past
end)

test("between stops it blends linearly", function()
  expect(metal.white(218)).toBeCloseTo(0.525, 1e-12)      -- halfway from 0.08 to 0.97
  expect(metal.white(20)).toBeCloseTo(0.585, 1e-12)       -- location 0.5: halfway from 1 to 0.17
  expect(metal.white(270)).toBeCloseTo(0.771667, 1e-6)    -- location 0.1944: 0.97 − 0.42 × 0.4722
end)

test("from the last stop to the seam it holds", function()
  expect(metal.white(190)).toBeCloseTo(0.97, 1e-12)
  expect(metal.white(199.99)).toBeCloseTo(0.97, 1e-12)
  expect(metal.startAngle).toBe(200)
  expect(function() metal.white("north") end).toThrow("metal.white: argument 1 must be an angle in degrees")
end)

test("the Ask button is sized by its title", function()
  local s = Stage{}
  local b = s:metalButton{ title = "Ask", x = 100, y = 700 }
  s:frames(1)
  local f = s:frame().metalButton
  -- "Ask" at 17 pt: (1328 + 1020 + 1060) × 17 / 2048 = 28.289; + 17 (symbol) + 8 + 2 × 22 = 97.289
  expect(f.capsule.w).toBeCloseTo(97.2890625, 1e-9)
  expect(f.capsule.h).toBeCloseTo(61 / 3 + 26, 1e-9)     -- the 17 pt line box at @3x, padded 13 a side
  expect(f.capsule.radius).toBeCloseTo((61 / 3 + 26) / 2, 1e-9)
  expect(f.rim.width).toBe(3)
  expect(f.rim.right).toBeCloseTo(metal.white(0), 1e-12)
  expect(f.title.text).toBe("Ask")
  expect(b.frame.x).toBe(100)
  expect(function() s:metalButton{ x = 3, name = "other" } end).toThrow("give both 'x' and 'y'")
end)

test("a tap or VoiceOver's activate calls the button's action", function()
  local s = Stage{}
  local b = s:metalButton{ title = "Ask" }
  b:tap()
  local calls = s:frames():filter(function(f) return #f.events > 0 end)
  expect(calls:count()).toBe(1)
  local a = b:accessibility()
  expect(#a).toBe(1)
  expect(a[1].label).toBe("Ask")
  expect(a[1].traits[1]).toBe("button")
  b:perform("activate")
  s:frames(1)
  expect(s:frame().events[1].name).toBe("action")
  expect(function() b:perform("escape") end).toThrow("has no accessibility action \"escape\"")
end)
