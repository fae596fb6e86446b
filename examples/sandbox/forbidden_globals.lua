-- The sandbox's allow-list: what a scenario can never reach, and what it keeps.

-- The first draws of this file, before any test reseeds: they come from the file's own seed.
local firstDraws = { math.random(1000), math.random(1000), math.random(1000) }

test("file, process and debug access are not there", function()
  expect(io).toBeNil() -- luacheck: ignore 113 (the sandbox removed it; the test checks that)
  expect(os).toBeNil() -- luacheck: ignore 113 (the sandbox removed it; the test checks that)
  expect(debug).toBeNil() -- luacheck: ignore 113 (the sandbox removed it; the test checks that)
  expect(package).toBeNil() -- luacheck: ignore 113 (the sandbox removed it; the test checks that)
  expect(dofile).toBeNil() -- luacheck: ignore 113 (the sandbox removed it; the test checks that)
  expect(loadfile).toBeNil() -- luacheck: ignore 113 (the sandbox removed it; the test checks that)
end)

test("string.dump and coroutine.close are removed", function()
  expect(string.dump).toBeNil() -- luacheck: ignore 143 (the sandbox removed it; the test checks that)
  expect(coroutine.close).toBeNil() -- luacheck: ignore 143 (the sandbox removed it; the test checks that)
end)

test("the safe libraries are there", function()
  expect(type(string.format)).toBe("function")
  expect(type(table.sort)).toBe("function")
  expect(type(math.floor)).toBe("function")
  expect(type(utf8.char)).toBe("function")
  expect(type(coroutine.wrap)).toBe("function")
end)

test("load refuses binary chunks", function()
  local f, err = load("\27Lua\84\0")
  expect(f).toBeNil()
  expect(err).toContain("binary chunk")
  expect(function() load("return 1", "x", "b") end).toThrow("only text chunks")
end)

test("the string metatable is protected", function()
  expect(getmetatable("")).toBe(false)
end)

test("finalizers are refused", function()
  expect(function() setmetatable({}, { __gc = function() end }) end).toThrow("__gc")
  expect(function() setmetatable({}, { __gc = true }) end).toThrow("__gc")
end)

test("random numbers start from the file's own seed", function()
  -- The seed is the 32-bit FNV-1a hash of the file's name: over the 21 bytes of "forbidden_globals.lua",
  -- h = (h xor byte) x 16777619 mod 2^32 from h = 2166136261, gives 680243293 (0x288BB05D), worked out
  -- outside PieceBox. Reseeding with it must give the same first three draws.
  math.randomseed(680243293)
  expect({ math.random(1000), math.random(1000), math.random(1000) }).toEqual(firstDraws)
  -- A neighbouring seed gives other numbers, so the check above could fail.
  math.randomseed(680243294)
  expect({ math.random(1000), math.random(1000), math.random(1000) }).never.toEqual(firstDraws)
end)

test("random numbers repeat after the same explicit seed", function()
  math.randomseed(7)
  local a = { math.random(1000), math.random(1000) }
  math.randomseed(7)
  expect({ math.random(1000), math.random(1000) }).toEqual(a)
  expect(function() math.randomseed() end).toThrow("give a seed")
end)

test("require stays inside its folders", function()
  expect(function() require("../../etc/passwd") end).toThrow("not a module name")
  expect(function() require("/etc/passwd") end).toThrow("not a module name")
  expect(function() require("no.such.module") end).toThrow("not found")
  local helper = require("_helper")
  expect(helper.twice(21)).toBe(42)
end)
