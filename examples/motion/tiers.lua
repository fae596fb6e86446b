-- The five spring tiers, from rest: how far each overshoots and how soon it reaches 90 %.
-- The numbers are the ones the pieces' motion tokens promise.

local function profile(spring)
  local peak, t90 = 0, nil
  for i = 0, 3000 do                      -- 3 s in 1 ms steps
    local t = i / 1000
    local v = spring:value(t)
    if v > peak then peak = v end
    if t90 == nil and v >= 0.9 then t90 = t end
  end
  return { overshoot = peak - 1, t90 = t90 }
end

describe("motion tiers", function()
  test("tight never overshoots and reaches 90 % in about 90 ms", function()
    local p = profile(motion.tiers.tight)
    expect(p.overshoot).toBeLessThanOrEqual(1e-9)
    expect(p.t90).toBeCloseTo(0.087, 0.003)
  end)

  test("responsive overshoots about 2.8 % and reaches 90 % in about 140 ms", function()
    local p = profile(motion.tiers.responsive)
    expect(p.overshoot).toBeCloseTo(0.0284, 0.001)
    expect(p.t90).toBeCloseTo(0.142, 0.003)
  end)

  test("elastic overshoots about 8.4 %", function()
    expect(profile(motion.tiers.elastic).overshoot).toBeCloseTo(0.0835, 0.001)
  end)

  test("expressive overshoots about 15 %", function()
    expect(profile(motion.tiers.expressive).overshoot).toBeCloseTo(0.148, 0.002)
  end)

  test("calm overshoots about 1.5 %", function()
    expect(profile(motion.tiers.calm).overshoot).toBeCloseTo(0.0152, 0.001)
  end)
end)

describe("springs", function()
  test("duration 0.5 and bounce 0.3 is stiffness 157.9 and damping 17.6", function()
    local s = motion.spring{ duration = 0.5, bounce = 0.3 }
    expect(s.stiffness).toBeCloseTo(157.9, 0.05)
    expect(s.damping).toBeCloseTo(17.6, 0.05)
  end)

  test("mass 1, stiffness 100, damping 10 has duration 0.63 and bounce 0.5", function()
    local s = motion.spring{ mass = 1, stiffness = 100, damping = 10 }
    expect(s.duration).toBeCloseTo(0.63, 0.005)
    expect(s.bounce).toBeCloseTo(0.5, 0.001)
  end)

  test("a bad spring names the option", function()
    expect(function() motion.spring{ duration = -1 } end).toThrow("option 'duration' must be above 0")
    expect(function() motion.spring{ durration = 1 } end).toThrow("unknown option 'durration'")
  end)
end)

describe("roles and reduce motion", function()
  test("reveal opens on the calm spring, and on a 0.2 s ease out under reduce motion", function()
    expect(motion.roles.reveal.description).toContain("spring")
    expect(motion.reduced.roles.reveal.duration).toBeCloseTo(0.2, 1e-9)
  end)

  test("an override replaces a role for the rest of the test", function()
    motion.override{ reveal = motion.spring{ duration = 0.5, bounce = 0.3 } }
    expect(motion.roles.reveal.description).toContain("0.3")
  end)

  test("overrides made inside a test end with it", function()
    expect(motion.roles.reveal.description).never.toContain("0.3")
  end)
end)

describe("gesture physics", function()
  test("a rubber band never reaches its limit", function()
    expect(motion.rubberBand(1e9, 150)).toBeLessThan(150)
    expect(motion.rubberBand(100, 150)).toBeCloseTo((1 - 1 / (100 * 0.55 / 150 + 1)) * 150, 1e-9)
  end)

  test("a flick projects as a scroll view coasts", function()
    -- 0.99 rate: position + v/1000 * 0.99/0.01
    expect(motion.project(0, 1000)).toBeCloseTo(99, 1e-9)
  end)
end)
