-- Strings are bytes, and string functions are Lua's own. The checks follow the areas of Lua 5.4's test suite file
-- for strings (strings.lua: sub and byte at the edges, rep, format, %q, %p, tostring), written anew for PieceBox.
-- The sandbox changes one thing on purpose: addresses (tostring of a table, %p) are stable ids, so logs repeat.

test("sub, byte and char at the edges", function()
  expect(string.sub("123456789", 2, 4)).toBe("234")
  expect(string.sub("123456789", -3)).toBe("789")              -- the last three
  expect(string.sub("123456789", 10)).toBe("")
  expect(string.sub("123456789", math.mininteger, -4)).toBe("123456")
  expect({ string.byte("\0\255", 1, -1) }).toEqual({ 0, 255 })
  expect(string.char(72, 105)).toBe("Hi")
  expect(#"\u{7FF}").toBe(2)                                   -- U+07FF is two bytes in UTF-8
end)

test("a string holds any byte, NUL included", function()
  local s = "a\0b\xff"
  expect(#s).toBe(4)
  expect(s:byte(4)).toBe(255)
  expect(("x\0y"):upper()).toBe("X\0Y")
  local t = { ["x"] = 1, ["x\0y"] = 2 }                        -- two keys, however they print
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  expect(n).toBe(2)
end)

test("rep, reverse and comparison are bytewise", function()
  expect(string.rep("ab", 3, ",")).toBe("ab,ab,ab")
  expect(string.rep("x", 0)).toBe("")
  expect(string.reverse("\1\2\3")).toBe("\3\2\1")
  expect("a\0b" < "a\0c").toBe(true)                           -- the NUL does not end the comparison
  expect("Z" < "a").toBe(true)                                 -- 90 < 97
end)

test("format of numbers and %q", function()
  expect(string.format("%5.2f|%-5d|%x|%5s", 3.14159, 42, 255, "ab")).toBe(" 3.14|42   |ff|   ab")
  expect(string.format("%q", "a\nb\0c\"")).toBe('"a\\\nb\\0c\\""')
  expect(string.format("%q", 1 / 0)).toBe("1e9999")
  expect(string.format("%q", math.mininteger)).toBe("0x8000000000000000")
  expect(function() string.format("%10q", "x") end).toThrow("specifier '%q' cannot have modifiers")
end)

test("%p and tostring give stable ids, the same for the same value", function()
  local a, b = {}, {}
  expect(string.format("%p", a)).toBe(string.format("%p", a))
  expect(string.format("%p", a)).never.toBe(string.format("%p", b))
  expect(string.format("%p", 4)).toBe("(null)")                -- numbers have no address, as in Lua
  expect(string.format("%p", true)).toBe("(null)")
  expect(#string.format("%90p", a)).toBe(90)
  expect(string.format("%-12p|", 1.5)).toBe("(null)      |")   -- "(null)" and 6 spaces of padding
  expect(string.format("%p", string.rep("a", 10))).toBe(string.format("%p", "aaaaaaaaaa"))
  expect(tostring(a)).toBe("table: " .. string.format("%p", a))
  expect(string.format("%s", a)).toBe(tostring(a))
end)
