-- The Tools: a 44-point pencil that toggles an eraser beside it, HStack spacing 16 in a glass container of
-- spacing 16, on .bouncy (duration 0.5, bounce 0.3). The eraser grows out of the pencil; the merge events tell the
-- neck's story: one shape at first, apart once the eraser first reaches its place, joined again as it swings back
-- short, and apart for good when it settles exactly 16 points away (a gap equal to the spacing stays apart).
local G = require("_glass")

test("at rest the two buttons are two bubbles, exactly the spacing apart", function()
  local s = Stage{}
  s:tools{ expanded = true }
  s:frames(1)
  local f = s:frame()
  expect(f.tools["shape.pencil"].x).toBe(16)                  -- 16 in from the safe area's leading edge
  expect(f.tools["shape.eraser"].x).toBe(76)                  -- 16 + 44 + 16
  expect(f.tools["neck.pencil+eraser"]).toBeNil()
  expect(G.merges(s, "tools")[1].pairs).toBe("")
end)

test("the eraser grows out of the pencil on .bouncy and the neck breaks as it arrives", function()
  local s = Stage{}
  local t = s:tools{}
  s:frames(1)
  local from = s:now()
  t:toggle()
  s:settle()
  expect(t.expanded).toBe(true)
  local first = s:frames{ from = from }:filter(function(f) return f.tools["shape.eraser"] ~= nil end)
  expect(first:first().tools["shape.eraser"].x).toBe(16)      -- born inside the pencil
  local xs = first:map(function(f) return f.tools["shape.eraser"].x end)
  -- .bouncy from rest passes its target by exp(-0.7 pi / sqrt(0.51)) = 4.6 % of the 60-point travel
  expect(xs).toOvershootBy(0.046, 0.001)
  local merges = G.merges(s, "tools", from + 1 / 240)
  expect(merges[1].joined).toBe("pencil+eraser")
  expect(merges[2].parted).toBe("pencil+eraser")
  -- the spring first crosses its target 0.26144 s in: that frame sees the gap reach 16
  expect(merges.times[2]).toBeCloseTo(G.frameTime(from + 1 / 120 + 0.261438), 1e-9)
  expect(merges[#merges].pairs).toBe("")
  expect(s:frame().tools["shape.eraser"].x).toBe(76)
end)

test("a tap on the pencil closes the eraser back into it", function()
  local s = Stage{}
  local t = s:tools{ expanded = true }
  s:frames(1)
  t:tap("pencil")
  s:settle()
  expect(t.expanded).toBe(false)
  expect(s:frame().tools["shape.eraser"]).toBeNil()
  expect(t.ids).toEqual({ "pencil" })
end)

test("pressing the pencil swells it toward the eraser and they share a neck", function()
  local s = Stage{}
  local t = s:tools{ expanded = true }
  s:frames(1)
  local finger = t:touch("pencil")
  s:advance(0.3)
  local f = s:frame()
  expect(f.tools["shape.pencil"].scale).toBeCloseTo(1.08, 1e-9)
  -- 16 - 44 * 0.08 / 2 = 14.24
  expect(f.tools["neck.pencil+eraser"].gap).toBeCloseTo(14.24, 1e-9)
  finger:up()
  s:settle()
  expect(s:frame().tools["neck.pencil+eraser"]).toBeNil()
end)
