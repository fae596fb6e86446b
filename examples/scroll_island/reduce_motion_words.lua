-- Reduce Motion held to the specification's words, where reduce_motion.lua does not already: the bubble leaves in
-- place, the bar's labels cross-fade with no blur, and a press shades instead of sinking.
local R = require("_recipe")

test("the bubble leaves where it rests, closing to nothing", function()
  local s = R.stage{ reduceMotion = true }
  local page = R.recipe(s)
  page:scroll{ to = "method" }
  s:settle()
  local rest = s:frame().scrollIsland.bubble
  expect(rest.scale).toBe(1)
  local from = s:now()
  page:scroll{ to = "overview" }
  s:settle()
  expect(s:frame().scrollIsland.bubble).toBe(nil)               -- removed once it has closed
  -- Every frame while it goes: at its resting place beside the island's leading end (48 wide, 4 from the glass),
  -- never wider than it was, the glass's scale only falling, from 1 toward 0.001.
  local frames = s:frames{ from = from }:filter(function(f) return f.scrollIsland.bubble ~= nil end)
  expect(#frames).toBeGreaterThan(0)
  local last = 1
  frames:map(function(f)
    local b, g = f.scrollIsland.bubble, f.scrollIsland.glass
    expect(b.x + b.w + 4).toBeCloseTo(g.x, 1e-9)
    expect(b.w).toBe(rest.w)
    expect(b.scale).toBeLessThanOrEqual(last)
    last = b.scale
    return 0
  end)
  expect(last).toBe(0.001)
end)

test("the bar's labels cross-fade without blurring", function()
  local s = R.stage{ reduceMotion = true }
  local _, island = R.recipe(s)
  local from = s:now()
  island:tap("bar")
  s:settle()
  island:tap("bar")
  s:settle()
  -- Opening swaps the title and "1 of 5" for "Contents" and how much has been read, and closing swaps them back:
  -- by their opacities alone.
  local blurs = s:frames{ from = from }:map(function(f)
    local i = f.scrollIsland
    return math.max(i.title.blur, i.contents.blur, i.position.blur, i.read.blur)
  end)
  expect(blurs:max()).toBe(0)
  local shown = s:frames{ from = from }:map(function(f) return f.scrollIsland.contents.opacity end)
  expect(shown:max()).toBe(1)
end)

test("a press shades the island at once instead of sinking, light and dark", function()
  for _, case in ipairs{ { scheme = "light", shade = -0.08 }, { scheme = "dark", shade = 0.1 } } do
    local s = R.stage{ reduceMotion = true, colorScheme = case.scheme }
    local _, island = R.recipe(s)
    local finger = island:touch("bar")
    s:frames(1)
    -- The seed animates the press by the glass's scale, which Reduce Motion holds at 1: with no change to animate,
    -- the shade lands on the first frame.
    local glass = s:frame().scrollIsland.glass
    expect(glass.brightness).toBe(case.shade)
    expect(glass.scale).toBe(1)
    finger:cancel()
    s:frames(1)
    expect(s:frame().scrollIsland.glass.brightness).toBe(0)
  end
end)
