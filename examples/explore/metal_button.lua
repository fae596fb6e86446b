-- The metal button, explored: taps on Ask, VoiceOver's activate, waits, and its title changing size with Dynamic
-- Type. The specification's button style is plain: nothing moves, every tap or activate is one `callback` event named
-- "action", and its one button is labelled by its title and large enough to touch.

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, fps = 60, reduceMotion = reduceMotion }
  local ask = s:metalButton{ title = "Ask" }
  s:frames(1)
  return s, { ask = ask, calls = 0 }
end

local actions = {
  tap = function(s, w) w.ask:tap(); w.calls = w.calls + 1 end,
  activate = function(s, w) w.ask:perform("activate"); s:frames(1); w.calls = w.calls + 1 end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
}

-- Every tap and every activate calls the action once, and nothing else does.
local function eachCallOnce(s, w)
  expect(s).toHaveEmitted{ kind = "callback", name = "action", count = w.calls }
end

explore("every tap on Ask calls its action once and nothing moves", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = { "finite", "still", "settles", "onScreen", "labels", "hitTargets" },
  check = eachCallOnce,
  steps = 20, runs = 100,
})

explore("under Reduce Motion every tap on Ask calls its action once", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = { "finite", "still", "settles", "onScreen", "labels", "hitTargets" },
  check = eachCallOnce,
  steps = 20, runs = 100,
})
