-- Drag the open card down: it follows the finger and closes when the drag would coast past the larger of 110 points
-- and 22 % of the card's height; a shorter drag springs back. A tap on the grabber closes it too.
local P = require("_player")

local function openStage()
  local s = P.stage()
  local player, np = P.nowPlaying(s, nil, { expanded = true })
  return s, player, np
end

test("the closing distance is 22 % of a tall card", function()
  local s, _, np = openStage()
  expect(s:frame().nowPlaying.surface).toBeCloseTo(P.card, 1e-9)
  expect(np.layout.closingDrop).toBeCloseTo(P.closingDrop, 1e-9)   -- 0.22 x 506, past the 110 floor
end)

test("the card follows the finger down and springs back short of the distance", function()
  local s, _, np = openStage()
  local card = P.card
  local finger = np:touch("card")
  s:frames(1)
  finger:move(0, 60)
  s:frames(1)
  expect(s:frame().nowPlaying.surface.y).toBeCloseTo(card.y + 60, 1e-9)
  expect(s:frame().nowPlaying.play.y).toBeCloseTo(P.playCardY + 60, 1e-9)
  finger:move(0, -90)                        -- 30 points above where it started: a stiff band (limit 36)
  s:frames(1)
  local up = (1 - 1 / (30 * 0.55 / 36 + 1)) * 36
  expect(s:frame().nowPlaying.surface.y).toBeCloseTo(card.y - up, 1e-9)
  s:frames(12)
  finger:up()
  s:settle()
  expect(np.isOpen).toBe(true)
  expect(s:frame().nowPlaying.surface.y).toBe(card.y)
end)

test("a drop resting just short of the distance stays; just past it closes", function()
  local s, _, np = openStage()
  local closing = P.closingDrop
  np:drag{ part = "card", dy = closing - 0.5 }
  s:settle()
  expect(np.isOpen).toBe(true)
  local from = s:now()
  np:drag{ part = "card", dy = closing + 0.5 }
  s:settle()
  expect(np.isOpen).toBe(false)
  expect(np.expanded).toBe(false)
  expect(s:frame().nowPlaying.surface).toBeCloseTo(P.bar, 1e-9)
  expect(s:frame().nowPlaying.forward.out).toBe(true)
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", name = "land", count = 1 }
end)

test("a flick down closes from a short drag", function()
  local s, _, np = openStage()
  np:fling{ part = "card", dy = 60, velocity = 800 }   -- coasts to 60 + 0.8 × 99 = 139
  s:settle()
  expect(np.isOpen).toBe(false)
end)

test("the grabber closes on a tap; closing folds 110 ms in", function()
  local s, _, np = openStage()
  local down = s:now()
  np:tap("grabber")
  local start = down + 0.1
  s:settle()
  expect(np.isOpen).toBe(false)
  local cardH = P.card.h
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.surface.h < cardH - 0.01 end))
    .toBeCloseTo(P.frameTime(start + 0.11) + 1 / 120, 1e-9)
  expect(P.firstTime(s, down, function(f) return f.nowPlaying.forward ~= nil end))
    .toBeCloseTo(P.frameTime(start + 0.39), 1e-9)
  expect(s:events{ kind = "haptic", name = "land", from = down }.times[1]).toBeCloseTo(P.frameTime(start + 0.574), 1e-9)
end)

test("a tap elsewhere on the card does nothing", function()
  local s, _, np = openStage()
  np:tap("art")
  s:settle()
  expect(np.isOpen).toBe(true)
end)
