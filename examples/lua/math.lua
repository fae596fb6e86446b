-- Lua 5.4's numbers: integers and floats, their conversions, the integer division and modulo rules, and the
-- random generator (seeded per file by the sandbox). The checks follow the areas of Lua 5.4's test suite file for
-- math (math.lua), written anew for PieceBox; every expected value is worked out beside it.

test("integers and floats are two subtypes", function()
  expect(math.type(1)).toBe("integer")
  expect(math.type(1.0)).toBe("float")
  expect(math.type("1")).toBeNil()
  expect(1 == 1.0).toBe(true)
  expect(3 / 2).toBe(1.5)                          -- / always gives a float
  expect(math.type(4 / 2)).toBe("float")
  expect(7 // 2).toBe(3)
  expect(-7 // 2).toBe(-4)                         -- floor division rounds toward minus infinity
  expect(-7 % 3).toBe(2)                           -- the remainder has the divisor's sign: -7 = 3 x -3 + 2
  expect(7 % -3).toBe(-2)
  expect(5.5 % 2).toBe(1.5)
end)

test("integer overflow wraps around, float overflow goes to infinity", function()
  expect(math.maxinteger + 1).toBe(math.mininteger)
  expect(math.mininteger - 1).toBe(math.maxinteger)
  expect(math.maxinteger * 2.0).toBe(2.0 ^ 64 - 2.0 ^ 1)   -- 2^63 - 1 as a float is 2^63; twice is 2^64
  expect(math.huge > math.maxinteger).toBe(true)
  expect(-math.huge < math.mininteger).toBe(true)
  expect(function() return 1 // 0 end).toThrow("divide by zero")      -- integers have no infinity
  expect(1.0 // 0).toBe(math.huge)
end)

test("conversions between strings, integers and floats", function()
  expect(math.tointeger(3.0)).toBe(3)
  expect(math.tointeger(3.5)).toBeNil()
  expect(tonumber("0x10")).toBe(16)
  expect(tonumber("1e2")).toBe(100.0)
  expect(tonumber("  12  ")).toBe(12)
  expect(tonumber("12a")).toBeNil()
  expect(tonumber("z", 36)).toBe(35)
  expect(tonumber("777", 8)).toBe(511)             -- 7 x 64 + 7 x 8 + 7
  expect("10" + 1).toBe(11)                        -- strings convert in arithmetic
  expect(string.format("%.14g", 2 ^ 53)).toBe("9.007199254741e+15")
  expect(tostring(1e15)).toBe("1e+15")
  expect(tostring(-0.0)).toBe("-0.0")
  expect(tostring(3)).toBe("3")
  expect(tostring(3.0)).toBe("3.0")
end)

test("floor, ceil, fmod, abs and the comparisons of mixed numbers", function()
  expect(math.floor(-3.5)).toBe(-4)
  expect(math.ceil(-3.5)).toBe(-3)
  expect(math.type(math.floor(3.7))).toBe("integer")
  expect(math.fmod(-7, 3)).toBe(-1)                -- fmod keeps the dividend's sign, unlike %
  expect(math.abs(math.mininteger)).toBe(math.mininteger)   -- wraps, as in C
  expect(math.ult(1, -1)).toBe(true)               -- -1 is the largest unsigned integer
  expect(2 ^ 53 == 2 ^ 53 + 1).toBe(true)          -- the float cannot hold 2^53 + 1
  expect(math.maxinteger < 2.0 ^ 63).toBe(true)    -- compared exactly, not after conversion
  expect(0 / 0 ~= 0 / 0).toBe(true)                -- NaN is not equal to itself
end)

test("random numbers stay in their range and repeat after the same seed", function()
  math.randomseed(42)
  local first = {}
  for i = 1, 5 do
    local r = math.random(3, 7)
    expect(r >= 3 and r <= 7 and math.type(r) == "integer").toBe(true)
    first[i] = r
  end
  local f = math.random()
  expect(f >= 0 and f < 1).toBe(true)
  math.randomseed(42)
  local again = {}
  for i = 1, 5 do again[i] = math.random(3, 7) end
  expect(again).toEqual(first)
  expect(function() math.random(2, 1) end).toThrow("interval is empty")
end)
