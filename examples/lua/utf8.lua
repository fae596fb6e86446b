-- The utf8 library over strings that are bytes: this file is UTF-8, and its literals reach Lua byte for byte.
-- The checks follow the areas of Lua 5.4's test suite file for utf8 (utf8.lua), written anew for PieceBox.
local utf8 = require("utf8")

test("require gives the library itself", function()
  expect(utf8).toBe(_G.utf8)
end)

test("lengths, code points and offsets", function()
  local s = "汉字/漢字"                                  -- 4 CJK characters of 3 bytes and a slash: 13 bytes
  expect(#s).toBe(13)
  expect(utf8.len(s)).toBe(5)
  expect({ utf8.codepoint(s, 1, -1) }).toEqual({ 27721, 23383, 47, 28450, 23383 })
  expect(utf8.char(27721, 23383, 47, 28450, 23383)).toBe(s)
  expect(utf8.offset(s, 3)).toBe(7)                      -- the slash follows two 3-byte characters
  expect(utf8.offset(s, -1)).toBe(11)                    -- the last character starts 3 bytes from the end
  expect(utf8.char(0, 97, 98, 99, 1)).toBe("\0abc\1")
  expect("\u{10FFFF}").toBe("\xF4\x8F\xBF\xBF")
end)

test("codes walks positions and code points", function()
  local got = {}
  for p, c in utf8.codes("aé€") do got[#got + 1] = p .. ":" .. c end
  -- a is 1 byte, é (U+E9 = 233) 2 bytes, € (U+20AC = 8364) 3 bytes
  expect(table.concat(got, " ")).toBe("1:97 2:233 4:8364")
  local n = 0
  for _ in string.gmatch("aé€", utf8.charpattern) do n = n + 1 end
  expect(n).toBe(3)
end)

test("invalid bytes are reported where they are", function()
  -- utf8.len answers nil and the position of the first bad byte
  expect({ utf8.len("abc\xE3def") }).toEqual({ nil, 4 })
  expect({ utf8.len("\x80hello") }).toEqual({ nil, 1 })
  expect({ utf8.len("hel\xBFlo") }).toEqual({ nil, 4 })
  expect((utf8.len("\xC0\x80"))).toBeNil()               -- an overlong zero
  expect((utf8.len("\u{D800}"))).toBeNil()               -- a surrogate
  expect(utf8.len("\u{D800}", 1, -1, true)).toBe(1)      -- allowed when lax
  expect(function() for _ in utf8.codes("ab\xff") do end end).toThrow("invalid UTF-8 code")
  expect(function() utf8.char(-1) end).toThrow("value out of range")
  expect(function() utf8.offset("abc", 1, 5) end).toThrow("position out of bounds")
end)
