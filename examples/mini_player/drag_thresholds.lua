-- The release rules on both sides of every threshold, all strict. A drag lifts at rest, so its predicted end is
-- where it is; a fling lifts at its speed, and its predicted end is translation + velocity * 0.099.
--
-- The bar's drag is measured on the screen, one for one. The open player's is measured in its own space, which
-- its offset moves: the translation is the finger's movement less the player's since the finger went down (as
-- the latest frame drew it), and so is the speed. `dragSpace = "screen"` measures it one for one instead.
local P = require("_player")

local function closedAfter(gesture)
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  gesture(mp, s)
  s:settle()
  return mp.isExpanded
end

local function openAfter(gesture, pieceOptions)
  local s = P.stage()
  local _, mp = P.miniPlayer(s, nil, pieceOptions)
  mp:tap()
  s:settle()
  gesture(mp, s)
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

-- Four steps of `step` down, the player coming to rest after each (a second is well past the 0.3 s spring).
local function restingSteps(step)
  return function(mp, s)
    local finger = mp:touch(196, 300)
    for _ = 1, 4 do
      finger:move(0, step)
      s:advance(1)
    end
    finger:up()
  end
end

test("open: four resting steps of 60 end at 120 and stay; of 61 end at 122 and close", function()
  -- finger 60, player 0: 60; player rests at 60, finger 120: 60; finger 180: 120; player rests at 120, finger
  -- 240: 120. The lift, player at 120: 240 - 120 = 120, not past 120. With 61: 244 - 122 = 122, past it.
  -- (On the screen 240 would close: it takes about twice the finger's travel in the player's own space.)
  expect(openAfter(restingSteps(60))).toBe(true)
  expect(openAfter(restingSteps(61))).toBe(false)
end)

-- 100 down at once, six frames at 120 fps, then `c` more and the lift.
local function quickFlick(c)
  return function(mp, s)
    local finger = mp:touch(196, 300)
    finger:move(0, 100)
    s:frames(6)
    finger:move(0, c)
    finger:up()
  end
end

test("open: a flick predicted to end 319 down stays, 321 closes", function()
  -- The player is drawn 5/120 s into the spring from 0 to 100 (it pulls from the frame after the move):
  -- 100 * (1 - exp(-0.9w t) * (cos(wd t) + 0.9w/wd * sin(wd t))), w = 2pi/0.3 = 20.944, wd = w * sqrt(1 - 0.81)
  -- = 9.129, t = 0.041667: 22.713. Translation 100 + c - 22.713; the player's space moved that much in the 0.05 s
  -- since the touch, so the speed is 20 times it, and the predicted end 2.98 times it (1 + 20 * 0.099).
  -- c = 29.9: 107.187 * 2.98 = 319.42 stays; c = 30.3: 107.587 * 2.98 = 320.61 closes.
  expect(openAfter(quickFlick(29.9))).toBe(true)
  expect(openAfter(quickFlick(30.3))).toBe(false)
end)

test("open, measured on the screen: down 119 stays, down 121 closes; flicks to 319 and 321", function()
  local screen = { dragSpace = "screen" }
  expect(openAfter(function(mp) mp:drag{ dy = 119, x = 196, y = 300 } end, screen)).toBe(true)
  expect(openAfter(function(mp) mp:drag{ dy = 121, x = 196, y = 300 } end, screen)).toBe(false)
  -- 100 + 2212 * 0.099 = 318.988; 100 + 2233 * 0.099 = 321.067
  expect(openAfter(function(mp) mp:fling{ dy = 100, velocity = 2212, x = 196, y = 300 } end, screen)).toBe(true)
  expect(openAfter(function(mp) mp:fling{ dy = 100, velocity = 2233, x = 196, y = 300 } end, screen)).toBe(false)
end)

test("the screen's measure is said in the frame log; the default is not", function()
  local s = P.stage()
  P.miniPlayer(s, nil, { dragSpace = "screen", dragGeometry = "target" })
  expect(s:frame().miniPlayer.background.dragSpace).toBe("screen")
  expect(s:frame().miniPlayer.background.dragGeometry).toBe("target")
  local t = P.stage()
  P.miniPlayer(t)
  expect(t:frame().miniPlayer.background.dragSpace).toBe(nil)
end)

test("a touch that moves 11 points is a tap on the bar's button; 12 is a drag", function()
  expect(closedAfter(function(mp) mp:drag{ dy = -11 } end)).toBe(true)
  expect(closedAfter(function(mp) mp:drag{ dy = -12 } end)).toBe(false)
end)
