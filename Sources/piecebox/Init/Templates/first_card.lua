-- A first scenario: a card written as a Lua piece, opened on the reveal role's spring and checked frame by
-- frame. Run it with: piecebox run scenarios
--
-- To keep its frames as a golden log, run with --golden goldens (the first run records the golden, later runs
-- compare with it test by test), or check one stage inside a test:
--   expect(s).toMatchGolden("opening", { elements = { "card.surface" } })

local function card(s)
  return s:piece{
    name = "card",
    state = { open = false },
    layout = function(state, env)
      local h = state.open and 600 or 64
      return { surface = { x = 16, y = env.height - env.safeArea.bottom - h, w = env.width - 32, h = h,
                           radius = state.open and 34 or 32 } }
    end,
  }
end

test("the card opens to 600 points and comes to rest", function()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
  local c = card(s)
  local start = s:now()
  c:set({ open = true }, motion.roles.reveal)
  s:settle()
  local h = s:frames{ from = start }:map(function(f) return f.card.surface.h end)
  expect(h:first()).toBe(64)               -- the frame after the change still shows where it started
  expect(h:last()).toBe(600)
  expect(h:max()).toBeGreaterThan(600)     -- a spring with bounce goes a little past before it rests
  expect(h).toSettleWithin(0.6)
end)

test("a change with no animation snaps on the next frame", function()
  local s = Stage{}
  local c = card(s)
  c:set({ open = true })
  s:frames(1)
  expect(s:frame().card.surface.h).toBe(600)
end)
