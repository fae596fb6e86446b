-- An overridden role (in a file, a plugin or a token set) changes the role's own motion; under Reduce Motion the
-- foundation's substitute still holds, as in the seeds, where each role reads "the substitute under Reduce Motion,
-- else its spring", so changing the spring leaves the substitute alone. Press, which has no substitute, takes its
-- override either way.
local R = require("_recipe")

motion.override{ dismiss = motion.spring{ duration = 0.5, bounce = 0.4 },
                 press = motion.spring{ duration = 0.2, bounce = 0 } }

test("the overridden roles, and their forms under Reduce Motion", function()
  expect(motion.roles.dismiss.description).toBe("spring(duration: 0.5, bounce: 0.4)")
  expect(motion.reduced.roles.dismiss.description).toBe("easeIn(duration: 0.18)")
  expect(motion.reduced.roles.press.description).toBe("spring(duration: 0.2, bounce: 0.0)")
end)

test("under Reduce Motion the island still closes on the 0.18 s ease in, never past the bar", function()
  local s = R.stage{ reduceMotion = true }
  local _, island = R.recipe(s)
  island:key("space")
  s:settle()
  expect(s:frame().scrollIsland.glass.h).toBe(276)
  local from = s:now()
  island:key("escape")
  s:advance(0.1)
  -- 276 tall open, 48 closed. The key's change begins on the next frame (1/120 s on), so 0.1 s after the key the
  -- ease in is 0.1 - 1/120 s along: 276 - 228 x easeIn(0.18) there.
  expect(s:frame().scrollIsland.glass.h).toBeCloseTo(276 - 228 * motion.easeIn(0.18):value(0.1 - 1 / 120), 1e-9)
  s:settle()
  local heights = s:frames{ from = from }:map(function(f) return f.scrollIsland.glass.h end)
  expect(heights:min()).toBe(48)                                -- a bouncing spring would dip below the bar
end)

test("a Reduce Motion form given for a role takes the substitute's place, and the spring stays the override", function()
  motion.override{ reduced = { roles = { dismiss = motion.easeIn(0.3) } } }
  expect(motion.reduced.roles.dismiss.description).toBe("easeIn(duration: 0.3)")
  expect(motion.roles.dismiss.description).toBe("spring(duration: 0.5, bounce: 0.4)")
  local s = R.stage{ reduceMotion = true }
  local _, island = R.recipe(s)
  island:key("space")
  s:settle()
  island:tap("bar")
  s:advance(0.1)
  -- 276 points open, 48 closed: a 0.3 s ease in, a third of the way through its time, has covered
  -- easeIn(0.3)'s value at 0.1 s of the 228 points.
  expect(s:frame().scrollIsland.glass.h).toBeCloseTo(276 - (276 - 48) * motion.easeIn(0.3):value(0.1), 1e-9)
  expect(function() motion.override{ reduced = { tiers = { calm = { duration = 0.3 } } } } end)
    .toThrow("motion.override: reduced.tiers.calm: a built-in tier has no Reduce Motion form")
end)
