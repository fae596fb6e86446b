-- table.sort, unpack, insert and move as Lua has them. The checks follow the areas of Lua 5.4's test suite file
-- for the table library (sort.lua), written anew for PieceBox.

test("sort with the default order and with a comparator", function()
  local months = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" }
  table.sort(months)
  expect(table.concat(months, " ")).toBe("Apr Aug Dec Feb Jan Jul Jun Mar May Nov Oct Sep")
  local n = { 5, 2, 8, 1, 9 }
  table.sort(n, function(a, b) return a > b end)
  expect(n).toEqual({ 9, 8, 5, 2, 1 })
  local bytes = { "\0first", "b", "a\255", "a" }
  table.sort(bytes)                                 -- bytewise: "\0..." < "a" < "a\255" < "b"
  expect(bytes).toEqual({ "\0first", "a", "a\255", "b" })
end)

test("every permutation of a small list sorts", function()
  local function permutations(list, n, out)
    n = n or #list
    if n <= 1 then out[#out + 1] = { table.unpack(list) } return out end
    for i = 1, n do
      list[i], list[n] = list[n], list[i]
      permutations(list, n - 1, out)
      list[i], list[n] = list[n], list[i]
    end
    return out
  end
  local all = permutations({ 1, 2, 2, 3, 4, 5 }, nil, {})
  expect(#all).toBe(720)                            -- 6! orders, duplicates included
  for _, p in ipairs(all) do
    table.sort(p)
    expect(p).toEqual({ 1, 2, 2, 3, 4, 5 })
  end
end)

test("an order function that is not an order is caught", function()
  expect(function() table.sort({ 1, 2, 3, 4, 5 }, function() return true end) end).toThrow("invalid order function")
  expect(function() table.sort({ 1, "x" }) end).toThrow("attempt to compare")
end)

test("sort uses __lt for tables", function()
  local mt = { __lt = function(a, b) return a.v < b.v end }
  local t = {}
  for i, v in ipairs({ 30, 10, 20 }) do t[i] = setmetatable({ v = v }, mt) end
  table.sort(t)
  expect({ t[1].v, t[2].v, t[3].v }).toEqual({ 10, 20, 30 })
end)

test("unpack, insert, remove and move", function()
  expect(select("#", table.unpack({ 1, 2, 3 }, 2))).toBe(2)
  expect({ table.unpack({ 1, 2, 3 }, 10, 6) }).toEqual({})
  expect(function() table.unpack({}, 1, math.maxinteger) end).toThrow("too many results")
  local t = { 1, 2, 3 }
  table.insert(t, 1, 0)
  table.insert(t, 4)
  expect(t).toEqual({ 0, 1, 2, 3, 4 })
  expect(table.remove(t, 1)).toBe(0)
  expect(function() table.insert({}, 2, 3, 4) end).toThrow("wrong number of arguments")
  expect(table.move({ 10, 20, 30 }, 1, 3, 2)).toEqual({ 10, 10, 20, 30 })   -- moved forward, overlapping
  expect(table.move({ 10, 20, 30 }, 2, 3, 1)).toEqual({ 20, 30, 30 })
  expect(function() table.move({}, 1, math.maxinteger, 2) end).toThrow("wrap around")
end)
