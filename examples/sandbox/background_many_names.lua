--! max-seconds: 10
-- An element with 90,000 numbers, all of them marked as background motion. Each name is checked against the
-- element's numbers once: the check walks the two lists side by side (about 180,000 steps), never one list per
-- name (90,000 times 45,000 comparisons on average, minutes of host work no hook would see).
test("every number of a large element marked as background", function()
  local s = Stage{}
  local element = { x = 0, y = 0, w = 10, h = 10 }
  local background = {}
  local n = 90000
  for i = 1, n do
    element["n" .. i] = i
    background[i] = "n" .. (n + 1 - i)
  end
  element.background = background
  s:piece{ name = "wide", layout = function() return { e = element } end }
  s:frames(1)
  expect(s:frame().wide.e.n90000).toBe(90000)
end)
