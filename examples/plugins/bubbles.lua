--! plugins: bubbles
-- Bubbles budding out of a parent, from a Lua piece (examples/plugins/bubbles) on the shared bud code: they bloom
-- 24 ms after they are added, 50 ms apart, on the split spring (0.62 s, bounce 0.22), and gather last first, 40 ms
-- apart, on the home spring (0.5 s, no bounce), removed 0.52 s + count x 0.04 s after they were called.

local function setUp()
  local s = Stage{ width = 393, height = 852, fps = 120 }
  local b = s:bubbles{}
  s:frames(1)
  return s, b
end

test("a bloom adds the bubbles home, then sends them out 50 ms apart", function()
  local s, b = setUp()
  local t0 = s:now()
  b:bloom{ "a", "b" }
  expect(b.buds.present).toEqual({ "a", "b" })
  expect(b.buds.out).toEqual({})
  s:frames(1)
  local f = s:frame().bubbles
  expect(f["bubble.a"].x).toBe(180 - 22)               -- home: centred on the parent (180), 44 pt wide
  expect(f["bubble.a"].scale).toBeCloseTo(0.72, 1e-12) -- at the home scale
  s:settle()
  f = s:frame().bubbles
  expect(f["bubble.a"].x).toBeCloseTo(180 + 30 + 26 + 22 - 22, 1e-9)       -- 236
  expect(f["bubble.b"].x).toBeCloseTo(180 + 30 + 26 + 22 + 70 - 22, 1e-9)  -- 306
  -- "a" leaves at 0.024 s; "b" 0.05 s after it. The first frame a bubble has moved is the one after it leaves.
  local firstMove = function(id)
    for _, fr in ipairs(s:frames{ from = t0 }:list()) do
      if fr.bubbles["bubble." .. id] and fr.bubbles["bubble." .. id].x > 158 + 1e-9 then return fr.t - t0 end
    end
  end
  expect(firstMove("a")).toBeLessThan(firstMove("b"))
  expect(firstMove("b") - firstMove("a")).toBeCloseTo(0.05, 1 / 120 + 1e-9)
end)

test("a gather melts them home and removes them 0.52 s + 2 x 0.04 s later", function()
  local s, b = setUp()
  b:bloom{ "a", "b", "c" }
  s:settle()
  local t0 = s:now()
  b:gather{ "b", "c" }
  s:advance(0.59)                     -- 0.59 s < 0.52 + 0.08 = 0.6 s: still there, home
  expect(b.buds.present).toEqual({ "a", "b", "c" })
  s:advance(0.02)
  expect(b.buds.present).toEqual({ "a" })
  expect(s:frame().bubbles["bubble.b"]).toBeNil()
  expect(s:now() - t0).toBeGreaterThanOrEqual(0.6)
end)

test("a bloom that overtakes a gather keeps the bubble (the turn rule)", function()
  local s, b = setUp()
  b:bloom{ "a" }
  s:settle()
  b:gather{ "a" }
  s:advance(0.2)
  b:bloom{ "a" }
  s:advance(1)
  expect(b.buds.present).toEqual({ "a" })
  expect(b.buds.out).toEqual({ "a" })
end)

test("the foundation values a Lua piece reads", function()
  expect(motion.liquid.split.description).toBe("spring(duration: 0.62, bounce: 0.22)")
  expect(motion.liquid.home.description).toBe("spring(duration: 0.5, bounce: 0.0)")
  expect(motion.reduced.liquid.split.description).toBe("easeOut(duration: 0.2)")
  expect(motion.reduced.liquid.home.description).toBe("easeIn(duration: 0.18)")
  expect(motion.allowsAmbient).toBe(true)
  expect(motion.reduced.allowsAmbient).toBe(false)
  -- A touch at (90, 10) on a 100 x 50 surface: 0.9 and 0.2 of the way; leaning 0.6 from the centre:
  -- x = 0.5 + 0.4 x 0.6 = 0.74, y = 0.5 - 0.3 x 0.6 = 0.32.
  expect(motion.pressAnchor({ x = 90, y = 10 }, { w = 100, h = 50 })).toBeCloseTo({ x = 0.74, y = 0.32 }, 1e-12)
  expect(motion.pressAnchor(nil, { w = 100, h = 50 })).toEqual({ x = 0.5, y = 0.5 })
end)

test("text.morph: the letters that change arrive, one stagger (22 ms) per place", function()
  local m = text.morph("Slow", "Snow")
  -- S holds; n replaces l at place 2 and arrives after 1 x 0.022 s; o, w hold. The old l leaves.
  expect(#m).toBe(5)
  expect(m[1]).toEqual({ text = "S", place = 1, fate = "holds", delay = 0, from = 1 })
  expect(m[2].fate).toBe("arrives")
  expect(m[2].delay).toBeCloseTo(0.022, 1e-12)
  expect(m[2].from).toBe(0.6)
  expect(m[5]).toEqual({ text = "l", place = 2, fate = "leaves", delay = 0 })
  local longer = text.morph("Go", "Gone")
  expect(longer[4].delay).toBeCloseTo(3 * 0.022, 1e-12)   -- place 4: three places along
  local calm = text.morph("Go", "Gone", { reduceMotion = true })
  expect(calm[4].delay).toBe(0)
  expect(calm[4].from).toBe(1)
  -- Hebrew can't be cut into letters: the line arrives whole, from 0.9, with no stagger.
  local whole = text.morph("", "שלום")
  expect(#whole).toBe(1)
  expect(whole[1].from).toBe(0.9)
end)
