-- Reduce Transparency: no container, so nothing merges; every shape is a solid fill (white 0.97 in light mode,
-- 0.17 in dark) with the colour scheme's hairline rim and soft shadow; the lift shadow only in light mode.
local G = require("_glass")

local function shapes()
  return {
    { id = "a", x = 40, y = 200, w = 44, h = 44, shape = "circle" },
    { id = "b", x = 90, y = 200, w = 44, h = 44, shape = "circle" },   -- 6 apart: glass would merge them
    { id = "share", x = 40, y = 300, w = 160, h = 60, shape = { radius = 24 }, tint = "accent", interactive = true },
    { id = "buy", x = 40, y = 400, w = 90, h = 44, style = "glassProminent" },
    { id = "later", x = 150, y = 400, w = 90, h = 44, style = "glass" },
  }
end

test("light mode: solid white 0.97, a white rim at 0.7, no necks", function()
  local s = Stage{ reduceTransparency = true }
  expect(s:environment().reduceTransparency).toBe(true)
  s:glassGroup{ spacing = 16, shapes = shapes() }
  s:frames(1)
  local f = s:frame()
  expect(f.glassGroup["shape.a"].material).toBe("solid")
  expect(f.glassGroup["shape.a"].white).toBe(0.97)
  expect(f.glassGroup["shape.a"].rimOpacity).toBe(0.7)
  expect(f.glassGroup["shape.a"].shadowOpacity).toBe(0.08)
  expect(f.glassGroup["shape.share"].white).toBeNil()          -- filled with its tint
  expect(f.glassGroup["shape.buy"].tint).toBe("accent")        -- .glassProminent: the tint material
  expect(f.glassGroup["shape.buy"].radius).toBe(22)            -- a capsule
  expect(f.glassGroup["shape.later"].white).toBe(0.97)         -- .glass: regular
  expect(f.glassGroup.group.liftOpacity).toBe(0.07)
  expect(f.glassGroup.group.merging).toBe(false)
  expect(f.glassGroup["neck.a+b"]).toBeNil()
  expect(G.merges(s, "glassGroup")[1].pairs).toBe("")
end)

test("dark mode: white 0.17, a fainter rim, a deeper shadow, no lift", function()
  local s = Stage{ reduceTransparency = true, colorScheme = "dark" }
  s:glassGroup{ spacing = 16, shapes = shapes() }
  s:frames(1)
  local f = s:frame()
  expect(f.glassGroup["shape.a"].white).toBe(0.17)
  expect(f.glassGroup["shape.a"].rimOpacity).toBe(0.14)
  expect(f.glassGroup["shape.a"].shadowOpacity).toBe(0.32)
  expect(f.glassGroup.group.liftOpacity).toBe(0)
end)

test("turning it off brings the glass and its necks back", function()
  local s = Stage{ reduceTransparency = true }
  s:glassGroup{ spacing = 16, shapes = shapes() }
  s:frames(1)
  s:environment{ reduceTransparency = false }
  s:frames(2)
  local f = s:frame()
  expect(f.glassGroup["shape.a"].material).toBe("glass")
  expect(f.glassGroup["shape.a"].white).toBeNil()
  expect(f.glassGroup["neck.a+b"].gap).toBe(6)
end)

test("the Tools' eraser fades in where it rests instead of growing out of the pencil", function()
  local s = Stage{ reduceTransparency = true }
  local t = s:tools{}
  s:frames(1)
  local from = s:now()
  t:toggle()
  s:settle()
  local xs = s:frames{ from = from }:filter(function(f) return f.tools["shape.eraser"] ~= nil end)
    :map(function(f) return f.tools["shape.eraser"].x end)
  expect(xs:min()).toBe(76)
  expect(xs:max()).toBe(76)
  local opacities = s:frames{ from = from }:filter(function(f) return f.tools["shape.eraser"] ~= nil end)
    :map(function(f) return f.tools["shape.eraser"].opacity end)
  expect(opacities:first()).toBe(0)
  expect(opacities:last()).toBe(1)
end)
