-- glassEffectID: a shape inserted into a container grows out of its neighbour instead of fading in, and a removed
-- one melts back into it. Here a 100 x 44 capsule joins a 44-point circle 12 points to its right, on the smooth
-- spring, then leaves again.
local G = require("_glass")

local function group(s)
  return s:glassGroup{ spacing = 20, shapes = {
    { id = "share", x = 40, y = 200, w = 44, h = 44, shape = "circle", interactive = true },
  } }
end

test("an inserted capsule starts as its neighbour and stretches to its own frame", function()
  local s = Stage{}
  local g = group(s)
  s:frames(1)
  local from = s:now()
  g:insert({ id = "more", x = 96, y = 200, w = 100, h = 44 }, "smooth")
  s:frames(1)
  local f = s:frame()
  expect(f.glassGroup["shape.more"].x).toBe(40)               -- the circle's frame
  expect(f.glassGroup["shape.more"].w).toBe(44)
  expect(f.glassGroup["shape.more"].radius).toBe(22)
  expect(f.glassGroup["neck.share+more"].gap).toBe(-44)       -- one shape
  s:settle()
  f = s:frame()
  expect(f.glassGroup["shape.more"].x).toBe(96)
  expect(f.glassGroup["shape.more"].w).toBe(100)
  -- 96 - 84 = 12 apart, inside 20: the neck holds at rest
  expect(f.glassGroup["neck.share+more"].gap).toBe(12)
  expect(#G.merges(s, "glassGroup", from + 1 / 240)).toBe(1)
end)

test("a removed capsule melts back into the circle and is gone once home", function()
  local s = Stage{}
  local g = group(s)
  g:insert({ id = "more", x = 96, y = 200, w = 100, h = 44 })
  s:frames(1)
  expect(s:frame().glassGroup["shape.more"].x).toBe(96)       -- no animation: in place at once
  local from = s:now()
  g:remove("more", "smooth")
  s:frames(1)
  expect(s:frame().glassGroup["shape.more"].removing).toBe(true)
  s:settle()
  expect(s:frame().glassGroup["shape.more"]).toBeNil()
  local ws = s:frames{ from = from }:filter(function(f) return f.glassGroup["shape.more"] ~= nil end)
    :map(function(f) return f.glassGroup["shape.more"].w end)
  expect(ws:last()).toBeCloseTo(44, 0.01)                     -- home: the circle's width
  expect(ws).toNeverIncrease()
  expect(g.ids).toEqual({ "share" })
end)

test("a wider spacing merges shapes it now reaches", function()
  local s = Stage{}
  local g = s:glassGroup{ spacing = 16, shapes = {
    { id = "a", x = 40, y = 200, w = 44, h = 44, shape = "circle" },
    { id = "b", x = 110, y = 200, w = 44, h = 44, shape = "circle" },
  } }
  s:frames(1)
  expect(s:frame().glassGroup["neck.a+b"]).toBeNil()          -- 110 - 84 = 26 apart
  g:set{ spacing = 30 }
  s:frames(1)
  expect(s:frame().glassGroup["neck.a+b"].gap).toBe(26)
  expect(g.merged).toEqual({ "a+b" })
end)

test("bad shapes are refused with what was wrong", function()
  local s = Stage{}
  expect(function() s:glassGroup{ spacing = 16, shapes = { { id = "a", x = 0, y = 0, w = 44 } } } end)
    .toThrow("shapes[1] (\"a\") needs h")
  expect(function() s:glassGroup{ spacing = 16, shapes = { { id = "a", x = 0, y = 0, w = 44, h = 44, shape = "star" } } } end)
    .toThrow("shape must be \"circle\", \"capsule\" or { radius = 24 }")
  local g = group(s)
  expect(function() g:remove("nope") end).toThrow("no shape \"nope\" in the group (present: share)")
  expect(function() g:insert({ id = "share", x = 0, y = 0, w = 44, h = 44 }) end).toThrow("already a shape \"share\"")
  expect(function() g:insert({ id = "b", x = 0, y = 0, w = 44, h = 44 }, "wobbly") end).toThrow("\"bouncy\"")
end)
