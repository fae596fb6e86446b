-- The seed's glass buttons are sized by their titles: Text("Continue").padding(.horizontal, 20)
-- .padding(.vertical, 12).glassEffect() is a capsule as large as the padded title. A shape with a `title` (and no w
-- or h) is measured so by the layout engine, in the stage's text size.

local function buttons(s)
  return s:glassGroup{ spacing = 16, shapes = {
    { id = "continue", title = "Continue", padding = { horizontal = 20, vertical = 12 }, x = 40, y = 200 },
    { id = "later", title = "Later", padding = { horizontal = 20, vertical = 12 }, x = 40, y = 300, style = "glass" },
  } }
end

test("a titled capsule is its title's line plus its padding", function()
  local s = Stage{}
  buttons(s)
  s:frames(1)
  local c = s:frame().glassGroup["shape.continue"]
  -- Body is 17 pt at Large: its line box (1950 + 494) / 2048 * 17 = 20.287 pt is 61 px at @3x, 20.333 pt;
  -- 12 above and 12 below make 44.333, and a capsule's radius is half of that.
  expect(c.h).toBeCloseTo(133 / 3, 1e-9)
  expect(c.radius).toBeCloseTo(133 / 6, 1e-9)
  expect({ c.x, c.y }).toEqual({ 40, 200 })
  -- "Later" is a shorter word than "Continue" in the same font: a narrower capsule, with the same 40 of padding.
  local l = s:frame().glassGroup["shape.later"]
  expect(l.w).toBeLessThan(c.w)
  expect(l.w).toBeGreaterThan(40)
end)

test("a larger text size makes a larger button", function()
  local s = Stage{ dynamicTypeSize = "xxxLarge" }
  buttons(s)
  s:frames(1)
  -- body at xxxLarge is 23 pt: (1950 + 494) / 2048 * 23 = 27.447 pt, 82.34 px, 83 px: 27.667 + 24 = 51.667
  expect(s:frame().glassGroup["shape.continue"].h).toBeCloseTo(155 / 3, 1e-9)
end)

test("a title and a size together are refused", function()
  local s = Stage{}
  expect(function() s:glassGroup{ spacing = 16, shapes = { { id = "a", title = "Buy", x = 0, y = 0, h = 44 } } } end)
    .toThrow("shapes[1] (\"a\") has a title, which sizes it; leave 'h' out")
end)
