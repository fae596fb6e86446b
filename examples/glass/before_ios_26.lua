-- Before iOS 26 there is no Liquid Glass: the specification's fallback draws each shape as the regular material
-- with a light rim and a soft shadow, paints a tint over it at 0.88, and nothing merges (there is no
-- GlassEffectContainer). Stage{ liquidGlass = false } is such a system.
local G = require("_glass")

local function shapes()
  return {
    { id = "a", x = 40, y = 200, w = 44, h = 44, shape = "circle" },
    { id = "b", x = 90, y = 200, w = 44, h = 44, shape = "circle" },   -- 6 apart: Liquid Glass would merge them
    { id = "share", x = 40, y = 300, w = 160, h = 60, shape = { radius = 24 }, tint = "accent", interactive = true },
  }
end

test("light mode: the regular material, a white rim at 0.7, a shadow at 0.08, no necks", function()
  local s = Stage{ liquidGlass = false }
  expect(s:environment().liquidGlass).toBe(false)
  s:glassGroup{ spacing = 16, shapes = shapes() }
  s:frames(1)
  local a = s:frame().glassGroup["shape.a"]
  expect(a.material).toBe("regularMaterial")
  expect({ a.rimOpacity, a.rimWidth, a.shadowOpacity, a.shadowRadius, a.shadowY }).toEqual({ 0.7, 0.5, 0.08, 10, 5 })
  expect(a.white).toBeNil()                                     -- a material, not a solid fill
  expect(a.tintOpacity).toBeNil()
  expect(s:frame().glassGroup["shape.share"].tintOpacity).toBe(0.88)
  expect(s:frame().glassGroup.group.merging).toBe(false)
  expect(s:frame().glassGroup["neck.a+b"]).toBeNil()
  expect(G.merges(s, "glassGroup")[1].pairs).toBe("")
end)

test("dark mode: a fainter rim at 0.14 and a deeper shadow at 0.32", function()
  local s = Stage{ liquidGlass = false, colorScheme = "dark" }
  s:glassGroup{ spacing = 16, shapes = shapes() }
  s:frames(1)
  local a = s:frame().glassGroup["shape.a"]
  expect({ a.rimOpacity, a.shadowOpacity }).toEqual({ 0.14, 0.32 })
end)

test("on iOS 26 the same shapes are glass and merge", function()
  local s = Stage{}
  s:glassGroup{ spacing = 16, shapes = shapes() }
  s:frames(1)
  expect(s:frame().glassGroup["shape.a"].material).toBe("glass")
  expect(s:frame().glassGroup["neck.a+b"]).never.toBeNil()
end)
