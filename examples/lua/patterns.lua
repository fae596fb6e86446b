-- Lua's own pattern matching, unchanged inside the sandbox. The checks follow the areas of Lua 5.4's test suite
-- file for patterns (pm.lua: empty matches, NUL bytes, sets of high bytes, captures, gsub with functions and
-- tables, gmatch, frontiers, malformed patterns), written anew for PieceBox; every expected value is worked out by
-- hand beside it.

test("empty patterns and NUL bytes", function()
  expect({ string.find("", "") }).toEqual({ 1, 0 })          -- an empty match at the start
  expect({ string.find("alo", "") }).toEqual({ 1, 0 })
  expect({ string.find("a\0o a\0o", "a\0o", 2) }).toEqual({ 5, 7 })   -- "a\0o" again at bytes 5 to 7
  expect((string.find("a\0a", "b\0"))).toBeNil()
  expect(string.match("ab\0\1\2c", "[\0-\2]+")).toBe("\0\1\2")      -- a set from byte 0 to byte 2
  expect((string.find("abc\0efg", "%\0"))).toBe(4)                     -- an escaped NUL
end)

test("repetitions and anchors", function()
  expect(string.match("aaab", ".*b")).toBe("aaab")
  expect(string.match("aaab", ".-b")).toBe("aaab")           -- lazy, but the first b is the only one
  expect(string.match("aabaaabaaab", "b.-b")).toBe("baaab")  -- lazy: the nearest second b
  expect(string.match("aabaaabaaab", "b.*b")).toBe("baaabaaab")
  expect(string.match("aaab", ".?b")).toBe("ab")
  expect((string.find("alo123alo", "^12"))).toBeNil()
  expect(string.match("a$a", ".%$")).toBe("a$")
end)

test("sets of bytes above 127 are bytes, not characters", function()
  local all = {}
  for b = 0, 255 do all[#all + 1] = string.char(b) end
  local abc = table.concat(all)
  -- \200 to \210 is 11 bytes (200, 201, ..., 210).
  expect(#(string.gsub(abc, "[^\200-\210]", ""))).toBe(11)
  -- "á" written in this UTF-8 file is two bytes, C3 A1: "[^]]" matches only its first.
  expect(string.match("]]]á", "[^]]")).toBe("\xC3")
end)

test("captures, back references and positions", function()
  local a, b, c, d = string.match("0123456789", "(.+(.?)())")
  expect({ a, b, c, d }).toEqual({ "0123456789", "", 11 })  -- the position capture is 11, one past the end
  expect(string.match("alo xyzK", "(%w+)K")).toBe("xyz")
  expect((string.match("x = 'a' and 'b'", "(['\"])(.-)%1"))).toBe("'")  -- %1 repeats the quote
  expect(select(2, string.match("x = 'a' and 'b'", "(['\"])(.-)%1"))).toBe("a")
end)

test("gsub with strings, functions, tables and a limit", function()
  expect((string.gsub("hello world", "o", "0"))).toBe("hell0 w0rld")
  expect(select(2, string.gsub("hello world", "o", "0"))).toBe(2)
  expect((string.gsub("abc", "%w", "%1%0"))).toBe("aabbcc")
  expect((string.gsub("a b cd", " *", "-"))).toBe("-a-b-c-d-")        -- empty matches between every letter
  expect((string.gsub("um (dois)", "(%(%w+%))", string.upper))).toBe("um (DOIS)")
  expect((string.gsub("alo alo", "(.)", { a = "AA", l = "" }))).toBe("AAo AAo")
  expect((string.gsub("abc", ".", "x", 2))).toBe("xxc")
  expect(function() string.gsub("alo", ".", "%2") end).toThrow("invalid capture index %2")
end)

test("gmatch and frontiers", function()
  local words = {}
  for w in string.gmatch("first second word", "%a+") do words[#words + 1] = w end
  expect(words).toEqual({ "first", "second", "word" })
  -- a frontier from non-digit to digit: before "01", "45" and "3"
  expect((string.gsub("01abc45de3", "%f[%d]", "."))).toBe(".01abc.45de.3")
  expect((string.find("aba", "%f[%z]"))).toBe(4)                 -- the end of the string is a frontier to \0
end)

test("malformed patterns and runaway patterns are refused", function()
  for _, case in ipairs({ { "(.", "unfinished capture" }, { ".)", "invalid pattern capture" },
                          { "[a", "malformed" }, { "%", "malformed" }, { "%f", "missing" } }) do
    local ok, err = pcall(string.find, "a", case[1])
    expect(ok).toBe(false)
    expect(err).toContain(case[2])
  end
  local ok, err = pcall(string.match, string.rep("a", 200000), string.rep(".?", 200000))
  expect(ok).toBe(false)
  expect(err).toContain("too complex")
end)
