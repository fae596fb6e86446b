-- A card written in Lua that follows a finger, opens when flung up faster than 800 pt/s, answers to the space
-- key and to VoiceOver: an interactive piece a plugin could add without recompiling.

local OPEN_SPEED = 800        -- points per second upward; slower flings and drags put the card back

local function card(s)
  return s:piece{
    name = "card",
    state = { open = false, pull = 0 },
    parts = { "surface", "grabber" },
    layout = function(state, env)
      local top = (state.open and 120 or env.height - env.safeArea.bottom - 96) + state.pull
      return { surface = { x = 16, y = top, w = env.width - 32, h = 600, radius = 34 },
               grabber = { x = env.width / 2 - 18, y = top + 6, w = 36, h = 5 } }
    end,
    onTouch = function(state, touch)
      if touch.phase == "moved" then state.pull = touch.translation.height return end
      if touch.phase == "ended" or touch.phase == "cancelled" then
        state.pull = 0
        if touch.phase == "ended" and touch.velocity.y < -OPEN_SPEED then state.open = true end
        return motion.roles.reveal
      end
    end,
    onKey = function(state, key)
      if key == "space" then state.open = not state.open return true, motion.roles.reveal end
      return false
    end,
    accessibility = function(state, _env)
      return { { id = "surface", label = "Card", value = state.open and "open" or "closed",
                 traits = { "button" }, actions = { "activate", "escape" } } }
    end,
    perform = function(state, action)
      state.open = action == "activate"
      return motion.roles.reveal
    end,
  }
end

local function tops(s, from)
  return s:frames{ from = from }:map(function(f) return f.card.surface.y end)
end

test("the card follows a drag, 12 pt a frame, and goes home when lifted at rest", function()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
  local c = card(s)
  s:frames(1)
  local rest = s:frame().card.surface.y
  local start = s.frameIndex
  expect(c:drag{ part = "grabber", dy = -360 }).toBe(42)     -- 0.25 s moving, then 0.1 s still
  expect(s:frame(start + 1).card.surface.y).toBe(rest - 12)
  expect(s:frame(start + 30).card.surface.y).toBe(rest - 360)
  expect(c.state.open).toBe(false)
  s:settle()
  expect(s:frame().card.surface.y).toBe(rest)
end)

test("a fling opens the card only past the threshold", function()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
  local c = card(s)
  s:frames(1)
  c:fling{ dy = -100, velocity = OPEN_SPEED - 10 }
  expect(c.state.open).toBe(false)
  s:settle()
  local lifted = s:now()
  c:fling{ dy = -100, velocity = OPEN_SPEED + 10 }
  expect(c.state.open).toBe(true)
  s:settle()
  local y = tops(s, lifted)
  expect(y:last()).toBe(120)
  expect(y).toSettleWithin(0.7)
end)

test("a finger moved by hand", function()
  local s = Stage{}
  local c = card(s)
  s:frames(1)
  local rest = s:frame().card.surface.y
  local f = c:touch("grabber")
  s:frames(1)
  f:move(0, -50)
  s:frames(1)
  expect(s:frame().card.surface.y).toBe(rest - 50)
  s:advance(0.2)                                             -- held still: it lifts at rest
  expect(f:up().isDown).toBe(false)
  expect(c.state.open).toBe(false)
end)

test("space and VoiceOver open and close it", function()
  local s = Stage{}
  local c = card(s)
  expect(c:key("space")).toBe(true)
  expect(c:key("left")).toBe(false)
  expect(c:accessibility()[1].value).toBe("open")
  c:perform("escape", "surface")
  expect(c.state.open).toBe(false)
  expect(function() c:perform("magicTap", "surface") end).toThrow('card.surface has no accessibility action "magicTap"')
  expect(function() c:key("spacebar") end).toThrow('unknown key "spacebar"')
end)
