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

-- Found by exploring with drawn waits (examples/explore/now_playing.lua): a finger landing while the card still
-- sprang back from a drop restarted the drop from the card's resting place, a jump of up to 456 points.
test("a finger landing while the card springs back moves it by its own travel from where it shows", function()
  -- Two stages side by side: a short drop let go (it springs back), and in one of them a finger landing at that
  -- same instant and moving 25 points down in 50 ms, 3 frames at 60 fps.
  local function dropThenMaybeDrag(drag)
    local s = P.stage{ fps = 60 }
    local _, np = P.nowPlaying(s, nil, { expanded = true })
    np:drag{ part = "card", dy = 60, duration = 0.1 }
    local from = s:now()
    if drag then np:drag{ part = "card", dy = 25, duration = 0.05 } else s:advance(0.05) end
    return s:frames{ from = from }:map(function(f) return f.nowPlaying.surface.y end):list()
  end
  local dragged = dropThenMaybeDrag(true)
  local alone = dropThenMaybeDrag(false)
  -- The finger's drop is set with no animation, so the spring-back plays on around it: on each of the drag's
  -- frames the card lies exactly the finger's travel below the card that springs back alone, 25 / 3 × k after k
  -- frames: 8.333, 16.667, 25.
  expect(dragged[1]).toBe(alone[1])
  expect(dragged[2] - alone[2]).toBeCloseTo(25 / 3, 1e-9)
  expect(dragged[3] - alone[3]).toBeCloseTo(50 / 3, 1e-9)
  expect(dragged[4] - alone[4]).toBeCloseTo(25, 1e-9)
end)

-- Closing holds the card where the finger left it for 110 ms before it folds. A finger landing then
-- writes the drop from its own translation, from 0: the card jumps back up. The specification's piece does this on
-- a device too (it sets the drop straight from the new drag), so PieceBox draws the jump; the explorations wait
-- those 110 ms out before a finger lands (examples/explore/now_playing.lua).
test("a finger landing before a closing card folds jumps it back, as the piece does on a device", function()
  local s, _, np = openStage()
  np:fling{ part = "card", dy = 159, velocity = 100 }   -- 159 points down, slowly: past 110 points, it closes
  expect(np.expanded).toBe(false)
  expect(s:frame().nowPlaying.surface.y).toBeCloseTo(P.card.y + 159, 1e-9)
  local finger = np:touch("card")
  finger:move(0, 10)                         -- past the 8 points that decide a drop
  s:frames(1)
  expect(s:frame().nowPlaying.surface.y).toBeCloseTo(P.card.y + 10, 1e-9)
  finger:up()
  s:settle()
  expect(np.isOpen).toBe(false)
end)
