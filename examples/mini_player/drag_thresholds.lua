-- The release rules on both sides of every threshold, all strict. A drag lifts at rest, so its predicted end is
-- where it is; a fling lifts at its speed, and its predicted end is translation + velocity * 0.099.
local P = require("_player")

local function closedAfter(gesture)
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  gesture(mp)
  s:settle()
  return mp.isExpanded
end

local function openAfter(gesture)
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  mp:tap()
  s:settle()
  gesture(mp)
  s:settle()
  return mp.isExpanded
end

test("closed: up 39 stays, up 41 opens", function()
  expect(closedAfter(function(mp) mp:drag{ dy = -39 } end)).toBe(false)
  expect(closedAfter(function(mp) mp:drag{ dy = -41 } end)).toBe(true)
end)

test("closed: a flick predicted to end 159 up stays, 161 opens", function()
  -- -20 - 1404 * 0.099 = -158.996; -20 - 1425 * 0.099 = -161.075
  expect(closedAfter(function(mp) mp:fling{ dy = -20, velocity = 1404 } end)).toBe(false)
  expect(closedAfter(function(mp) mp:fling{ dy = -20, velocity = 1425 } end)).toBe(true)
end)

test("closed: a drag down does nothing however far", function()
  expect(closedAfter(function(mp) mp:drag{ dy = 300 } end)).toBe(false)
end)

test("open: down 119 stays, down 121 closes", function()
  expect(openAfter(function(mp) mp:drag{ dy = 119, x = 196, y = 300 } end)).toBe(true)
  expect(openAfter(function(mp) mp:drag{ dy = 121, x = 196, y = 300 } end)).toBe(false)
end)

test("open: a flick predicted to end 319 down stays, 321 closes", function()
  -- 100 + 2212 * 0.099 = 318.988; 100 + 2233 * 0.099 = 321.067
  expect(openAfter(function(mp) mp:fling{ dy = 100, velocity = 2212, x = 196, y = 300 } end)).toBe(true)
  expect(openAfter(function(mp) mp:fling{ dy = 100, velocity = 2233, x = 196, y = 300 } end)).toBe(false)
end)

test("a touch that moves 11 points is a tap on the bar's button; 12 is a drag", function()
  expect(closedAfter(function(mp) mp:drag{ dy = -11 } end)).toBe(true)
  expect(closedAfter(function(mp) mp:drag{ dy = -12 } end)).toBe(false)
end)
