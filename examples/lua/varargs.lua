-- Varargs, select and table.pack/unpack as Lua has them, nils included. The checks follow the areas of Lua 5.4's
-- test suite files for varargs and table packing (vararg.lua, tpack.lua), written anew for PieceBox.

local function count(...) return select("#", ...) end
local function pass(...) return ... end

test("select counts trailing nils and indexes from the end", function()
  expect(count()).toBe(0)
  expect(count(nil, nil)).toBe(2)
  expect(count(pass(1, nil, 3, nil))).toBe(4)
  expect(select(-1, 3, 5, 7)).toBe(7)
  expect({ select(-2, 3, 5, 7) }).toEqual({ 5, 7 })
  expect({ select(2, "a", "b", "c") }).toEqual({ "b", "c" })
  expect(function() select(0, 1) end).toThrow("index out of range")
end)

test("pack keeps n, unpack gives every value back", function()
  local t = table.pack(1, nil, 3, nil)
  expect(t.n).toBe(4)
  expect(count(table.unpack(t, 1, t.n))).toBe(4)
  expect(table.pack().n).toBe(0)
  local many = {}
  for i = 1, 2000 do many[i] = i end
  expect(select("#", table.unpack(many))).toBe(2000)
  expect(select(2000, table.unpack(many))).toBe(2000)
end)

test("varargs in main chunks and in tail calls", function()
  local chunk = load("return select('#', ...), ...")
  expect({ chunk("a", nil, "c") }).toEqual({ 3, "a", nil, "c" })
  local function f(_a, b, c) return c, b end
  local function g() return f(1, 2) end
  local x, y = g()
  expect(x).toBeNil()
  expect(y).toBe(2)
end)

test("string.pack and unpack round-trip", function()
  local packed = string.pack("<i4 z s1", -2, "hi", "xyz")
  -- 4 bytes of -2 (FE FF FF FF), "hi" and its NUL, a length byte 3 and "xyz": 4 + 3 + 4 = 11 bytes
  expect(#packed).toBe(11)
  expect(packed:byte(1)).toBe(0xFE)
  local a, b, c, nextPosition = string.unpack("<i4 z s1", packed)
  expect({ a, b, c, nextPosition }).toEqual({ -2, "hi", "xyz", 12 })
  expect(string.packsize("i4 i8")).toBe(12)              -- 4 + 8: without "!" nothing is aligned or padded
  expect(string.packsize("!8 i4 i8")).toBe(16)           -- with "!8" the i8 starts at 8: 4 + 4 padding + 8
  expect(function() string.pack("i17", 1) end).toThrow("out of limits")
end)
